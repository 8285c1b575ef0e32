package com.companyintel.contract;

import com.companyintel.client.ApiClient;
import com.companyintel.client.ApiException;
import com.companyintel.client.ApiResponse;
import com.companyintel.client.api.CompanySignalsApi;
import com.companyintel.client.model.PagedDomainRequest;
import com.companyintel.client.model.PaymentRequired;
import com.companyintel.client.model.PaymentRequirements;
import com.companyintel.client.model.Problem;
import com.companyintel.client.model.SchemaViolation;
import com.companyintel.client.model.TechStackResult;
import com.companyintel.x402.ExactEvmSigner;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One call of the generated Java client against the service, printed as one JSON line for the
 * node test to assert on. Everything read comes through the client's typed models.
 *
 *   ContractCheck BASE_URL free DOMAIN        a tech-stack call expected to succeed (free)
 *   ContractCheck BASE_URL invalid DOMAIN     a call the service refuses: its problem, typed
 *   ContractCheck BASE_URL challenge DOMAIN   a call answered 402: its payment requirements, typed
 *   ContractCheck BASE_URL pay DOMAIN         a call answered 402, paid in Java: the terms signed by
 *                                             ExactEvmSigner (sdk/java-signer) with the key in env
 *                                             PAYER_PRIVATE_KEY, and the call repeated with the header
 */
public final class ContractCheck {
  public static void main(String[] args) throws Exception {
    if (args.length != 3) throw new IllegalArgumentException("usage: ContractCheck BASE_URL free|invalid|challenge|pay DOMAIN");
    ApiClient client = new ApiClient();
    client.updateBaseUri(args[0]);
    CompanySignalsApi signals = new CompanySignalsApi(client);
    ObjectMapper mapper = client.getObjectMapper();
    PagedDomainRequest request = new PagedDomainRequest().domain(args[2]);
    Map<String, Object> out = switch (args[1]) {
      case "free" -> result(signals.techStackWithHttpInfo(request, null, null));
      case "pay" -> {
        // docs/sdks.md's example of paying from Java.
        ExactEvmSigner signer = new ExactEvmSigner(System.getenv("PAYER_PRIVATE_KEY"));
        ServiceError refusal = ServiceError.of(refused(() -> signals.techStack(request, null, null)), mapper);
        if (refusal.paymentRequired() == null) throw new IllegalStateException("expected payment terms, got " + refusal);
        String paymentSignature = signer.paymentSignature(refusal.paymentRequired(), mapper);
        ApiResponse<TechStackResult> answer = signals.techStackWithHttpInfo(request, null, paymentSignature);

        Map<String, Object> paid = result(answer);
        paid.put("refused_with", refusal.status());
        paid.put("signer", signer.address());
        // What the header carried: the node test checks the signature on its own.
        paid.put("payment_signature_header", paymentSignature);
        yield paid;
      }
      case "invalid" -> {
        ServiceError error = ServiceError.of(refused(() -> signals.techStack(request, null, null)), mapper);
        if (error.problem() == null) throw new IllegalStateException("expected a problem, got " + error);
        yield problem(error.problem());
      }
      case "challenge" -> {
        ApiException refusal = refused(() -> signals.techStack(request, null, null));
        ServiceError error = ServiceError.of(refusal, mapper);
        if (error.problem() != null || error.paymentRequired() == null) throw new IllegalStateException("expected payment terms, got " + error);
        Map<String, Object> terms = terms(error.paymentRequired());
        terms.put("http_status", refusal.getCode());
        terms.put("payment_required_header", refusal.getResponseHeaders().firstValue("payment-required").orElse(null));
        yield terms;
      }
      default -> throw new IllegalArgumentException("unknown step " + args[1]);
    };
    System.out.println(mapper.writeValueAsString(out));
  }

  /**
   * The README's helper for client teams: what a refused call's body holds, read by its
   * Content-Type. A problem (application/problem+json, the 402s invalid_payment and
   * settlement_failed included, whose payment_required member holds fresh terms), or a 402's
   * payment terms (application/json). Reading a 402's terms as a Problem would give nulls.
   */
  record ServiceError(int status, Problem problem, PaymentRequired paymentRequired) {
    static ServiceError of(ApiException refusal, ObjectMapper mapper) throws Exception {
      String type = refusal.getResponseHeaders().firstValue("content-type").orElse("");
      if (type.startsWith("application/problem+json")) {
        Problem problem = mapper.readValue(refusal.getResponseBody(), Problem.class);
        return new ServiceError(refusal.getCode(), problem, problem.getPaymentRequired());
      }
      return new ServiceError(refusal.getCode(), null, refusal.getCode() == 402 ? mapper.readValue(refusal.getResponseBody(), PaymentRequired.class) : null);
    }
  }

  interface Call {
    Object run() throws ApiException;
  }

  /** The ApiException the generated client throws for a status other than 2xx. */
  static ApiException refused(Call call) {
    try {
      Object answer = call.run();
      throw new IllegalStateException("expected the call to be refused, got " + answer);
    } catch (ApiException refusal) {
      return refusal;
    }
  }

  static Map<String, Object> result(ApiResponse<TechStackResult> response) {
    TechStackResult result = response.getData();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("http_status", response.getStatusCode());
    out.put("status", result.getStatus().getValue());
    out.put("domain", result.getDomain());
    out.put("technology_count", result.getTechnologyCount());
    out.put("checked_at", result.getCheckedAt().toString());
    out.put("charged_micro_usd", header(response.getHeaders(), "x-usage-charged-micro-usd"));
    out.put("payment_response_header", header(response.getHeaders(), "payment-response"));
    return out;
  }

  static Map<String, Object> problem(Problem problem) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("code", problem.getCode().getValue());
    out.put("status", problem.getStatus());
    out.put("retryable", problem.getRetryable());
    out.put("pointers", problem.getErrors() == null ? List.of() : problem.getErrors().stream().map(SchemaViolation::getPointer).collect(Collectors.toList()));
    return out;
  }

  static Map<String, Object> terms(PaymentRequired terms) {
    PaymentRequirements first = terms.getAccepts().get(0);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("x402_version", terms.getX402Version().getValue());
    out.put("resource_url", terms.getResource().getUrl());
    out.put("scheme", first.getScheme().getValue());
    out.put("network", first.getNetwork().getValue());
    out.put("amount", first.getAmount());
    out.put("asset", first.getAsset());
    out.put("pay_to", first.getPayTo());
    return out;
  }

  static String header(Map<String, List<String>> headers, String name) {
    return headers.entrySet().stream().filter(entry -> entry.getKey().equalsIgnoreCase(name)).map(entry -> entry.getValue().get(0)).findFirst().orElse(null);
  }
}

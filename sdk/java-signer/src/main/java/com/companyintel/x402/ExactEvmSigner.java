package com.companyintel.x402;

import com.companyintel.client.model.ExactPayload;
import com.companyintel.client.model.PaymentPayload;
import com.companyintel.client.model.PaymentRequired;
import com.companyintel.client.model.PaymentRequirements;
import com.companyintel.client.model.TransferAuthorization;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.crypto.StructuredDataEncoder;
import org.web3j.utils.Numeric;

/**
 * Pays a 402 in Java: signs the terms' requirements for scheme exact on an EVM network as an
 * EIP-3009 TransferWithAuthorization over EIP-712 (web3j's crypto module), and makes the x402
 * version 2 PAYMENT-SIGNATURE header, as the official x402 client does: the authorization is for
 * exactly the amount to payTo, valid from 0 until now + maxTimeoutSeconds, with a random 32-byte
 * nonce; the EIP-712 domain is the terms' extra (name, version), the network's chain id and the
 * asset's contract.
 *
 * <pre>{@code
 * ExactEvmSigner signer = new ExactEvmSigner(privateKeyHex);
 * String header = signer.paymentSignature(terms, apiClient.getObjectMapper());
 * signals.techStackWithHttpInfo(request, null, header);
 * }</pre>
 */
public final class ExactEvmSigner {
  private static final List<Map<String, String>> DOMAIN_TYPE = List.of(
      field("name", "string"), field("version", "string"), field("chainId", "uint256"), field("verifyingContract", "address"));
  private static final List<Map<String, String>> TRANSFER_WITH_AUTHORIZATION = List.of(
      field("from", "address"), field("to", "address"), field("value", "uint256"),
      field("validAfter", "uint256"), field("validBefore", "uint256"), field("nonce", "bytes32"));
  /** Only for writing the EIP-712 document web3j reads; the header uses the caller's mapper. */
  private static final ObjectMapper TYPED_DATA = new ObjectMapper();

  private final Credentials credentials;
  private final Clock clock;
  private final SecureRandom random;

  /** @param privateKey the payer's secp256k1 key, hex (with or without 0x) */
  public ExactEvmSigner(String privateKey) {
    this(privateKey, Clock.systemUTC(), new SecureRandom());
  }

  /** With the clock that sets validBefore and the source of the nonces. */
  public ExactEvmSigner(String privateKey, Clock clock, SecureRandom random) {
    this.credentials = Credentials.create(privateKey);
    this.clock = clock;
    this.random = random;
  }

  /** The payer's address, checksummed. */
  public String address() {
    return Keys.toChecksumAddress(credentials.getAddress());
  }

  /**
   * The PAYMENT-SIGNATURE header for these terms: the payment payload as JSON (written by the
   * client's mapper, as the client reads and writes its models), in base64.
   */
  public String paymentSignature(PaymentRequired terms, ObjectMapper mapper) {
    try {
      return Base64.getEncoder().encodeToString(mapper.writeValueAsString(paymentPayload(terms)).getBytes(StandardCharsets.UTF_8));
    } catch (JsonProcessingException error) {
      throw new UncheckedIOException(error);
    }
  }

  /** The x402 version 2 payment payload for the first requirement of the terms (the service offers one). */
  public PaymentPayload paymentPayload(PaymentRequired terms) {
    if (terms.getAccepts() == null || terms.getAccepts().isEmpty()) throw new IllegalArgumentException("the terms accept no payment");
    PaymentRequirements requirements = terms.getAccepts().get(0);
    if (!"exact".equals(requirements.getScheme().getValue())) throw new IllegalArgumentException("scheme " + requirements.getScheme() + " is not exact");
    byte[] nonce = new byte[32];
    random.nextBytes(nonce);
    TransferAuthorization authorization = new TransferAuthorization()
        .from(address())
        .to(Keys.toChecksumAddress(requirements.getPayTo()))
        .value(requirements.getAmount())
        .validAfter("0")
        .validBefore(String.valueOf(clock.instant().getEpochSecond() + requirements.getMaxTimeoutSeconds()))
        .nonce(Numeric.toHexString(nonce));
    return new PaymentPayload()
        .x402Version(PaymentPayload.X402VersionEnum.NUMBER_2)
        .resource(terms.getResource())
        .accepted(requirements)
        .payload(new ExactPayload().authorization(authorization).signature(sign(requirements, authorization)))
        .extensions(terms.getExtensions());
  }

  /** The 65-byte signature (r, s, v), hex, of the authorization's EIP-712 digest. */
  public String sign(PaymentRequirements requirements, TransferAuthorization authorization) {
    Sign.SignatureData signature = Sign.signMessage(digest(requirements, authorization), credentials.getEcKeyPair(), false);
    byte[] bytes = new byte[65];
    System.arraycopy(signature.getR(), 0, bytes, 0, 32);
    System.arraycopy(signature.getS(), 0, bytes, 32, 32);
    bytes[64] = signature.getV()[0];
    return Numeric.toHexString(bytes);
  }

  /** The EIP-712 digest of the TransferWithAuthorization that the asset's contract checks. */
  public static byte[] digest(PaymentRequirements requirements, TransferAuthorization authorization) {
    if (requirements.getExtra() == null || requirements.getExtra().getName() == null || requirements.getExtra().getVersion() == null) {
      throw new IllegalArgumentException("the terms' extra names no EIP-712 domain (name, version) for asset " + requirements.getAsset());
    }
    Map<String, Object> domain = new LinkedHashMap<>();
    domain.put("name", requirements.getExtra().getName());
    domain.put("version", requirements.getExtra().getVersion());
    domain.put("chainId", chainId(requirements.getNetwork().getValue()));
    domain.put("verifyingContract", requirements.getAsset());
    Map<String, Object> message = new LinkedHashMap<>();
    message.put("from", authorization.getFrom());
    message.put("to", authorization.getTo());
    message.put("value", authorization.getValue());
    message.put("validAfter", authorization.getValidAfter());
    message.put("validBefore", authorization.getValidBefore());
    message.put("nonce", authorization.getNonce());
    Map<String, Object> typedData = new LinkedHashMap<>();
    typedData.put("types", Map.of("EIP712Domain", DOMAIN_TYPE, "TransferWithAuthorization", TRANSFER_WITH_AUTHORIZATION));
    typedData.put("primaryType", "TransferWithAuthorization");
    typedData.put("domain", domain);
    typedData.put("message", message);
    try {
      return new StructuredDataEncoder(TYPED_DATA.writeValueAsString(typedData)).hashStructuredData();
    } catch (IOException error) {
      throw new UncheckedIOException(error);
    }
  }

  /** The chain id of a CAIP-2 EVM network ("eip155:8453" is 8453). */
  static BigInteger chainId(String network) {
    if (network == null || !network.startsWith("eip155:")) throw new IllegalArgumentException("network " + network + " is not an EVM network (eip155:<chain id>)");
    return new BigInteger(network.substring("eip155:".length()));
  }

  private static Map<String, String> field(String name, String type) {
    Map<String, String> field = new LinkedHashMap<>();
    field.put("name", name);
    field.put("type", type);
    return field;
  }
}

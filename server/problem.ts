import { errorEntry, type ErrorCode, type Problem } from './contract.ts';

export interface ServiceErrorOptions {
  detail?: string;
  /** Schema violations, each with a JSON Pointer into the body. */
  errors?: { pointer: string; detail: string }[];
  /** Extra response headers (Retry-After, PAYMENT-REQUIRED, Allow...). */
  headers?: Record<string, string>;
  /** Extra problem members (retry_after_seconds, payment_required...). */
  extra?: Record<string, unknown>;
  cause?: unknown;
}

/** The one error type: every failure the service reports carries a catalog code. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string;
  readonly errors?: { pointer: string; detail: string }[];
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, { detail, errors, headers = {}, extra = {}, cause }: ServiceErrorOptions = {}) {
    const entry = errorEntry(code);
    super(detail ?? entry.title, { cause });
    this.name = 'ServiceError';
    this.code = code;
    this.status = entry.status;
    this.detail = detail ?? entry.title;
    this.errors = errors;
    this.headers = headers;
    this.extra = extra;
  }
}

/** RFC 9457 body for a ServiceError; type points at the code's entry in GET /errors. */
export function problemBody(error: ServiceError, { baseUrl, requestId }: { baseUrl: string; requestId?: string }): Problem {
  const entry = errorEntry(error.code);
  return {
    type: `${baseUrl}/errors#${error.code}`,
    title: entry.title,
    status: entry.status,
    detail: error.detail,
    ...(requestId ? { instance: `urn:request:${requestId}` } : {}),
    code: error.code,
    hint: entry.hint,
    retryable: entry.retryable,
    ...(error.errors?.length ? { errors: error.errors } : {}),
    ...error.extra,
  } as Problem;
}

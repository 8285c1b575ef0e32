import { isUnsafeTarget } from '../engines/net/types.ts';
import { ServiceError } from '../server/problem.ts';
import type { Handler, HandlerRegistry } from './types.ts';

/**
 * An unsafe target that reaches a handler's caller is the URL the operation was asked to read:
 * engines answer a site's redirect to an address the service does not reach as the page's
 * failure (their free non-ok status, engines/net/types.ts pageFailureKind) and skip unsafe links
 * a page leads to, so what is left is the caller's input, refused as such (400, free). Every
 * handler of the registry is wrapped, so composite operations, which run other operations'
 * handlers from it, see the same refusal.
 */
function refusedTarget(error: unknown): ServiceError | null {
  if (!isUnsafeTarget(error)) return null;
  return new ServiceError('unsafe_or_invalid_target', {
    detail: `${error.url.slice(0, 200)} leads to an address the service does not reach (${error.message}). Nothing was charged.`,
    cause: error,
  });
}

function refusingUnsafeInput(handler: Handler): Handler {
  const wrapped: Handler = async (input, context) => {
    try {
      return await handler(input, context);
    } catch (error) {
      throw refusedTarget(error) ?? error;
    }
  };
  if (handler.precheck) wrapped.precheck = handler.precheck;
  return wrapped;
}

/** The registry with every handler refusing an unsafe input as unsafe_or_invalid_target. */
export function refusingUnsafeInputs(registry: HandlerRegistry): HandlerRegistry {
  return Object.fromEntries(Object.entries(registry).map(([operationId, handler]) => [operationId, handler && refusingUnsafeInput(handler)]));
}

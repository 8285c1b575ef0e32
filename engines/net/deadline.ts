/**
 * An engine's own deadline over its work, within the call's: one signal that aborts when either
 * ends, handed to every fetch and analysis of the work.
 */

/** Aborts when `outer` (the caller's, when there is one) or `inner` does. */
export function eitherSignal(outer: AbortSignal | undefined, inner: AbortSignal): AbortSignal {
  return outer ? AbortSignal.any([outer, inner]) : inner;
}

export interface DeadlineOptions {
  /** The caller's signal (the call's deadline): the scope aborts with it too. */
  signal?: AbortSignal;
  /** Named in the abort reason, a TimeoutError DOMException ("scan deadline"). */
  name?: string;
}

export interface DeadlineScope {
  /** Aborts at the deadline (a TimeoutError) or when the caller's signal does. */
  signal: AbortSignal;
  /** Stops the timer: the work has ended. */
  end(): void;
}

/**
 * A deadline `ms` from now. Its timer is referenced, unlike AbortSignal.timeout's, so the deadline
 * fires even when nothing else keeps the process busy.
 */
export function deadlineScope(ms: number, { signal, name = 'deadline' }: DeadlineOptions = {}): DeadlineScope {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException(name, 'TimeoutError')), ms);
  return { signal: eitherSignal(signal, deadline.signal), end: () => clearTimeout(timer) };
}

/** `work` under a deadline `ms` from now (see deadlineScope); the timer ends with the work. */
export async function withinDeadline<T>(ms: number, options: DeadlineOptions, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const scope = deadlineScope(ms, options);
  try {
    return await work(scope.signal);
  } finally {
    scope.end();
  }
}

/**
 * Work the service itself declined for now: a shared stage (the parse pool, the net thread) had
 * no room for it. Neither the site's fault nor the content's, so an engine never turns it into a
 * finding or a non-ok status: it passes through to the call, which answers a retryable problem
 * (server/pipeline/invoke.ts). Thrown by the service's fair scheduler (server/fair-share/).
 */
export class WorkRefused extends Error {
  constructor(
    /** caller: this caller's backlog is the longest of a full stage (429 fair_share_exceeded); instance: the stage is full of many callers' work (503). */
    readonly scope: 'caller' | 'instance',
    message: string,
    readonly retryAfterSeconds = 1,
  ) {
    super(message);
    this.name = 'WorkRefused';
  }
}

export const isWorkRefused = (error: unknown): error is WorkRefused => error instanceof WorkRefused;

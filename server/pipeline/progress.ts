/**
 * A call's progress as its transport hears it (MCP notifications/progress; HTTP none): only
 * steps that move forward, and none once the handler is done, so a step reported by a part still
 * running after the call ended (its deadline passed, a sibling part failed) is never sent after
 * the answer.
 */
import type { Progress } from '../../handlers/types.ts';

export function forwardProgressUntilDone(report: Progress | undefined): { progress: Progress; done: () => void } {
  if (!report) return { progress: () => {}, done: () => {} };
  let open = true;
  let last = 0;
  return {
    progress(step) {
      if (!open || step.done <= last) return;
      last = step.done;
      report(step);
    },
    done() {
      open = false;
    },
  };
}

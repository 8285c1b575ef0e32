import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createInvoker, type CallRequest } from '../../../../server/pipeline/invoke.ts';
import { operationById } from '../../../../server/contract.ts';
import type { Meter } from '../../../../server/metering/meter.ts';
import type { Handler, HandlerServices, ProgressStep } from '../../../../handlers/types.ts';
import { minimalHandlers } from '../../../support/minimal-handlers.ts';

/** A meter that only runs the handler: what reaches the transport is the pipeline's doing. */
const runOnly = (async (_call, run) => ({ status: 200, body: await run({ quote: null, offerQuote: () => {} }), headers: {}, kind: 'result' })) as Meter;
const services = {
  net: {
    fetch: async () => {
      throw new Error('no network');
    },
  },
  analyze: async () => {
    throw new Error('no parse pool');
  },
} as unknown as HandlerServices;
const techStack = operationById('techStack')!;

function invokeWith(handler: Handler, { deadlineCapMs = null as number | null } = {}) {
  const invoke = createInvoker({ handlers: { techStack: handler }, meter: runOnly, services, deadlineCapMs });
  const heard: ProgressStep[] = [];
  const call: CallRequest = {
    transport: 'mcp',
    operation: techStack,
    body: { domain: 'example.com' },
    ip: '198.51.100.9',
    requestId: 'req-progress',
    baseUrl: 'https://svc',
    hasAuthorization: false,
    payment: null,
    usage: { priceMicroUsd: 0, chargedMicroUsd: 0 },
    progress: (step) => heard.push(step),
  };
  return { answer: invoke(call), heard };
}

const step = (done: number) => ({ done, total: 3, message: `part ${done}` });
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a call's progress (server/pipeline/progress.ts through invoke)", () => {
  it('passes on each step that counts more than the last, in order', async () => {
    const { answer, heard } = invokeWith(async (input, context) => {
      for (const done of [1, 2, 2, 1, 3]) context.progress(step(done));
      return minimalHandlers.techStack!(input, context);
    });
    await answer;
    assert.deepEqual(heard, [step(1), step(2), step(3)]);
  });

  it('passes on nothing once the handler has answered', async () => {
    let reportedLate!: Promise<void>;
    const { answer, heard } = invokeWith(async (input, context) => {
      context.progress(step(1));
      reportedLate = later(20).then(() => context.progress(step(2)));
      return minimalHandlers.techStack!(input, context);
    });
    await answer;
    await reportedLate;
    assert.deepEqual(heard, [step(1)]);
  });

  it('passes on nothing from a handler still running after its deadline answered the call', async () => {
    let reportedLate!: Promise<void>;
    const { answer, heard } = invokeWith(
      async (input, context) => {
        context.progress(step(1));
        reportedLate = later(300).then(() => context.progress(step(2)));
        await reportedLate;
        return minimalHandlers.techStack!(input, context);
      },
      { deadlineCapMs: 100 },
    );
    await assert.rejects(answer, (error: any) => error.code === 'deadline_exceeded');
    await reportedLate;
    assert.deepEqual(heard, [step(1)]);
  });

  it('gives a handler a progress to call when the transport takes none (HTTP)', async () => {
    const invoke = createInvoker({
      handlers: { techStack: async (input, context) => (context.progress(step(1)), minimalHandlers.techStack!(input, context)) },
      meter: runOnly,
      services,
    });
    const outcome = await invoke({
      transport: 'http',
      operation: techStack,
      body: { domain: 'example.com' },
      ip: '198.51.100.9',
      requestId: 'req-http',
      baseUrl: 'https://svc',
      hasAuthorization: false,
      payment: null,
      usage: { priceMicroUsd: 0, chargedMicroUsd: 0 },
    });
    assert.equal(outcome.kind, 'result');
  });
});

/**
 * The net thread (thread.ts): runs the safe fetcher's transport (engines/net/transport.ts) for the
 * main thread. Each request arrives with an id and leaves as its answer (the body in shared
 * memory, so nothing is copied back) or as its error, flattened to what failureKind reads.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createSocketTransport, type SocketTransportOptions, type TransportRequest } from '../../engines/net/transport.ts';
import { toWireError, type NetThreadMessage } from './messages.ts';

const { transport: transportOptions, niceIncrement } = workerData as { transport: SocketTransportOptions; niceIncrement: number };
// Below the thread that answers callers, as the parse pool's threads are: a caller whose bodies
// keep this thread busy takes CPU from the other threads at its level, never from that one.
if (niceIncrement) (await import('@napi-rs/nice').catch(() => null))?.nice(niceIncrement);
const transport = createSocketTransport(transportOptions);
const running = new Map<number, AbortController>();

async function serve(id: number, request: TransportRequest) {
  const controller = new AbortController();
  running.set(id, controller);
  try {
    parentPort!.postMessage({ id, response: await transport(request, controller.signal) });
  } catch (error) {
    parentPort!.postMessage({ id, error: toWireError(error) });
  } finally {
    running.delete(id);
  }
}

parentPort!.on('message', function received(message: NetThreadMessage) {
  if (message.type === 'abort') running.get(message.id)?.abort(new DOMException('the caller stopped waiting', 'AbortError'));
  else void serve(message.id, message.request);
});

/**
 * Loaded into the soak's service process (node --expose-gc --import this-file): on the soak's word
 * over IPC, a full garbage collection, then process.memoryUsage(). The live heap after a full
 * collection is what a leak grows; the heap V8 keeps committed between collections moves with its
 * sizing policy, not with leaks. Test harness only: the service itself has no such hook.
 */
process.on('message', (message) => {
  if (message !== 'measure') return;
  globalThis.gc();
  process.send({ memory: process.memoryUsage() });
});
// IPC alone must not keep the service alive, nor make it exit on SIGTERM any differently.
process.channel?.unref();

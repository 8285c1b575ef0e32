/**
 * startService in a child process, so a load-heavy test (fuzzing, many thousand calls) gets a
 * second core for the service while the test process generates requests and checks answers.
 * The handlers come from a module the child imports (functions cannot cross processes); the
 * config must be JSON:
 *   startServiceInChild(new URL('./my-handlers.ts', import.meta.url), { exportName: 'handlers', config: { ... } }).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../server/config.ts';

export interface ChildService {
  url: string;
  /** The child's process id (benchmarks read its memory). */
  pid: number;
  close: () => Promise<void>;
}

export async function startServiceInChild(handlersModule: URL, { exportName = 'handlers', config = {} }: { exportName?: string; config?: Partial<Config> } = {}): Promise<ChildService> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', handlersModule.href, exportName, JSON.stringify(config)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const [message] = (await Promise.race([once(child, 'message'), exited.then(([code]) => Promise.reject(new Error(`service child exited with ${code} before it listened`)))])) as [{ url: string }];
  return {
    url: message.url,
    pid: child.pid!,
    async close() {
      if (child.exitCode === null && child.connected) child.send('close');
      await exited;
    },
  };
}

if (process.argv[2] === '--serve' && process.send) {
  const [, , , handlersModule, exportName, configJson] = process.argv;
  const { startService } = await import('./service.ts');
  const handlers = (await import(handlersModule))[exportName];
  if (!handlers) throw new Error(`${handlersModule} exports no ${exportName}`);
  const service = await startService({ handlers, config: JSON.parse(configJson) });
  process.on('message', async (message) => {
    if (message !== 'close') return;
    await service.close();
    process.disconnect();
  });
  // The child never outlives the test process.
  process.on('disconnect', () => process.exit(0));
  process.send({ url: service.url });
}

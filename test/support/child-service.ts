/**
 * startService in a child process, so a load-heavy test (fuzzing, many thousand calls) gets a
 * second core for the service while the test process generates requests and checks answers.
 * The handlers come from a module the child imports (functions cannot cross processes); the
 * config must be JSON:
 *   startServiceInChild(new URL('./my-handlers.ts', import.meta.url), { exportName: 'handlers', config: { ... } }).
 * bundled: the child runs the service and those handlers as one bundle under plain Node (as
 * `npm start` runs it, server/build.ts), not through tsx: what benchmarks of memory must measure.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../server/config.ts';
import type { HandlerRegistry } from '../../handlers/types.ts';

export interface ChildService {
  url: string;
  /** The child's process id (benchmarks read its memory). */
  pid: number;
  close: () => Promise<void>;
}

export async function startServiceInChild(
  handlersModule: URL,
  { exportName = 'handlers', config = {}, bundled = false }: { exportName?: string; config?: Partial<Config>; bundled?: boolean } = {},
): Promise<ChildService> {
  const child = bundled
    ? fork(await bundleOf(handlersModule, exportName), [JSON.stringify(config)], {
        execArgv: process.env.CHILD_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CHILD_CPU_PROF_DIR}`] : [],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
    : fork(fileURLToPath(import.meta.url), ['--serve', handlersModule.href, exportName, JSON.stringify(config)], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
  const exited = once(child, 'exit');
  const [message] = (await Promise.race([
    once(child, 'message'),
    exited.then(([code]) => Promise.reject(new Error(`service child exited with ${code} before it listened`))),
  ])) as [{ url: string }];
  return {
    url: message.url,
    pid: child.pid!,
    async close() {
      if (child.exitCode === null && child.connected) child.send('close');
      await exited;
    },
  };
}

/** One bundle of this module's child side and the handlers, which the child imports statically. */
async function bundleOf(handlersModule: URL, exportName: string): Promise<string> {
  const { bundle } = await import('../../server/build.ts');
  const name = fileURLToPath(handlersModule)
    .split('/')
    .at(-1)!
    .replace(/\.[cm]?[jt]s$/, '');
  return bundle({
    entryContents: [
      `import { serveChild } from ${JSON.stringify(fileURLToPath(import.meta.url))};`,
      `import { ${exportName} as handlers } from ${JSON.stringify(fileURLToPath(handlersModule))};`,
      'await serveChild(handlers, process.argv[2]);',
    ].join('\n'),
    outfile: `dist/test/${name}-${exportName}.mjs`,
  });
}

/** The child's side: the service with these handlers, its URL sent to the parent, closed on its word. */
export async function serveChild(handlers: HandlerRegistry, configJson: string) {
  const { startService } = await import('./service.ts');
  const service = await startService({ handlers, config: JSON.parse(configJson) });
  process.on('message', async (message) => {
    if (message !== 'close') return;
    await service.close();
    process.disconnect();
  });
  // The child never outlives the test process.
  process.on('disconnect', () => process.exit(0));
  process.send!({ url: service.url });
}

if (process.argv[2] === '--serve' && process.send) {
  const [, , , handlersModule, exportName, configJson] = process.argv;
  const handlers = (await import(handlersModule))[exportName];
  if (!handlers) throw new Error(`${handlersModule} exports no ${exportName}`);
  await serveChild(handlers, configJson);
}

/**
 * The baseline of HTTP benchmarks: a bare Koa app answering one JSON body to every request,
 * in a child process (as the service is), with the same body parser, bundled and run by plain
 * Node as the service is (server/build.ts).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { bundle } from '../../server/build.ts';

let bundled: Promise<string> | null = null;

/** body: a JSON value; or raw: the exact bytes and headers of an answer (e.g. the service's own, gzip included). */
export async function startBareKoa({
  body,
  raw,
}: {
  body?: unknown;
  raw?: { base64: string; headers: Record<string, string> };
}): Promise<{ url: string; pid: number; close: () => Promise<void> }> {
  bundled ??= bundle({ entry: fileURLToPath(import.meta.url), outfile: 'dist/bench/bare-koa.mjs' });
  const child = fork(await bundled, ['--serve', JSON.stringify(raw ? { raw } : { body })], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [message] = (await once(child, 'message')) as [{ url: string }];
  return {
    url: message.url,
    pid: child.pid!,
    async close() {
      child.kill();
      await once(child, 'exit');
    },
  };
}

if (process.argv[2] === '--serve' && process.send) {
  const { default: Koa } = await import('koa');
  const { default: bodyParser } = await import('koa-bodyparser');
  const { body: answer, raw } = JSON.parse(process.argv[3]) as { body?: unknown; raw?: { base64: string; headers: Record<string, string> } };
  const bytes = raw ? Buffer.from(raw.base64, 'base64') : null;
  const app = new Koa();
  app.use(bodyParser({ enableTypes: ['json'] }));
  app.use(async function bare(ctx) {
    if (!raw) {
      ctx.body = answer;
      return;
    }
    ctx.set(raw.headers);
    ctx.body = bytes;
  });
  const server = app.listen(0, '127.0.0.1', () => process.send!({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }));
  process.on('disconnect', () => process.exit(0));
}

/**
 * The baseline of HTTP benchmarks: a bare Koa app answering one JSON body to every request,
 * in a child process (as the service is), with the same body parser.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export async function startBareKoa({ body }: { body: unknown }): Promise<{ url: string; close: () => Promise<void> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(body)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [message] = (await once(child, 'message')) as [{ url: string }];
  return {
    url: message.url,
    async close() {
      child.kill();
      await once(child, 'exit');
    },
  };
}

if (process.argv[2] === '--serve' && process.send) {
  const { default: Koa } = await import('koa');
  const { default: bodyParser } = await import('koa-bodyparser');
  const answer = JSON.parse(process.argv[3]);
  const app = new Koa();
  app.use(bodyParser({ enableTypes: ['json'] }));
  app.use(async function bare(ctx) {
    ctx.body = answer;
  });
  const server = app.listen(0, '127.0.0.1', () => process.send!({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }));
  process.on('disconnect', () => process.exit(0));
}

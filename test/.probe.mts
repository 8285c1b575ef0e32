import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
const cpu = () => { const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
import { loadNetConfig } from '../engines/net/index.ts';
import { FAMILY_DOMAINS } from '../test/world/fixtures/hostile-family.ts';
import { startService } from '../test/support/service.ts';

const child = spawn(process.execPath, ['--import', 'tsx', 'test/world/hostile-family-process.ts'], { stdio: ['ignore', 'pipe', 'inherit'], cwd: '/work/wt-iso30' });
const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
const service = await startService({ config: { net: loadNetConfig(JSON.parse(line)), trustedProxies: ['127.0.0.1'], parse: { threads: 2, deadlineMs: 1500, maxQueue: 256 } } });
let ip = 0;
const ops: [string, (d: string) => unknown][] = [
  ['/v1/clean-markdown', (d) => ({ url: `https://${d}/` })], ['/v1/extract-contacts', (d) => ({ domain: d })], ['/v1/tech-stack', (d) => ({ domain: d })],
  ['/v1/ats-jobs', (d) => ({ domain: d })], ['/v1/verify-merchant', (d) => ({ target_url: `https://${d}/api` })],
  ['/v1/skills/checkout_active_promo_code_finder', (d) => ({ domain: d })], ['/v1/skills/universal_product_url_to_json', (d) => ({ product_url: `https://${d}/p` })],
  ['/v1/skills/store_readiness_auditor', (d) => ({ domain: d })], ['/v1/company-profile', (d) => ({ domain: d })],
];
for (const family of (process.argv[2] ?? 'syntax').split(',') as (keyof typeof FAMILY_DOMAINS)[]) {
  for (const [path, body] of ops) {
    const before = performance.eventLoopUtilization(); const c0 = cpu();
    const t = performance.now();
    const r = await fetch(service.url + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.0.${++ip}` }, body: JSON.stringify(body(FAMILY_DOMAINS[family])) });
    const text = await r.text();
    const elu = performance.eventLoopUtilization(before);
    console.log(family, path, r.status, text.length, 'busy', elu.active.toFixed(0), 'cpu', cpu() - c0, 'wall', (performance.now() - t).toFixed(0));
  }
}
await service.close();
child.kill();

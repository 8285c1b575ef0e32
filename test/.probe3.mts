import { readFileSync } from 'node:fs';
import { createParsePool } from '../server/parse-pool/pool.ts';
import { Fetched } from '../engines/net/fetched.ts';
const cpu = () => { const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const pool = createParsePool({ threads: 2, deadlineMs: 300 });
const page = (html: string) => ({ page: new Fetched(Buffer.from(html)), url: 'https://x.test/', status: 200, headers: {} });
await pool.analyze('markdown', page('<p>warm</p>'), { deadlineMs: 60000 });
await pool.analyze('markdown', page('<p>warm</p>'), { deadlineMs: 60000 });
const heavy = page('<div><span>x</span></div>'.repeat(12000));
for (let i = 0; i < 4; i++) {
  const c = cpu(); const t = performance.now();
  await pool.analyze('markdown', heavy).catch((e) => e.message);
  const c2 = cpu();
  await pool.analyze('markdown', page('<p>after</p>'), { deadlineMs: 60000 });
  console.log('killed task main cpu', c2 - c, 'respawn+next', cpu() - c2, 'wall', (performance.now() - t).toFixed(0));
}
await pool.close();

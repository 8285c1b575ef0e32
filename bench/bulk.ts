/**
 * npm run bench:bulk
 * (a) company-profile wall time in a world where its three sections take about 100, 300 and
 *     600 ms (host latencies on the company site, the job-board API and the ads registry), beside
 *     each section run alone in the same run. Target: profile <= 1.15 x the slowest section.
 * (b) hot-buyers step 1 over 25 world domains whose board answers take 200 ms each, beside the
 *     hiring check of one domain alone in the same run. Target: <= 4 x one domain's time.
 * Every round uses a fresh service (empty store: no cached boards) and the real HTTP pipeline.
 */
import { performance } from 'node:perf_hooks';
import { startWorld } from '../test/world/index.ts';
import { installTechSites } from '../test/world/fixtures/tech-sites.ts';
import { installJobBoards } from '../test/world/fixtures/job-boards.ts';
import { installAdsRegistry, ADS_DOMAINS, REGISTRY_HOST } from '../test/world/fixtures/ads-registry.ts';
import { startService } from '../test/support/service.ts';
import { call } from '../test/support/contract.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

const world = await startWorld();
installTechSites(world);
const boards = installJobBoards(world);
installAdsRegistry(world);
let ip = 0;
const who = () => ({ 'X-Forwarded-For': `192.0.2.${++ip % 250}`, 'Idempotency-Key': `bench-${Date.now()}-${ip}` });

async function timed(service: { url: string }, path: string, body: unknown) {
  const started = performance.now();
  const answer = await call(service.url, path, { body, headers: who() });
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return { ms, body: answer.body };
}

async function withService<T>(work: (service: { url: string }) => Promise<T>): Promise<T> {
  const service = await startService({ config: { net: world.netConfig, trustedProxies: ['127.0.0.1'] } });
  try {
    return await work(service);
  } finally {
    await service.close();
  }
}

// ------------------------------------------------------------------------ (a) company-profile
const company = ADS_DOMAINS.jobsSite;
world.sites.setLatency(company, 100); // tech: the home page; jobs: home + careers page
world.sites.setLatency('boards-api.greenhouse.io', 100); // jobs: + the board
world.sites.setLatency(REGISTRY_HOST, 300); // ads: the cookie visit and the search

const sections = { tech: [] as number[], intent: [] as number[], ads: [] as number[] };
const profile: number[] = [];
let profileStatus = '';
for (let round = 0; round < ROUNDS; round++) {
  await withService(async (service) => {
    sections.tech.push((await timed(service, '/v1/tech-stack', { domain: company })).ms);
    sections.intent.push((await timed(service, '/v1/company-intent', { domain: company })).ms);
    sections.ads.push((await timed(service, '/v1/search-ads', { domain: company })).ms);
  });
  await withService(async (service) => {
    const { ms, body } = await timed(service, '/v1/company-profile', { domain: company });
    profile.push(ms);
    profileStatus = `${body.status} (${body.sections_with_data.join(', ')})`;
  });
}
const slowest = Math.max(median(sections.tech), median(sections.intent), median(sections.ads));
const ratioA = median(profile) / slowest;
console.log(`(a) company-profile of ${company}, ${ROUNDS} rounds, fresh store each: ${profileStatus}`);
console.log(
  `    sections alone (median): tech-stack ${fmt(median(sections.tech))}, company-intent ${fmt(median(sections.intent))}, search-ads ${fmt(median(sections.ads))}`,
);
console.log(
  `    company-profile median ${fmt(median(profile))}; ratio to the slowest section ${ratioA.toFixed(2)} (baseline) ${ratioA <= 1.15 ? 'target met' : 'TARGET MISSED'} (<= 1.15)`,
);

// ---------------------------------------------------------------- (b) hot-buyers step 1 over 25
world.sites.setLatency(company, 0);
world.sites.setLatency('boards-api.greenhouse.io', 200);
const domains = Array.from({ length: 25 }, (_, i) => `hiring-bench-${i}.com`);
domains.forEach((domain, i) => boards.addGreenhouseCompany(domain, `hiringbench${i}`, `Hiring Bench ${i}`, 20 + i));
const one: number[] = [];
const scan: number[] = [];
let scanStatus = '';
for (let round = 0; round < ROUNDS; round++) {
  await withService(async (service) => one.push((await timed(service, '/v1/company-intent', { domain: domains[round % domains.length] })).ms));
  await withService(async (service) => {
    const { ms, body } = await timed(service, '/v1/hot-buyers', { domains, min_intent_score: 0 });
    scan.push(ms);
    scanStatus = `${body.status}, ${body.statuses.filter((row: any) => row.status === 'ok').length} of 25 scored`;
  });
}
const ratioB = median(scan) / median(one);
console.log(`(b) hot-buyers step 1 over 25 domains, board answers 200 ms each, ${ROUNDS} rounds: ${scanStatus}`);
console.log(`    one domain's hiring check (median) ${fmt(median(one))} (baseline); step 1 over 25 median ${fmt(median(scan))}`);
console.log(`    ratio ${ratioB.toFixed(2)} ${ratioB <= 4 ? 'target met' : 'TARGET MISSED'} (<= 4)`);
await world.stop();

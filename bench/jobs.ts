/**
 * npm run bench:jobs
 * A 1,000-job board end to end without network: normalizing the provider's answer (Greenhouse's
 * double-escaped HTML to text, dates, salaries), tagging every job with technology names from the
 * one vocabulary (literal automaton, engines/tech/keywords.ts), then the aggregates and the intent
 * score. Median and p95 over rounds, beside a naive tagger measured in the same run: the same
 * normalization, then one case-insensitive word-boundary RegExp per vocabulary term over each job.
 * Target: <= 25 ms median for the whole board.
 */
import { performance } from 'node:perf_hooks';
import { aggregateJobs } from '../engines/jobs/aggregate.ts';
import { hiringIntent } from '../engines/jobs/intent.ts';
import { normalizeGreenhouse } from '../engines/jobs/providers/greenhouse.ts';
import { buildTechnologyFinder, vocabularyTerms, PROSE_WORDS, type TechnologyFinder } from '../engines/tech/keywords.ts';
import { greenhouseJob, makeJobs } from '../test/world/fixtures/job-boards.ts';
import { WORLD_NOW } from '../test/world/clock.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const BASELINE_ROUNDS = Number(process.env.BENCH_BASELINE_ROUNDS ?? 3);
const NOW = new Date(WORLD_NOW);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

// About 2.5 KB of posting per job: the generated description plus ordinary job-ad prose.
const PROSE = `<h3>What you will do</h3><ul><li>Own features end to end, from the first sketch to production, working closely with product and design.</li>
<li>Write clear, tested code and review your teammates&rsquo; work with care.</li><li>Take part in an on-call rotation shared by the whole team.</li></ul>
<h3>What we look for</h3><ul><li>Experience building reliable services in a modern stack; we work in Python, TypeScript and Go (Golang).</li>
<li>Comfort with relational databases such as PostgreSQL or MySQL, and with cloud platforms (AWS or Google Cloud).</li>
<li>Curiosity, ownership and a habit of writing things down.</li></ul><h3>Benefits</h3><p>Competitive salary and equity, 30 days of paid leave,
a learning budget, parental leave, a home-office allowance and regular team off-sites. We are an equal opportunity employer and value
diversity at our company. We do not discriminate on the basis of race, religion, color, national origin, gender, sexual orientation,
age, marital status, veteran status, or disability status. If you need an accommodation during the process, tell us &mdash; we will help.</p>`;

const board = {
  jobs: makeJobs('bench', 1000).map((job) => greenhouseJob('Bench Co', 'bench', { ...job, description: job.description + PROSE })),
  meta: { total: 1000 },
};
const boardBytes = Buffer.byteLength(JSON.stringify(board));

function run(finder: TechnologyFinder) {
  const read = normalizeGreenhouse(board, finder);
  const aggregates = aggregateJobs(read.jobs);
  const intent = hiringIntent(read.jobs, NOW);
  return { read, aggregates, intent };
}

/** The naive tagger: one RegExp per term (same case rules: case-insensitive only for all-lower terms). */
function naiveFinder(): TechnologyFinder {
  const skipped = new Set(PROSE_WORDS.map((w) => w.toLowerCase()));
  const terms = vocabularyTerms().filter((t) => !skipped.has(t.term.toLowerCase()) && /^[\x20-\x7e]+$/.test(t.term));
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const patterns = terms.map((t) => ({ name: t.name, re: new RegExp(`(?<![\\w.-])${escape(t.term)}(?![\\w+#]|\\.\\w)`, /[A-Z]/.test(t.term) ? '' : 'i') }));
  return {
    names: [...new Set(terms.map((t) => t.name))],
    find(text) {
      const found: string[] = [];
      for (const { name, re } of patterns) if (!found.includes(name) && re.test(text)) found.push(name);
      return found;
    },
  };
}

function time(rounds: number, work: () => unknown): number[] {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return times;
}

const finder = buildTechnologyFinder();
const naive = naiveFinder();
run(finder);
run(naive); // warm-up both

const fast = time(ROUNDS, () => run(finder));
const slow = time(BASELINE_ROUNDS, () => run(naive));
const ours = run(finder);
const theirs = run(naive);
const tagged = ours.read.jobs.reduce((sum, job) => sum + job.technologies.length, 0);
const naiveTagged = theirs.read.jobs.reduce((sum, job) => sum + job.technologies.length, 0);

console.log(`bench:jobs — a 1,000-job Greenhouse board (${(boardBytes / 1024).toFixed(0)} KB of JSON), normalize + tag + aggregate + score, no network`);
console.log(`  jobs engine:     median ${fmt(median(fast))}, p95 ${fmt(p95(fast))} over ${ROUNDS} rounds (target <= 25 ms median)`);
console.log(
  `  naive baseline:  median ${fmt(median(slow))} over ${BASELINE_ROUNDS} rounds (one RegExp per vocabulary term per job, ${naive.names.length} technologies)`,
);
console.log(`  ratio:           ${(median(slow) / median(fast)).toFixed(1)}x faster than the baseline`);
console.log(
  `  technology tags: ${tagged} (baseline ${naiveTagged}); intent_score ${ours.intent.intent_score}, ${ours.intent.hiring_status}; top ${Object.keys(ours.aggregates.top_technologies).slice(0, 3).join(', ')}`,
);
if (median(fast) > 25) console.log('  over target');

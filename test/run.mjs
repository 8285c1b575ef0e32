// Runs every *.test.ts under test/ with node's own test runner (Node 20 has no glob in --test),
// then checks that the tests, all together, produced every code of the error catalog.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

/** Codes no operation can produce yet, with the issue that brings them; the check fails on any other gap. */
const PENDING = {};

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return path.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * A test file reads a clock when it measures time (its assertions are about latency, busy time or
 * deadlines) or waits on one; those, and every file that starts the service, the world or a
 * browser (contract, e2e, world), run one at a time, alone on the machine. The unit and property
 * files that do not read a clock test pure modules: they run two at a time (or one per core), which
 * on a 2-core machine halves their share of the suite's time (CPU and each file's start-up).
 */
const READS_A_CLOCK = /performance\.now|Date\.now\(\)|cpuUsage|eventLoopUtilization|mainThreadCpuMs|hrtime|monitorEventLoopDelay|setInterval/;
const runsAlongside = (file) => /^test[\\/](unit|property)[\\/]/.test(file) && !READS_A_CLOCK.test(readFileSync(file, 'utf8'));

const only = process.argv.slice(2);
const files = only.length ? only : findTests('test').sort();
const codesDir = mkdtempSync(join(tmpdir(), 'test-codes-'));
const groups = [
  { files: files.filter(runsAlongside), concurrency: Math.max(2, availableParallelism()) },
  { files: files.filter((file) => !runsAlongside(file)), concurrency: 1 },
].filter((group) => group.files.length);
let status = 0;
for (const group of groups) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${group.concurrency}`, '--test-reporter=spec', ...group.files], {
    stdio: 'inherit',
    env: { ...process.env, TEST_CODES_DIR: codesDir },
  });
  status = status || (result.status ?? 1);
}

if (!only.length) {
  const seen = new Set(readdirSync(codesDir).flatMap((file) => readFileSync(join(codesDir, file), 'utf8').split('\n').filter(Boolean)));
  const catalog = JSON.parse(readFileSync('generated/errors.json', 'utf8')).errors.map((error) => error.code);
  const missing = catalog.filter((code) => !seen.has(code) && !PENDING[code]);
  const pending = catalog.filter((code) => !seen.has(code) && PENDING[code]);
  console.log(
    `error catalog coverage: ${catalog.length - missing.length - pending.length} of ${catalog.length} codes produced by tests${pending.length ? `; pending: ${pending.map((code) => `${code} (${PENDING[code]})`).join(', ')}` : ''}`,
  );
  if (missing.length) {
    console.log(`error catalog coverage: no test produced ${missing.join(', ')}`);
    status = status || 1;
  }
}
rmSync(codesDir, { recursive: true, force: true });
process.exit(status);

/**
 * A caller that keeps calls in flight, in a process of its own (its client work is not the
 * service's CPU): argv[2] is a JSON plan { url, ip, inFlight, calls: [path, body][] with {n} in
 * strings replaced by a fresh number per call }. Runs until SIGTERM, then prints one JSON line:
 * the count of answers by "status code-or-result-status", and up to 50 answers as they came
 * (status, headers, text) for the test to check against the spec.
 */
const plan = JSON.parse(process.argv[2]) as { url: string; ip: string; inFlight: number; calls: [string, unknown][] };
const counts: Record<string, number> = {};
const samples: { path: string; status: number; headers: Record<string, string>; text: string }[] = [];
let stopped = false;
let n = 0;
const stop = new AbortController();
const fill = (value: unknown, at: number): unknown => JSON.parse(JSON.stringify(value).replaceAll('{n}', `${process.pid}-${at}`));

async function lane(index: number) {
  while (!stopped) {
    const at = n++;
    const [path, body] = plan.calls[(at + index) % plan.calls.length];
    try {
      const response = await fetch(plan.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Forwarded-For': plan.ip },
        body: JSON.stringify(fill(body, at)),
        signal: stop.signal,
      });
      const text = await response.text();
      let key = String(response.status);
      try {
        const parsed = JSON.parse(text);
        key += ` ${typeof parsed.status === 'string' ? parsed.status : (parsed.code ?? '')}`;
      } catch {}
      counts[key.trim()] = (counts[key.trim()] ?? 0) + 1;
      if (samples.length < 50 && (samples.length < 10 || Math.random() < 0.1))
        samples.push({ path, status: response.status, headers: Object.fromEntries(response.headers), text });
    } catch {
      if (!stopped) counts.failed = (counts.failed ?? 0) + 1;
    }
  }
}

const lanes = Array.from({ length: plan.inFlight }, (_, index) => lane(index));
process.on('SIGTERM', async () => {
  stopped = true;
  stop.abort();
  await Promise.allSettled(lanes);
  process.stdout.write(`${JSON.stringify({ counts, samples })}\n`, () => process.exit(0));
});
process.stdout.write('started\n');

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Counter, Histogram, Registry } from 'prom-client';
import { seriesCounter, seriesHistogram } from '../../../../server/observability/series.ts';

const BUCKETS = [0.001, 0.005, 0.1, 1];
/** What a client of getMetricsAsJSON receives, serialized. */
const json = async (registry: Registry) => JSON.parse(JSON.stringify(await registry.getMetricsAsJSON()));

/** The same updates through prom-client's own classes and through series.ts, each in its own registry. */
function both() {
  const own = new Registry();
  const ours = new Registry();
  const counter = new Counter({ name: 'requests_total', help: 'Requests.', labelNames: ['route', 'status'], registers: [own] });
  const histogram = new Histogram({ name: 'latency_seconds', help: 'Latency.', labelNames: ['route'], buckets: BUCKETS, registers: [own] });
  const fastCounter = seriesCounter({ name: 'requests_total', help: 'Requests.', labelNames: ['route', 'status'], registry: ours });
  const fastHistogram = seriesHistogram({ name: 'latency_seconds', help: 'Latency.', labelNames: ['route'], buckets: BUCKETS, registry: ours });
  return {
    own,
    ours,
    request(route: string, status: string, seconds: number) {
      counter.labels(route, status).inc();
      histogram.labels(route).observe(seconds);
      fastCounter.series(route, status).inc();
      fastHistogram.series(route).observe(seconds);
    },
  };
}

describe('per-request metric series', () => {
  it('render in the text format exactly as prom-client counters and histograms given the same updates', async () => {
    const metrics = both();
    const updates: [string, string, number][] = [
      ['techStack', '200', 0.0004],
      ['advisor', '200', 0.003],
      ['techStack', '402', 0.001],
      ['techStack', '200', 0.25],
      ['techStack', '200', 7],
      ['advisor', '429', 0.005],
      ['odd "route"\n', '500', 0],
    ];
    for (const [route, status, seconds] of updates) metrics.request(route, status, seconds);
    const text = await metrics.ours.metrics();
    assert.equal(text, await metrics.own.metrics());
    // What it says, not only that it agrees: cumulative buckets, +Inf, sum and count.
    assert.match(text, /^latency_seconds_bucket\{le="0.001",route="techStack"\} 2$/m);
    assert.match(text, /^latency_seconds_bucket\{le="1",route="techStack"\} 3$/m);
    assert.match(text, /^latency_seconds_bucket\{le="\+Inf",route="techStack"\} 4$/m);
    assert.match(text, /^latency_seconds_sum\{route="techStack"\} 7.2514$/m);
    assert.match(text, /^requests_total\{route="techStack",status="200"\} 3$/m);
  });

  it('agree with prom-client as JSON too, and after a reset', async () => {
    const metrics = both();
    metrics.request('techStack', '200', 0.002);
    assert.deepEqual(await json(metrics.ours), await json(metrics.own));
    metrics.own.resetMetrics();
    metrics.ours.resetMetrics();
    metrics.request('advisor', '200', 0.02);
    const [ours, own] = [await json(metrics.ours), await json(metrics.own)];
    // prom-client drops reset series; ours keeps them at zero (callers hold them), so compare the non-zero lines.
    const nonZero = (json: any[]) => json.map((metric) => ({ ...metric, values: metric.values.filter((value: any) => value.value !== 0) }));
    assert.deepEqual(nonZero(ours), nonZero(own));
  });

  it('refuses a wrong number of label values and a value that is not a number', () => {
    const registry = new Registry();
    const histogram = seriesHistogram({ name: 'h', help: 'h', labelNames: ['a', 'b'], buckets: BUCKETS, registry });
    assert.throws(() => histogram.series('only-one'), /expected 2 label values/);
    assert.throws(() => histogram.series('x', 'y').observe(Number.NaN), /not a finite number/);
  });
});

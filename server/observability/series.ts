/**
 * Counters and histograms for the per-request metrics, rendered by prom-client's registry.
 *
 * prom-client's own Counter and Histogram check and hash the label set on every update, even
 * through `labels()`, and the service makes four such updates per request. Here a label set is
 * resolved once to a series object, and an update is a few additions to it. The registry takes these metrics through
 * `registerMetric` and renders them with its own: same names, lines and order as prom-client's
 * classes give for the same updates (test/unit/server/observability/series.test.ts compares them).
 */
import type { Registry } from 'prom-client';

interface MetricOptions {
  name: string;
  help: string;
  labelNames: readonly string[];
  registry: Registry;
}

type Labels = Record<string, string>;

function labelsOf(labelNames: readonly string[], values: readonly string[]): Labels {
  if (values.length !== labelNames.length) throw new Error(`expected ${labelNames.length} label values (${labelNames.join(', ')}), got ${values.length}`);
  const labels: Labels = {};
  labelNames.forEach((name, index) => (labels[name] = values[index]));
  return labels;
}

/** Memoizes one object per label set; `reset()` zeroes them in place, so callers may keep them. */
function seriesTable<Series extends { labels: Labels }>(labelNames: readonly string[], make: (labels: Labels) => Series) {
  const byKey = new Map<string, Series>();
  return {
    get(values: readonly string[]): Series {
      const key = values.join('\u0000');
      let series = byKey.get(key);
      if (series === undefined) byKey.set(key, (series = make(labelsOf(labelNames, values))));
      return series;
    },
    all: () => [...byKey.values()],
  };
}

export interface CounterSeries {
  inc(amount?: number): void;
}

export function seriesCounter({ name, help, labelNames, registry }: MetricOptions) {
  const table = seriesTable(labelNames, (labels) => ({ labels, value: 0 }));
  const metric = {
    name,
    help,
    type: 'counter',
    aggregator: 'sum',
    async get() {
      return { name, help, type: 'counter', aggregator: 'sum', values: table.all().map(({ labels, value }) => ({ value, labels })) };
    },
    reset() {
      for (const series of table.all()) series.value = 0;
    },
  };
  registry.registerMetric(metric as never);
  return {
    /** The series of these label values, in labelNames order. */
    series(...values: string[]): CounterSeries {
      const series = table.get(values);
      return {
        inc(amount = 1) {
          series.value += amount;
        },
      };
    },
  };
}

export interface HistogramSeries {
  observe(value: number): void;
}

export function seriesHistogram({ name, help, labelNames, registry, buckets }: MetricOptions & { buckets: readonly number[] }) {
  const upperBounds = [...buckets].sort((a, b) => a - b);
  const table = seriesTable(labelNames, (labels) => ({ labels, counts: new Array<number>(upperBounds.length).fill(0), sum: 0, count: 0 }));
  /** The lines prom-client's registry prints: cumulative buckets, +Inf, sum and count per series; `le` first, then the series labels. */
  function values() {
    return table.all().flatMap(({ labels, counts, sum, count }) => {
      let cumulative = 0;
      return [
        ...upperBounds.map((le, index) => ({ labels: { le }, sharedLabels: labels, value: (cumulative += counts[index]), metricName: `${name}_bucket` })),
        { labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: `${name}_bucket` },
        { labels: {}, sharedLabels: labels, value: sum, metricName: `${name}_sum` },
        { labels: {}, sharedLabels: labels, value: count, metricName: `${name}_count` },
      ];
    });
  }
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    async getForPromString() {
      return { name, help, type: 'histogram', aggregator: 'sum', values: values() };
    },
    /** As JSON (getMetricsAsJSON): each value's labels in one object. */
    async get() {
      return {
        name,
        help,
        type: 'histogram',
        aggregator: 'sum',
        values: values().map(({ labels, sharedLabels, value, metricName }) => ({
          value,
          metricName,
          ...(metricName.endsWith('_bucket') ? { exemplar: null } : {}),
          labels: { ...labels, ...sharedLabels },
        })),
      };
    },
    reset() {
      for (const series of table.all()) {
        series.counts.fill(0);
        series.sum = 0;
        series.count = 0;
      }
    },
  };
  registry.registerMetric(metric as never);
  return {
    /** The series of these label values, in labelNames order. */
    series(...values: string[]): HistogramSeries {
      const series = table.get(values);
      return {
        observe(value: number) {
          if (!Number.isFinite(value)) throw new TypeError(`${name}: not a finite number: ${value}`);
          series.sum += value;
          series.count += 1;
          for (let index = 0; index < upperBounds.length; index++) {
            if (value <= upperBounds[index]) {
              series.counts[index] += 1;
              return;
            }
          }
        },
      };
    },
  };
}

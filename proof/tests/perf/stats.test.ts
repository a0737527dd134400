/**
 * Unit tests of the numbers behind the latency gates: exact percentiles, the gate's verdict from
 * recorded samples, the baseline comparison, and the sandbox's latency profiles.
 */
import { expect, test } from '@playwright/test';
import { ConfigError, loadConfig } from '../../../lib/config.js';
import { emptyFootprint } from '../../../lib/footprint.js';
import { latencyKeys, latencyTargets } from '../../../lib/latency-targets.js';
import { applyBaseline, type Baseline } from '../../../perf/baseline.js';
import type { Sample } from '../../../perf/measure.js';
import { renderHtml } from '../../../perf/report/html.js';
import type { PerfSummary } from '../../../perf/report/summary.js';
import { resultFor } from '../../../perf/runner.js';
import { logHistogram, percentile, summarize } from '../../../perf/stats.js';
import {
  injectedDelays,
  LatencyConfigError,
  modelQuantile,
  parseLatency,
  parseLatencyProfile,
} from '../../../sandbox/latency.js';
import { samplesNeeded } from '../../perf/accuracy.js';

test.describe('exact percentiles', () => {
  test('nearest rank: the ceil(q·n)-th smallest value, never an interpolation', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 90)).toBe(90);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([5, 1, 3], 50)).toBe(3);
    expect(percentile([0.25, 0.75], 50)).toBe(0.25); // sub-millisecond values keep their precision
    expect(percentile([7], 99)).toBe(7);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });

  test('summary of 1000 values: order does not matter, max and mean are exact', () => {
    const values = Array.from({ length: 1000 }, (_, i) => ((i * 7919) % 1000) + 0.5);
    const s = summarize(values);
    expect(s).toMatchObject({ samples: 1000, p50: 499.5, p90: 899.5, p99: 989.5, max: 999.5, mean: 500 });
  });

  test('log histogram keeps every value', () => {
    const { counts, edges } = logHistogram([1, 2, 3, 10, 100, 1000], 10);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    expect(edges).toHaveLength(11);
  });
});

function sample(latencyMs: number, status = 200, counted = true): Sample {
  return { slot: 0, op: 'get-card', counted, intendedAt: 0, sentAt: 0, latencyMs, status };
}

test.describe('gate verdict of one operation', () => {
  const stats = () => ({ notSent: new Map(), slots: new Map() });

  test('only counted 2xx answers make the percentiles; errors are counted apart', () => {
    const samples = [
      ...Array.from({ length: 300 }, (_, i) => sample(10 + i / 2)),
      sample(5000, 500),
      sample(9000, 200, false),
    ];
    const r = resultFor('get-card', 10, samples, stats(), []);
    expect(r).toMatchObject({
      samples: 300,
      errors: 1,
      p50: 84.5,
      p99: 158,
      max: 159.5,
      pass: true,
      status: 'passed',
      lowConfidence: false,
    });
    expect(r.note).toContain('1 failed request(s), within 1%');
  });

  test('p50 shown over target, p99 shown over target, more than 1% errors: each fails the gate, with why in words', () => {
    const slowMedian = resultFor(
      'get-card',
      10,
      Array.from({ length: 200 }, () => sample(171)),
      stats(),
      []
    );
    expect(slowMedian).toMatchObject({ status: 'failed', pass: false });
    expect(slowMedian.note).toMatch(/^FAIL: p50 ≤ 170 ms missed: 200 of 200 answers took longer than 170 ms; /);
    const slowTail = resultFor(
      'get-card',
      10,
      Array.from({ length: 200 }, (_, i) => sample(i < 190 ? 50 : 700)),
      stats(),
      []
    );
    expect(slowTail).toMatchObject({ status: 'failed', pass: false });
    expect(slowTail.note).toMatch(
      /^FAIL: p99 ≤ 600 ms missed: 10 of 200 answers took longer than 600 ms; .* the p99 is above 700 ms with 95% confidence$/
    );
    const errors = resultFor(
      'get-card',
      10,
      [...Array.from({ length: 97 }, () => sample(50)), ...Array.from({ length: 3 }, () => sample(50, 503))],
      stats(),
      []
    );
    expect(errors.pass).toBe(false);
    expect(errors.note).toMatch(/errors 3\.0% > 1% \(3× 503\)/);
  });

  test('a tail the samples cannot judge is not decided: a notice with the samples that would decide it, never a failure', () => {
    // 4 of 200 above the p99 target (2%): more than 1%, but 200 answers cannot show it.
    const r = resultFor(
      'get-card',
      5,
      Array.from({ length: 200 }, (_, i) => sample(i < 196 ? 50 : 700)),
      stats(),
      []
    );
    expect(r).toMatchObject({ status: 'inconclusive', pass: true, lowConfidence: false });
    expect(r.verdict!.targets.map((t) => t.verdict)).toEqual(['pass', 'inconclusive']);
    expect(r.note).toMatch(
      /^NOT DECIDED \(a notice, never a failure of the gate\); p99 ≤ 600 ms not decided: 4 of 200 answers took longer than 600 ms \(2\.0%\); .*about (\d+) would decide it at the rate seen \(FLEET_PERF_DURATION=\d+ gives \1 at 5\/s\)$/
    );
    const few = resultFor(
      'get-card',
      5,
      Array.from({ length: 50 }, (_, i) => sample(20 + i)),
      stats(),
      []
    );
    expect(few).toMatchObject({ status: 'inconclusive', lowConfidence: true });
    expect(few.p99).toBe(few.max);
    expect(few.note).toContain(
      '50 answers are too few to show it with 95% confidence (that takes at least 299, none slower); about 299 would decide it at the rate seen (FLEET_PERF_DURATION=60 gives 299 at 5/s)'
    );
    expect(few.latencies).toHaveLength(50);
  });

  test("baseline: a p99 shown slower than 1.2 × the baseline's on both runs' samples is a regression; one without samples never is", () => {
    const a = resultFor(
      'get-card',
      10,
      Array.from({ length: 100 }, () => sample(130)),
      stats(),
      []
    );
    const b = resultFor(
      'get-customer',
      10,
      Array.from({ length: 100 }, () => sample(100)),
      stats(),
      []
    );
    const c = resultFor(
      'master-data',
      10,
      Array.from({ length: 100 }, () => sample(130)),
      stats(),
      []
    );
    const before = (ms: number) => ({ p50: ms, p99: ms, latencies: Array.from({ length: 100 }, () => ms) });
    const baseline: Baseline = new Map<string, { p50: number; p99: number; latencies?: number[] }>([
      ['get-card', before(100)],
      ['get-customer', before(90)],
      ['master-data', { p50: 100, p99: 100 }],
    ]);
    applyBaseline([a, b, c], baseline, 0.95);
    expect(a.baseline).toMatchObject({
      changeP50Pct: 30,
      changeP99Pct: 30,
      slower: true,
      regression: true,
      test: { above: 100, threshold: 120 },
    });
    expect(a.note).toContain(
      "REGRESSION against the baseline: slower: 100 of tonight's 100 answers took longer than 120 ms"
    );
    expect(b.baseline).toMatchObject({ changeP99Pct: 11.1, slower: false, regression: false });
    expect(c.baseline, 'an older baseline keeps no samples').toMatchObject({
      changeP99Pct: 30,
      slower: true,
      regression: false,
    });
    expect(c.baseline!.test).toBeUndefined();
  });

  test('the HTML report is self-contained (no script, no external asset) and shows every operation', () => {
    const op = resultFor(
      'get-card',
      10,
      Array.from({ length: 120 }, (_, i) => sample(10 + i)),
      stats(),
      []
    );
    const summary: PerfSummary = {
      target: 'sandbox',
      startedAt: 'now',
      finishedAt: 'later',
      baseUrl: 'http://127.0.0.1:1',
      operations: [op],
      pass: true,
      interrupted: false,
      settings: { duration: 1, rate: 10, warmup: 3, percentiles: 'exact' },
      tidyUp: [],
      footprint: emptyFootprint(),
      orderReferences: [],
    };
    const html = renderHtml(summary, new Map([['get-card', Array.from({ length: 120 }, (_, i) => sample(10 + i))]]));
    expect(html).not.toMatch(/<script|<link|src=|url\(/i);
    expect(html).toContain('<svg');
    expect(html).toContain('id="get-card"');
  });
});

test.describe('SANDBOX_LATENCY profiles (sandbox/latency.ts)', () => {
  test('grammar: off, doc, fixed, tail, seed; mistakes are one-line errors', () => {
    expect(parseLatency('off')).toBeUndefined();
    expect(parseLatency(undefined)).toBeUndefined();
    expect(parseLatency('get-card=50')!('get-card')).toBe(50);
    expect(parseLatency('get-card=50')!('master-data')).toBe(0);
    expect(parseLatencyProfile('doc,get-card=80/2500,seed=7')).toMatchObject({
      seed: 7,
      models: {
        'get-card': { kind: 'lognormal', p50: 80, p99: 2500 },
        'master-data': { kind: 'lognormal', p50: 950, p99: 1300 },
      },
    });
    expect(() => parseLatency('get-card=fast')).toThrow(LatencyConfigError);
    expect(() => parseLatency('nope=5')).toThrow(/unknown operation "nope"/);
    expect(() => parseLatency('get-card=300/200')).toThrow(/0 < p50 < p99/);
    expect(() => parseLatency('doc,scale=0')).toThrow(/factor above 0/);
  });

  test("scale=F multiplies every delay: the document's shape at a fraction of its latencies", () => {
    expect(parseLatency('get-card=50,scale=0.1')!('get-card')).toBeCloseTo(5, 9);
    const whole = injectedDelays('doc,seed=3', 'search-cards', 5);
    const tenth = injectedDelays('doc,seed=3,scale=0.1', 'search-cards', 5);
    tenth.forEach((ms, i) => {
      expect(ms).toBeCloseTo(whole[i]! / 10, 9);
    });
  });

  test('each operation has its own seeded stream: reproducible, independent of other operations', () => {
    const a = parseLatency('doc,seed=3')!;
    const b = parseLatency('doc,seed=3')!;
    const first = [a('get-card'), a('get-card'), a('get-card')];
    b('master-data');
    b('search-cards');
    expect([b('get-card'), b('get-card'), b('get-card')]).toEqual(first);
    expect(injectedDelays('doc,seed=3', 'get-card', 3)).toEqual(first);
    expect(injectedDelays('doc,seed=4', 'get-card', 3)).not.toEqual(first);
  });

  test("doc,scale=s streams have s × the document's p50 and p99 for every operation: inside (0.8), at (1) and over (1.5) the targets (50,000 draws each)", () => {
    for (const scale of [0.8, 1, 1.5]) {
      for (const key of latencyKeys) {
        const s = summarize(injectedDelays(`doc,scale=${scale}`, key, 50_000));
        expect(Math.abs(s.p50 / (scale * latencyTargets[key].p50) - 1), `${key} × ${scale}: p50 ${s.p50}`).toBeLessThan(
          0.02
        );
        expect(Math.abs(s.p99 / (scale * latencyTargets[key].p99) - 1), `${key} × ${scale}: p99 ${s.p99}`).toBeLessThan(
          0.05
        );
      }
    }
  });

  test('the theoretical quantiles and the samples a theory comparison would need', () => {
    const model = parseLatencyProfile('get-card=80/2500')!.models['get-card'];
    expect(modelQuantile(model, 0.5)).toBeCloseTo(80, 6);
    expect(modelQuantile(model, 0.99)).toBeCloseTo(2500, 3);
    // search-cards has the widest spread (p99/p50 ≈ 8.6): ~10^4 samples for a p99 within 10% at 3 SE.
    expect(samplesNeeded('search-cards', 0.99, 0.1)).toBeGreaterThan(5000);
    expect(samplesNeeded('block-customer', 0.5, 0.05)).toBeLessThan(200);
  });
});

test.describe('perf configuration (lib/config.ts): gentle on a shared environment', () => {
  const remote = {
    FLEET_BASE_URL: 'https://fleet-test.example.com',
    FLEET_CLIENT_ID: 'id',
    FLEET_CLIENT_SECRET: 'secret',
  };

  test('a remote target gets at most 5 requests/s and short runs unless the environment is declared loadable', () => {
    expect(loadConfig(remote).perf).toMatchObject({ rate: 5, duration: 10, consumableCards: [] });
    expect(() => loadConfig({ ...remote, FLEET_PERF_RATE: '50' })).toThrow(ConfigError);
    expect(loadConfig({ ...remote, FLEET_PERF_RATE: '50', FLEET_PERF_ALLOW_LOAD: 'yes' }).perf.rate).toBe(50);
    expect(loadConfig({}).perf).toMatchObject({ rate: 40, duration: 6, operations: latencyKeys });
  });

  test('a test environment reached on 127.0.0.1 (a tunnel) is loaded as gently as a remote one; a sandbox on loopback is not', () => {
    const tunnel = { ...remote, FLEET_BASE_URL: 'http://127.0.0.1:8443', FLEET_TARGET: 'test' };
    expect(loadConfig(tunnel).perf).toMatchObject({ rate: 5, duration: 10 });
    expect(() => loadConfig({ ...tunnel, FLEET_PERF_RATE: '40' })).toThrow(
      /^FLEET_PERF_RATE: 40 requests\/s against a test environment exceeds the safe 5\/s; set FLEET_PERF_ALLOW_LOAD=yes/
    );
    expect(loadConfig({ FLEET_BASE_URL: 'http://127.0.0.1:4010', FLEET_TARGET: 'sandbox' }).perf).toMatchObject({
      rate: 40,
      duration: 6,
    });
  });

  test('production runs read-only operations only; consumable cards are refused there', () => {
    const ops = loadConfig({ ...remote, FLEET_TARGET: 'production' }).perf.operations;
    expect(ops).toEqual([
      'list-customers',
      'get-customer',
      'customer-card-types',
      'get-card',
      'search-cards',
      'master-data',
    ]);
    expect(() => loadConfig({ ...remote, FLEET_TARGET: 'production', FLEET_PERF_OPS: 'get-card,block-card' })).toThrow(
      /block-card would write to production/
    );
    expect(() => loadConfig({ ...remote, FLEET_TARGET: 'production', FLEET_PERF_CARDS: '1,2' })).toThrow(ConfigError);
  });

  test('FLEET_PERF_CONFIDENCE: a percent above 50 and below 100, 95 by default; anything else is a one-line error', () => {
    expect(loadConfig(remote).perf.confidence).toBe(0.95);
    expect(loadConfig({ ...remote, FLEET_PERF_CONFIDENCE: '99' }).perf.confidence).toBe(0.99);
    expect(loadConfig({ ...remote, FLEET_PERF_CONFIDENCE: '99.9%' }).perf.confidence).toBeCloseTo(0.999, 12);
    for (const bad of ['0.95', '100', 'high'])
      expect(() => loadConfig({ ...remote, FLEET_PERF_CONFIDENCE: bad })).toThrow(
        /^FLEET_PERF_CONFIDENCE: ".*" is not a confidence in percent above 50 and below 100 \(e\.g\. 95 or 99\)$/
      );
  });

  test('FLEET_PERF_CARDS and SANDBOX_LATENCY reach the perf settings', () => {
    expect(loadConfig({ ...remote, FLEET_PERF_CARDS: '101, 102' }).perf.consumableCards).toEqual([101, 102]);
    expect(() => loadConfig({ ...remote, FLEET_PERF_CARDS: 'abc' })).toThrow(/FLEET_PERF_CARDS/);
    expect(loadConfig({ SANDBOX_LATENCY: 'doc' }).perf.sandboxLatency).toBe('doc');
  });
});

/**
 * The arithmetic of the latency verdicts against exact values: binomial tails computed here with
 * whole numbers (BigInt, no rounding until the last division), the ranks of the order-statistic
 * confidence bounds for small and large n (each checked against its defining inequalities, and
 * against published values), the verdicts they give, the samples a verdict recommends, the
 * night-to-night exceedance law against a count of every arrangement, the network floor's law
 * against its mixture computed with whole numbers and against trials at its worst case, and the
 * requests in flight.
 */
import { expect, test } from '@playwright/test';
import { binomialCdf, binomialTail, logGamma } from '../../../lib/latency/binomial.js';
import { exceedanceTail } from '../../../lib/latency/exceedance.js';
import { floorTail, networkFloor } from '../../../lib/latency/floor.js';
import { passiveSamples, type SentRecord } from '../../../lib/latency/passive.js';
import { slowerThanBaseline } from '../../../lib/latency/two-sample.js';
import {
  boundRanks,
  DECIDING_POWER,
  judgeLatency,
  judgeTarget,
  samplesToDecide,
} from '../../../lib/latency/verdict.js';
import { mulberry32 } from '../../../sandbox/latency.js';

/** num / den as a double, exact up to the last rounding. */
function ratio(num: bigint, den: bigint): number {
  const shift = Math.max(0, den.toString().length - num.toString().length + 20);
  return Number((num * 10n ** BigInt(shift)) / den) / 10 ** Math.min(shift, 300) / 10 ** Math.max(0, shift - 300);
}

function choose(n: number, k: number): bigint {
  let c = 1n;
  for (let i = 1; i <= k; i += 1) c = (c * BigInt(n - k + i)) / BigInt(i);
  return c;
}

/** P(Bin(n, a/d) ≥ k), exactly. */
function exactTail(n: number, a: number, d: number, k: number): number {
  let num = 0n;
  for (let i = Math.max(0, k); i <= n; i += 1)
    num += choose(n, i) * BigInt(a) ** BigInt(i) * BigInt(d - a) ** BigInt(n - i);
  return ratio(num, BigInt(d) ** BigInt(n));
}

const close = (actual: number, expected: number, relative = 1e-9) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(relative * Math.abs(expected) + 1e-300);

test.describe('binomial tails (lib/latency/binomial.ts)', () => {
  test('ln Γ: factorials exactly', () => {
    expect(Math.abs(logGamma(1))).toBeLessThan(1e-14);
    close(Math.exp(logGamma(11)), 3628800, 1e-13);
    close(logGamma(1001), 5912.128178488163, 1e-14); // ln 1000!
  });

  test('tails of small and large n equal the exact sums', () => {
    const cases: [n: number, a: number, d: number, k: number][] = [
      [5, 1, 2, 5],
      [20, 3, 10, 9],
      [50, 1, 100, 3],
      [50, 1, 2, 32],
      [50, 99, 100, 48],
      [299, 1, 100, 1],
      [1000, 1, 100, 15],
      [1000, 1, 100, 16],
      [1000, 99, 100, 996],
      [2000, 1, 2, 1100],
    ];
    for (const [n, a, d, k] of cases) close(binomialTail(n, a / d, k), exactTail(n, a, d, k));
    // Published values (and the closed form of the first): the gate's critical counts at n = 50.
    close(binomialTail(299, 0.01, 1), 1 - 0.99 ** 299, 1e-12);
    close(binomialTail(50, 0.01, 3), 0.0138172708306, 1e-10);
    close(binomialTail(50, 0.5, 32), 0.0324543235361, 1e-10);
    close(binomialCdf(1000, 0.01, 4), 0.028686399999, 1e-9);
  });

  test('edges: k ≤ 0, k > n, p of 0 and 1', () => {
    expect(binomialTail(10, 0.3, 0)).toBe(1);
    expect(binomialTail(10, 0.3, 11)).toBe(0);
    expect(binomialTail(10, 0, 1)).toBe(0);
    expect(binomialTail(10, 1, 10)).toBe(1);
    expect(binomialCdf(10, 0.3, 10)).toBe(1);
  });
});

test.describe('order-statistic confidence bounds of a percentile', () => {
  const ALPHA = 0.05;
  // Ranks (1-based) of the lower and upper 95% bounds; n + 1 = no upper bound. Cross-checked with scipy.stats.binom.
  const published: [n: number, q: number, lower: number, upper: number][] = [
    [5, 0.5, 1, 5],
    [20, 0.5, 6, 15],
    [50, 0.5, 19, 32],
    [1000, 0.5, 474, 527],
    [10_000, 0.5, 4918, 5083],
    [50, 0.99, 48, 51],
    [298, 0.99, 292, 299],
    [299, 0.99, 293, 299],
    [1000, 0.99, 985, 996],
    [10_000, 0.99, 9883, 9917],
  ];

  test('ranks for small and large n, and the defining inequalities, exactly', () => {
    for (const [n, q, lower, upper] of published) {
      expect(boundRanks(n, q, ALPHA), `n=${n} q=${q}`).toEqual({ lower, upper });
      if (n > 1000) continue;
      const cdf = (j: number) => 1 - exactTail(n, q * 100, 100, j + 1);
      // P(X(l) ≤ ξ) = P(B ≥ l) ≥ 95%, and l is the largest such rank.
      expect(cdf(lower - 1)).toBeLessThanOrEqual(ALPHA);
      expect(cdf(lower)).toBeGreaterThan(ALPHA);
      // P(X(u) > ξ) = P(B ≤ u − 1) ≥ 95%, and u is the smallest such rank (none when it passes n).
      expect(cdf(upper - 1) >= 1 - ALPHA || upper === n + 1).toBe(true);
      expect(cdf(upper - 2)).toBeLessThan(1 - ALPHA);
    }
  });

  test('a p99 is shown below its target only from 299 samples on (95%): 0.99^299 < 5% < 0.99^298', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => 100 + i * 0.1);
    expect(judgeTarget(values(298), 99, 600, 0.95)).toMatchObject({ verdict: 'inconclusive', upper: null });
    const shown = judgeTarget(values(299), 99, 600, 0.95);
    expect(shown).toMatchObject({ verdict: 'pass', upper: 129.8 });
    expect(shown.why).toBe(
      'p99 ≤ 600 ms met: 0 of 299 answers took longer than 600 ms; the p99 is below 129.8 ms with 95% confidence'
    );
  });

  test('the verdict equals its bounds: fail when the lower bound is above T, pass when the upper one is below', () => {
    let seed = 7;
    const uniform = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let trial = 0; trial < 150; trial += 1) {
      const n = 5 + Math.floor(uniform() * 400);
      const values = Array.from({ length: n }, () => Math.exp(5 + uniform() * 2));
      for (const [p, limit] of [
        [50, 300],
        [99, 800],
      ] as const) {
        const t = judgeTarget(values, p, limit, 0.95);
        expect(t.verdict === 'fail', `n=${n} p${p}`).toBe(t.lower !== null && t.lower > limit);
        expect(t.verdict === 'pass', `n=${n} p${p}`).toBe(t.upper !== null && t.upper < limit);
        expect(t.verdict === 'fail').toBe(t.pSlower <= 0.05);
        expect(t.verdict === 'pass').toBe(t.pFaster <= 0.05);
      }
    }
  });

  test('at the defaults (n = 50): p50 fails from 32 of 50 above, p99 from 3 of 50 above; neither shown met below that, a p99 never', () => {
    const with50 = (above: number, limit: number) =>
      Array.from({ length: 50 }, (_, i) => (i < above ? limit + 1 + i : limit / 2));
    expect(judgeTarget(with50(31, 170), 50, 170, 0.95).verdict).toBe('inconclusive');
    expect(judgeTarget(with50(32, 170), 50, 170, 0.95).verdict).toBe('fail');
    expect(judgeTarget(with50(18, 170), 50, 170, 0.95).verdict).toBe('pass');
    expect(judgeTarget(with50(19, 170), 50, 170, 0.95).verdict).toBe('inconclusive');
    expect(judgeTarget(with50(2, 600), 99, 600, 0.95).verdict).toBe('inconclusive');
    const failed = judgeTarget(with50(3, 600), 99, 600, 0.95);
    expect(failed.verdict).toBe('fail');
    expect(failed.why).toBe(
      'p99 ≤ 600 ms missed: 3 of 50 answers took longer than 600 ms; a server meeting it lets at most 1% take longer, and 3 or more of 50 would then happen in 1.4% of runs: the p99 is above 601 ms with 95% confidence'
    );
    const open = judgeTarget(with50(0, 600), 99, 600, 0.95);
    expect(open).toMatchObject({ verdict: 'inconclusive', needed: 299 });
    expect(open.why).toBe(
      'p99 ≤ 600 ms not decided: 0 of 50 answers took longer than 600 ms (0%); 50 answers are too few to show it with 95% confidence (that takes at least 299, none slower); about 299 would decide it at the rate seen'
    );
  });

  test('the samples a verdict recommends decide it with 90% chance at the rate seen, and fewer would not', () => {
    for (const [q, rate] of [
      [0.99, 0.03],
      [0.99, 0.002],
      [0.5, 0.62],
      [0.5, 0.4],
    ] as const) {
      const n = samplesToDecide(q, 0.05, rate)!;
      const chance = (size: number) => {
        const { lower, upper } = boundRanks(size, q, 0.05);
        return rate > 1 - q ? binomialTail(size, rate, size - lower + 1) : binomialCdf(size, rate, size - upper);
      };
      expect(chance(n), `q=${q} rate=${rate} n=${n}`).toBeGreaterThanOrEqual(DECIDING_POWER);
      expect(chance(n - 1), `q=${q} rate=${rate} n=${n - 1}`).toBeLessThan(DECIDING_POWER);
    }
    expect(samplesToDecide(0.99, 0.05, 0.01), 'a rate on the target decides nothing').toBeNull();
    expect(samplesToDecide(0.99, 0.05, 0)).toBe(299);
  });

  test('an operation fails when one target fails, passes when both pass; its recommendation follows the target that leans to fail', () => {
    const values = [...Array.from({ length: 47 }, () => 100), 700, 700];
    const v = judgeLatency(values, { p50: 170, p99: 600 }, 0.95);
    expect(v.targets.map((t) => t.verdict)).toEqual(['pass', 'inconclusive']);
    expect(v.verdict).toBe('inconclusive');
    expect(v.needed).toBe(v.targets[1]!.needed);
    expect(
      judgeLatency(
        Array.from({ length: 300 }, () => 100),
        { p50: 170, p99: 600 },
        0.95
      ).verdict
    ).toBe('pass');
    expect(
      judgeLatency(
        Array.from({ length: 50 }, () => 900),
        { p50: 170, p99: 600 },
        0.95
      ).verdict
    ).toBe('fail');
  });
});

test.describe('night to night: the exceedance law (lib/latency/two-sample.ts)', () => {
  /** P(K ≥ k) by counting every placement of m new samples among n + m ranks. */
  function enumerated(n: number, m: number, j: number, k: number): number {
    let hits = 0;
    let all = 0;
    const place = (start: number, left: number, chosen: number[]) => {
      if (left === 0) {
        all += 1;
        const ranks = new Set(chosen);
        const old = Array.from({ length: n + m }, (_, r) => r).filter((r) => !ranks.has(r));
        const reference = old[old.length - j]!;
        if (chosen.filter((r) => r > reference).length >= k) hits += 1;
        return;
      }
      for (let r = start; r <= n + m - left; r += 1) place(r + 1, left - 1, [...chosen, r]);
    };
    place(0, m, []);
    return hits / all;
  }

  test('its tail equals a count of every arrangement', () => {
    for (const [n, m, j] of [
      [5, 5, 1],
      [6, 4, 2],
      [8, 6, 1],
      [7, 7, 3],
    ] as const) {
      for (let k = 0; k <= m; k += 1) close(exceedanceTail(n, m, j, k), enumerated(n, m, j, k), 1e-12);
    }
    // Closed forms: the new maximum is above the old one with chance m / (n + m); all m above it, 1 / C(n + m, m).
    close(exceedanceTail(50, 50, 1, 1), 0.5, 1e-12);
    close(exceedanceTail(50, 50, 1, 5), (50 * 49 * 48 * 47 * 46) / (100 * 99 * 98 * 97 * 96), 1e-12);
  });

  test("at the nightly's defaults (50 and 50) a regression needs 5 of tonight's answers above 1.2 × the baseline's slowest", () => {
    const baseline = Array.from({ length: 50 }, (_, i) => 100 + i);
    const tonight = (above: number) => Array.from({ length: 50 }, (_, i) => (i < above ? 200 : 100));
    const four = slowerThanBaseline(baseline, tonight(4), 0.2, 0.95);
    expect(four).toMatchObject({ fromTop: 1, reference: 149, above: 4, needed: 5, significant: false });
    expect(four.why).toBe(
      "not shown slower: 4 of tonight's 50 answers took longer than 178.8 ms, 20% above the baseline's slowest answer of 50 (149 ms); a slowdown needs at least 5 of them with 95% confidence"
    );
    expect(slowerThanBaseline(baseline, tonight(5), 0.2, 0.95)).toMatchObject({
      significant: true,
      pValue: exceedanceTail(50, 50, 1, 5),
    });
    const few = slowerThanBaseline(baseline.slice(0, 5), [300], 0.2, 0.95);
    expect(few).toMatchObject({ needed: null, significant: false });
    expect(few.why).toMatch(/^not judged: .* with 5 and 1 samples no count would show a slowdown with 95% confidence/);
  });
});

test.describe('the network floor (lib/latency/floor.ts)', () => {
  const factorial = (k: number) => Array.from({ length: k }, (_, i) => BigInt(i + 1)).reduce((x, y) => x * y, 1n);
  /** B(x, y) for whole x, y as a fraction. */
  const beta = (x: number, y: number): [bigint, bigint] => [factorial(x - 1) * factorial(y - 1), factorial(x + y - 1)];

  /**
   * The same chance another way, exactly: the floor's exceedance E = 1 − G(d) is Beta(j, M − j + 1),
   * and given E each answer counts with chance a + (1 − a)E; expanded in powers of E and integrated
   * term by term (Beta moments), in whole numbers, for a = num / den.
   */
  function mixture(n: number, num: number, den: number, probes: number, j: number, k: number): number {
    const [b0n, b0d] = beta(j, probes - j + 1);
    let top = 0n;
    let bottom = 1n;
    for (let i = Math.max(0, k); i <= n; i += 1) {
      for (let r = 0; r <= i; r += 1) {
        // C(n, i) C(i, r) a^(i−r) (1−a)^r (1−a)^(n−i) · E[E^r (1 − E)^(n−i)]
        const coef =
          choose(n, i) * choose(i, r) * BigInt(num) ** BigInt(i - r) * BigInt(den - num) ** BigInt(r + n - i);
        const [bn, bd] = beta(j + r, probes - j + 1 + n - i);
        const termTop = coef * bn * b0d;
        const termBottom = BigInt(den) ** BigInt(n) * bd * b0n;
        top = top * termBottom + termTop * bottom;
        bottom *= termBottom;
      }
    }
    return ratio(top, bottom);
  }

  test("its tail equals the mixture over the floor's exceedance, computed in whole numbers", () => {
    for (const [n, probes] of [
      [5, 5],
      [6, 8],
      [9, 12],
    ] as const) {
      for (const [percentile, num, den] of [
        [50, 1, 2],
        [99, 1, 100],
      ] as const) {
        const floor = {
          ...networkFloor(
            Array.from({ length: probes }, (_, i) => 100 + i),
            percentile
          ),
          ms: 1,
        };
        for (let k = 0; k <= n; k += 1)
          close(floorTail(n, percentile, floor, k), mixture(n, num, den, probes, floor.fromTop, k), 1e-12);
      }
    }
    // A floor at the slowest of M probes: were every answer's network share what counts, all n above it has chance 1 / C(M + n, n).
    close(floorTail(3, 99.999999, { probes: 4, fromTop: 1, ms: 1 }, 3), 1 / 35, 1e-6);
  });

  test("its floor: a tenth of the target's tail share of the probes, at least the slowest; a probe without an answer counts as the slowest", () => {
    const probes = (m: number) => Array.from({ length: m }, (_, i) => 100 + i);
    expect([50, 100, 1000].map((m) => networkFloor(probes(m), 50).fromTop)).toEqual([3, 5, 50]);
    expect([50, 1000, 1001].map((m) => networkFloor(probes(m), 99).fromTop)).toEqual([1, 1, 2]);
    expect(networkFloor(probes(60), 50)).toEqual({ probes: 60, fromTop: 3, ms: 157 });
    expect(networkFloor([...probes(58), null, null], 50)).toEqual({ probes: 60, fromTop: 3, ms: 157 });
    expect(networkFloor([...probes(58), null, null], 99).ms, 'lost probes: no floor').toBeNull();
    expect(networkFloor([], 50)).toEqual({ probes: 0, fromTop: 0, ms: null });
  });

  test('at its worst case the stated confidence holds: a server at its target (each answer T + 500 or just under T) behind a network exchangeable with the probes fails in at most α of runs', () => {
    const uniform = mulberry32(11);
    // Any continuous law will do: this one with a tail of spikes.
    const network = () => 80 + 80 * uniform() + 40 * uniform() ** 8;
    const TRIALS = 3000;
    for (const [percentile, n, limit] of [
      [50, 50, 170],
      [99, 100, 600],
    ] as const) {
      const tail = 1 - percentile / 100;
      let fails = 0;
      let unlike = 0;
      for (let trial = 0; trial < TRIALS; trial += 1) {
        // Just under T: counted above T exactly when its network share exceeds the floor.
        const answers = Array.from({ length: n }, () => (uniform() < tail ? limit + 500 : limit - 1e-6) + network());
        const t = judgeTarget(answers, percentile, limit, 0.95, {
          kind: 'server',
          probes: Array.from({ length: n }, network),
        });
        if (t.verdict === 'fail') fails += 1;
        if ((t.verdict === 'fail') !== (t.lower !== null && t.lower > limit)) unlike += 1;
      }
      expect(unlike, 'fail ⟺ the server-side lower bound above T').toBe(0);
      expect(fails / TRIALS, `p${percentile} false FAIL rate`).toBeLessThanOrEqual(
        0.05 + 3 * Math.sqrt((0.05 * 0.95) / TRIALS)
      );
    }
  });
});

test("the requests in flight when each answer's request left count every request of the run, whatever its status", () => {
  const records: SentRecord[] = [
    ['getCard', 1000, 50, 200],
    ['getCard', 1010, 10, 404],
    ['getMasterData', 1015, 100, 200],
    ['getCard', 1200, 5, 200],
    ['getSession', 1016, 3, 200],
  ];
  const series = passiveSamples(records);
  expect(series.find((s) => s.operation === 'get-card')).toEqual({
    operation: 'get-card',
    latencies: [50, 5],
    inFlight: [1, 1],
  });
  // At 1015: the get-card of 1000 (to 1050) and itself; the 404 ended at 1020, still in flight too.
  expect(series.find((s) => s.operation === 'master-data')).toEqual({
    operation: 'master-data',
    latencies: [100],
    inFlight: [3],
  });
  expect(
    series.map((s) => s.operation),
    'sessions have no latency target'
  ).toEqual(['get-card', 'master-data']);
  const refused = passiveSamples([['cancelCard', 1000, 20, 400]]);
  expect(refused, 'an operation used without a 2xx answer is there, without samples').toEqual([
    { operation: 'cancel-card', latencies: [], inFlight: [] },
  ]);
  expect(judgeLatency([], { p50: 900, p99: 2500 }, 0.95)).toMatchObject({
    verdict: 'inconclusive',
    why: 'p50 ≤ 900 ms not decided: no answers to judge; p99 ≤ 2500 ms not decided: no answers to judge',
  });
});

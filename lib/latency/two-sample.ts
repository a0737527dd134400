/**
 * "Slower than the baseline", judged on the two nights' samples with a practical margin: how many
 * of tonight's answers are slower than (1 + margin) × the baseline's p99? If tonight's latencies
 * were the baseline's times exactly (1 + margin), the two samples would be exchangeable after
 * dividing tonight's by it, and the count K of tonight's m answers above the baseline's j-th
 * slowest of n follows the exceedance law (distribution-free):
 *   P(K = k) = C(j − 1 + k, k) · C(n − j + m − k, m − k) / C(n + m, m).
 * A count whose chance under that law is at most α = 1 − confidence is a regression: significant,
 * and larger than the margin. Anything less is a notice at most.
 */
import { exceedanceTail } from './exceedance.js';
import { holmAdjusted } from './family.js';
import { percent, pValueText } from './verdict.js';

export interface SlowerTest {
  /** Practical margin: a change below (1 + margin) × the baseline's p99 is never a regression. */
  margin: number;
  confidence: number;
  baselineSamples: number;
  samples: number;
  /** The baseline's p99 (nearest rank) is its j-th slowest answer: 1 = its slowest. */
  fromTop: number;
  /** The baseline's p99, ms, and (1 + margin) times it. */
  reference: number;
  threshold: number;
  /** Tonight's answers slower than the threshold. */
  above: number;
  /** Chance of `above` or more if tonight were exactly the margin slower. */
  pValue: number;
  significant: boolean;
  /** The fewest answers above the threshold that would be significant at these sample sizes (null: none would). */
  needed: number | null;
  /**
   * Judged with the night's other comparisons (judgeSlowerTogether): how many there were and the
   * p-value adjusted for them; `significant` and `needed` are then the family's. Absent: on its own.
   */
  family?: { size: number; pValue: number };
  why: string;
}

const fewest = new Map<string, number | null>();

/** The fewest new samples above the reference whose chance under exchangeability is at most α (null: none is). */
export function fewestSignificant(n: number, m: number, j: number, alpha: number): number | null {
  const key = `${n}|${m}|${j}|${alpha}`;
  if (!fewest.has(key)) {
    let found: number | null = null;
    for (let k = 1; k <= m && found === null; k += 1) if (exceedanceTail(n, m, j, k) <= alpha) found = k;
    if (fewest.size > 10_000) fewest.clear();
    fewest.set(key, found);
  }
  return fewest.get(key)!;
}

const ms = (v: number) => `${Math.round(v * 10) / 10}`;

/** Whether `tonight` is slower than `baseline` at its p99 by more than the margin, at `confidence`. */
export function slowerThanBaseline(
  baseline: readonly number[],
  tonight: readonly number[],
  margin: number,
  confidence: number
): SlowerTest {
  const alpha = 1 - confidence;
  const sorted = [...baseline].sort((a, b) => a - b);
  const n = sorted.length;
  const m = tonight.length;
  const rank = Math.min(n, Math.max(1, Math.ceil(0.99 * n - 1e-9)));
  const fromTop = n - rank + 1;
  const reference = sorted[rank - 1] ?? Number.NaN;
  const threshold = reference * (1 + margin);
  const above = tonight.filter((v) => v > threshold).length;
  const pValue = n && m ? exceedanceTail(n, m, fromTop, above) : 1;
  const needed = n && m ? fewestSignificant(n, m, fromTop, alpha) : null;
  const significant = needed !== null && above >= needed;
  const test: SlowerTest = {
    margin,
    confidence,
    baselineSamples: n,
    samples: m,
    fromTop,
    reference,
    threshold,
    above,
    pValue,
    significant,
    needed,
    why: '',
  };
  return { ...test, why: slowerWords(test) };
}

function slowerWords(t: SlowerTest): string {
  const conf = `${Math.round(t.confidence * 1000) / 10}%`;
  const margin = `${Math.round(t.margin * 100)}%`;
  const slowest = t.fromTop === 1 ? 'slowest answer' : `p99 (its ${t.fromTop}th slowest answer)`;
  const seen = `${t.above} of tonight's ${t.samples} answers took longer than ${ms(t.threshold)} ms, ${margin} above the baseline's ${slowest} of ${t.baselineSamples} (${ms(t.reference)} ms)`;
  // A family of one adds nothing to say.
  const f = t.family && t.family.size > 1 ? t.family : undefined;
  const together = f ? `the ${f.size} operations compared together` : '';
  if (!t.baselineSamples || !t.samples) return 'no samples to compare';
  if (t.significant)
    return `slower: ${seen}; were tonight only ${margin} slower, ${t.above} or more would happen in ${percent(t.pValue)} of nights (${f ? `p ${pValueText(t.pValue)}; ${pValueText(f.pValue)} adjusted for ${together}; ` : ''}${conf} confidence)`;
  if (t.needed === null)
    return `not judged: ${seen}; with ${t.baselineSamples} and ${t.samples} samples no count would show a slowdown with ${conf} confidence${f ? ` across ${together}` : ''} (more samples: FLEET_PERF_DURATION)`;
  return `not shown slower: ${seen}${f ? ` (p ${pValueText(t.pValue)}; ${pValueText(f.pValue)} adjusted for ${together})` : ''}; a slowdown needs at least ${t.needed} of them with ${conf} confidence${f ? `, the other operations as they are` : ''}`;
}

/**
 * A night's comparisons judged as one family (lib/latency/family.ts): a regression on any
 * operation with a chance of at most 1 − confidence when none is slower by more than the margin.
 * Each keeps its own count and p-value; `significant`, `needed` and the words become the family's.
 */
export function judgeSlowerTogether(tests: readonly SlowerTest[]): SlowerTest[] {
  const compared = tests.filter((t) => t.baselineSamples && t.samples);
  if (!compared.length) return [...tests];
  const alpha = 1 - compared[0]!.confidence;
  const pValues = holmAdjusted(compared.map((t) => t.pValue));
  const adjusted = new Map(pValues.map((p, i) => [compared[i]!, p]));
  // Holm finds a slowdown, the other operations as they are, once its p-value is at most α over
  // the comparisons not significant: `needed` at that level keeps "significant ⟺ above ≥ needed".
  const level = alpha / Math.max(1, pValues.filter((p) => p > alpha).length);
  return tests.map((own) => {
    const pValue = adjusted.get(own);
    if (pValue === undefined) return own;
    const test: SlowerTest = {
      ...own,
      family: { size: compared.length, pValue },
      significant: pValue <= alpha,
      needed: fewestSignificant(own.baselineSamples, own.samples, own.fromTop, level),
    };
    return { ...test, why: slowerWords(test) };
  });
}

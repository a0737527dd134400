/**
 * <FLEET_REPORTS_DIR>/perf/summary.json: the shape other tools read. Required per operation:
 * operation, samples, rate, errors, p50, p90, p99, max, targetP50, targetP99, pass, note
 * (milliseconds). Extra fields are additions only; lib/report/coverage.ts reads `status` and
 * `reason`, the nightly gate `latencies` (a baseline keeps its samples).
 */

import type { Footprint } from '../../lib/footprint.js';
import type { PassiveOperation } from '../../lib/latency/passive-report.js';
import type { SlowerTest } from '../../lib/latency/two-sample.js';
import type { LatencyVerdict } from '../../lib/latency/verdict.js';
import type { LatencyKey } from '../../lib/operations.js';

export interface BaselineComparison {
  p50: number | null;
  p99: number | null;
  /** Relative change of p50 / p99 against the baseline, percent (positive = slower). */
  changeP50Pct: number | null;
  changeP99Pct: number | null;
  /** The p99 point estimate is more than the margin (20%) above the baseline's: slower at first sight. */
  slower: boolean;
  /** Slower by more than the margin, and significantly so on the two nights' samples (`test`). */
  regression: boolean;
  /** The two-sample test; absent when the baseline keeps no samples (an older summary.json). */
  test?: SlowerTest;
}

/** The conformance run's answers of the operation, judged as a second, passive series. */
export interface PassiveSeries extends Omit<PassiveOperation, 'latencies'> {
  /** The conformance run that gave them (reports/latency-passive.json). */
  runId: string;
}

export interface OperationResult {
  operation: LatencyKey;
  /** 2xx answers counted (warm-up excluded). */
  samples: number;
  /** Arrival rate per second the operation was driven at (evenly spaced). */
  rate: number;
  /** Counted requests that failed: non-2xx answers, timeouts, connection errors. */
  errors: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
  targetP50: number;
  targetP99: number;
  /** Does not fail the gate: passed, or not decided (false when failed or not measured: see `status`). */
  pass: boolean;
  note: string;
  // ---- additions ----
  /**
   * The gate's verdict: a `failed` operation fails the gate; a `not-measured` one (the run could
   * not measure it here: no cards to consume, orders that complete later, the write budget, ...) never does.
   */
  status: OperationStatus;
  /** Why the operation was not measured. */
  reason?: string;
  /** errors / (samples + errors). */
  errorRate: number;
  /** Answers by status ("timeout" etc. for failures without one). */
  statuses: Record<string, number>;
  /** p99 rests on fewer than 100 samples. */
  lowConfidence: boolean;
  /** Each target judged at the stated confidence on the fixed-rate samples (absent when not measured). */
  verdict?: LatencyVerdict;
  /** The counted 2xx latencies, ms (0.1): what a later night compares with. */
  latencies?: number[];
  /** The same targets judged on the conformance run's own answers, when its series is in the reports folder. */
  passive?: PassiveSeries;
  /** What `note` says besides the verdict (late requests, failures within 1%, the write budget). */
  remarks?: string[];
  /** What fails the operation besides its latency verdict: no answer to measure, errors over 1%. */
  problems?: string[];
  /** Which series gave `status`: the fixed-rate one, or the passive one where the fixed-rate one did not decide. */
  decidedBy?: 'fixed rate' | 'conformance run';
  /** Slots that left more than 5 ms late (still measured from their due time). */
  late: number;
  /** Slots the scenario had nothing to send for. */
  notSent: number;
  measured: boolean;
  baseline?: BaselineComparison;
}

/** `inconclusive`: measured, but the samples decide no target either way: a notice, never a failure of the gate. */
export type OperationStatus = 'passed' | 'failed' | 'inconclusive' | 'not-measured';

export interface OverheadResult {
  /** What was measured: the harness against a trivial loopback server that answers `{}` at once. */
  description: string;
  rate: number;
  samples: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface PerfSummary {
  target: string;
  startedAt: string;
  operations: OperationResult[];
  // ---- additions ----
  finishedAt: string;
  baseUrl: string;
  pass: boolean;
  interrupted: boolean;
  settings: {
    duration: number;
    rate: number;
    warmup: number;
    sandboxLatency?: string;
    percentiles: string;
    confidence?: number;
    /** How the targets were judged (register ASSUME-LATENCY-MEASURE): beyond the network's share the probes measured, or on client-observed times (strict). */
    measure?: 'server-side' | 'client-observed';
  };
  /**
   * How the gate's verdicts were judged: every target with answers (p50 and p99 of each measured
   * operation) as one family, at most 1 − confidence chance of any false "missed" (and of any
   * false "met"); each target's raw and adjusted p-values are in its verdict (`family`).
   */
  family?: { procedure: string; words: string; targets: number; confidence: number };
  /** The passive series this run used (or why not): a conformance run's reports/latency-passive.json. */
  passiveSource?: { file: string; runId: string; writtenAt: string; used: boolean; why?: string };
  clientOverhead?: OverheadResult;
  baselineFile?: string;
  /** Problems of the tidy-up (something may still be blocked): empty when all was put back. */
  tidyUp: string[];
  /** What the run sent and what it created and changed on the target (set-up and measured requests). */
  footprint: Footprint;
  /** The card orders the run placed (the cards stay on the target). */
  orderReferences: string[];
}

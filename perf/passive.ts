/**
 * Where the fixed-rate series meets the passive one: a conformance run of the same target leaves
 * its answers' latencies in the reports folder (lib/latency/passive-report.ts); `npm run perf`
 * shows them beside its own, and lets them show met an operation its own series does not decide
 * (not measured, as cancel-card or replace-card may be, or not decided).
 */
import { join } from 'node:path';
import type { Config } from '../lib/config.js';
import { PASSIVE_FILE, type PassiveReport, readPassive } from '../lib/latency/passive-report.js';
import type { OperationResult, PerfSummary } from './report/summary.js';

/** The passive series of `config`'s target in its reports folder, and what the summary says of it. */
export function passiveFor(config: Config): { report?: PassiveReport; source?: PerfSummary['passiveSource'] } {
  const file = join(config.reportsDir, PASSIVE_FILE);
  let report: PassiveReport | undefined;
  try {
    report = readPassive(config.reportsDir);
  } catch (e) {
    return {
      source: {
        file,
        runId: '',
        writtenAt: '',
        used: false,
        why: `unreadable: ${(e as Error).message.split('\n')[0]}`,
      },
    };
  }
  if (!report) return {};
  const source = { file, runId: report.runId, writtenAt: report.writtenAt };
  const same =
    report.target === config.target &&
    (config.sandbox
      ? (report.sandboxLatency ?? 'off') === (config.perf.sandboxLatency ?? 'off')
      : report.baseUrl === config.baseUrl);
  if (!same) {
    const theirs = `${report.target} ${config.sandbox ? `SANDBOX_LATENCY=${report.sandboxLatency ?? 'off'}` : report.baseUrl}`;
    return { source: { ...source, used: false, why: `another target's (${theirs})` } };
  }
  return { report, source: { ...source, used: true } };
}

/**
 * Adds the passive series to each operation. Where the fixed-rate one did not decide (not decided,
 * or not measured), the passive one's "met" stands: the client's own delays only ever add to what
 * it timed, so answers shown fast enough were. Its "missed" (only on client-observed times,
 * FLEET_STRICT=ASSUME-LATENCY-MEASURE) stays a notice: the timings include the network's share and
 * the client's own waiting at the run's concurrency, which are no evidence against the target.
 */
export function joinPassive(operations: OperationResult[], report: PassiveReport): void {
  for (const result of operations) {
    const passive = report.operations.find((o) => o.operation === result.operation);
    if (result.measured) result.decidedBy = 'fixed rate';
    if (!passive) continue;
    const { latencies: _kept, ...series } = passive;
    result.passive = { ...series, runId: report.runId };
    const open = result.status === 'inconclusive' || result.status === 'not-measured';
    if (!open || passive.verdict.verdict === 'inconclusive') continue;
    const answers = `the conformance run's ${passive.samples} answers`;
    if (passive.verdict.verdict === 'fail') {
      result.note = [
        result.note,
        `${answers} missed it, a notice (their timings include the network's share and the client's own delays at the run's concurrency): ${passive.verdict.why}`,
      ].join('; ');
      continue;
    }
    result.status = 'passed';
    result.pass = true;
    result.decidedBy = 'conformance run';
    result.note = [
      `decided by ${answers} (met: ${passive.verdict.why})`,
      result.note.replace(/^NOT DECIDED \(a notice, never a failure of the gate\); /, 'at the fixed rate: '),
    ]
      .filter(Boolean)
      .join('; ');
  }
}

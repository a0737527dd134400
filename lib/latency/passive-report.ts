/**
 * The passive series of a conformance run, <FLEET_REPORTS_DIR>/latency-passive.json and .html:
 * per operation with a latency target, its 2xx answers as latency samples, judged against the
 * document's targets with the same method as `npm run perf` (lib/latency/verdict.ts: every target
 * of the run judged together), with the run's requests in flight when they left. The client's own
 * delays at the run's concurrency count in every timing (they only add): "met" holds for the
 * target, "missed" is a notice. `npm run perf` reads the file when it finds one of the same target
 * in its reports folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { latencyKeys, latencyTargets } from '../latency-targets.js';
import type { LatencyKey } from '../operations.js';
import { escapeHtml, page, table } from '../report/html.js';
import { passiveSamples, type SentRecord } from './passive.js';
import {
  boundsText,
  CLIENT_OBSERVED,
  judgeLatency,
  judgeTogether,
  type LatencyVerdict,
  type TargetVerdict,
} from './verdict.js';

export const PASSIVE_FILE = 'latency-passive.json';
export const PASSIVE_PAGE = 'latency-passive.html';

export const PASSIVE_WORDS =
  "the conformance run's own 2xx answers, timed by its client at no extra load: the run's pace and concurrency, not a fixed arrival rate";

export interface PassiveOperation {
  operation: LatencyKey;
  samples: number;
  /** Requests of the run in flight when an answer's request left: median and largest. */
  inFlight: { median: number; max: number };
  verdict: LatencyVerdict;
  /** Every 2xx latency, ms (0.1). */
  latencies: number[];
}

export interface PassiveReport {
  series: 'passive';
  description: string;
  /** FLEET_TARGET, base URL and (for the sandbox) SANDBOX_LATENCY of the run: `npm run perf` uses the file only for the same. */
  target: string;
  baseUrl: string;
  sandboxLatency?: string;
  runId: string;
  writtenAt: string;
  /** How the times were taken: for the server's own (missed never shown), or as they are (FLEET_STRICT=ASSUME-LATENCY-MEASURE). */
  measure: 'server-side' | 'client-observed';
  /** Every request the run's clients sent (all statuses). */
  requests: number;
  operations: PassiveOperation[];
}

export interface PassiveRun {
  target: string;
  baseUrl: string;
  sandboxLatency?: string;
  runId: string;
  confidence: number;
  /** FLEET_STRICT=ASSUME-LATENCY-MEASURE: the times judged as they are, both ways. */
  clientObserved: boolean;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length / 2) - 1)] ?? 0;

export function buildPassiveReport(
  records: readonly SentRecord[],
  run: PassiveRun,
  writtenAt = new Date().toISOString()
): PassiveReport {
  const series = passiveSamples(records);
  const measure = run.clientObserved ? CLIENT_OBSERVED : { kind: 'server' as const, probes: [] };
  const alone = latencyKeys.flatMap((key): PassiveOperation[] => {
    const s = series.find((x) => x.operation === key);
    if (!s) return [];
    return [
      {
        operation: key,
        samples: s.latencies.length,
        inFlight: { median: median(s.inFlight), max: Math.max(0, ...s.inFlight) },
        verdict: judgeLatency(s.latencies, latencyTargets[key], run.confidence, measure),
        latencies: s.latencies,
      },
    ];
  });
  // Its targets judged together, as `npm run perf` judges its own: "met" here passes an operation there.
  const together = judgeTogether(alone.map((o) => o.verdict));
  const operations = alone.map((o, i) => ({ ...o, verdict: together[i]! }));
  return {
    series: 'passive',
    description: PASSIVE_WORDS,
    target: run.target,
    baseUrl: run.baseUrl,
    ...(run.sandboxLatency ? { sandboxLatency: run.sandboxLatency } : {}),
    runId: run.runId,
    writtenAt,
    measure: run.clientObserved ? 'client-observed' : 'server-side',
    requests: records.length,
    operations,
  };
}

const ms = (v: number | null) => (v === null ? '–' : `${Math.round(v * 10) / 10}`);
const verdictWord = (v: LatencyVerdict['verdict']) =>
  v === 'pass' ? 'met' : v === 'fail' ? 'missed (a notice)' : 'not decided';
const pointAndBounds = (t: TargetVerdict) => `${ms(t.estimate)} ${boundsText(t)}`;

/** What the terminal shows at the end of a conformance run. */
export function passiveLines(report: PassiveReport, where: string): string[] {
  if (!report.operations.length) return [];
  const conf = Math.round(report.operations[0]!.verdict.confidence * 1000) / 10;
  const lines = [`latency at no extra load (${PASSIVE_WORDS}); p50 and p99 in ms with their ${conf}% bounds:`];
  for (const o of report.operations) {
    const [p50, p99] = o.verdict.targets;
    const tail =
      o.verdict.verdict === 'fail'
        ? `missed, a notice (the network's share and the client's own delays count too): ${o.verdict.why}`
        : o.verdict.verdict === 'inconclusive'
          ? `not decided${o.verdict.needed ? ` (about ${o.verdict.needed} answers would decide it)` : ''}`
          : 'met';
    lines.push(
      `  ${o.operation.padEnd(20)} n=${String(o.samples).padStart(4)}  in flight ${o.inFlight.median}/${o.inFlight.max}  p50 ${pointAndBounds(p50!).padEnd(24)} p99 ${pointAndBounds(p99!).padEnd(26)} ${tail}`
    );
  }
  const count = (v: string) => report.operations.filter((o) => o.verdict.verdict === v).length;
  const missed =
    report.measure === 'server-side'
      ? "never missed: no probe measured the network's share here"
      : `${count('fail')} missed`;
  lines.push(
    `  ${report.operations.length} operations: ${count('pass')} met, ${missed}, ${count('inconclusive')} not decided (notices: npm run perf measures at a fixed rate, the network's share beside it); ${where}`
  );
  return lines;
}

/** The series in one line when it decided nothing (every operation not decided): its table would say only that. */
export function passiveShortLines(report: PassiveReport, where: string): string[] {
  if (report.operations.some((o) => o.verdict.verdict !== 'inconclusive')) return passiveLines(report, where);
  if (!report.operations.length) return [];
  return [
    `latency at no extra load: ${report.operations.length} operation${report.operations.length > 1 ? 's' : ''}, none decided by the run's own answers (npm run perf decides them); ${where}`,
  ];
}

export function passiveHtml(report: PassiveReport): string {
  const rows = report.operations.map((o) => {
    const [p50, p99] = o.verdict.targets;
    return [
      `<code class="id">${escapeHtml(o.operation)}</code>`,
      String(o.samples),
      `${o.inFlight.median} / ${o.inFlight.max}`,
      `${escapeHtml(pointAndBounds(p50!))}<br><small>target ${p50!.limit}</small>`,
      `${escapeHtml(pointAndBounds(p99!))}<br><small>target ${p99!.limit}</small>`,
      `<span class="${o.verdict.verdict === 'pass' ? 'passed' : o.verdict.verdict === 'fail' ? 'failed' : 'not-run'}">${verdictWord(o.verdict.verdict)}</span>`,
      `<ul>${o.verdict.targets.map((t) => `<li>${escapeHtml(t.why)}</li>`).join('')}</ul>`,
    ];
  });
  const conf = report.operations.length ? Math.round(report.operations[0]!.verdict.confidence * 1000) / 10 : 95;
  const body = `<h1>Latency at no extra load</h1>
<p class="meta">Run ${escapeHtml(report.runId)} against ${escapeHtml(report.target)} ${escapeHtml(report.baseUrl)}${report.sandboxLatency ? ` (SANDBOX_LATENCY=${escapeHtml(report.sandboxLatency)})` : ''}, ${escapeHtml(report.writtenAt)}; ${report.requests} requests timed.</p>
<p>A second, passive series: ${escapeHtml(PASSIVE_WORDS)}. Each target "pN ≤ T" is met unless the answers show otherwise:
<b>missed</b> when more answers took longer than T than a server meeting it would give in ${Math.round((100 - conf) * 10) / 10}% of runs; <b>met</b> when so few did
that the pN is below T with ${conf}% confidence; <b>not decided</b> otherwise, with about how many answers would decide it. The timings include the
network's share and the client's own delays at the run's concurrency (they only ever add): <b>met</b> here holds for the target too.
${
  report.measure === 'server-side'
    ? "The targets are server-side and this series has no probe of the network's share: it shows a target met, never missed (register ASSUME-LATENCY-MEASURE; <code>npm run perf</code> measures that share beside its own requests)."
    : "Judged as the client saw them (<code>FLEET_STRICT=ASSUME-LATENCY-MEASURE</code>): <b>missed</b> is a notice, never a failure, for <code>npm run perf</code>'s fixed rate to judge."
}
Beside each percentile: its ${conf}% bounds [lower, upper] (∞: too few answers for an upper bound). In flight: the run's requests in flight
when an answer's request left, median / largest. <code>npm run perf</code> in the same reports folder shows this series beside its own and lets its <b>met</b> stand where its own fixed-rate series decides nothing.</p>
${table(['operation', 'answers', 'in flight', 'p50 [bounds], ms', 'p99 [bounds], ms', 'verdict', 'why'], rows)}`;
  return page('Latency at no extra load', body);
}

/** The passive series in `reportsDir`, if a conformance run left one. */
export function readPassive(reportsDir: string): PassiveReport | undefined {
  const file = join(reportsDir, PASSIVE_FILE);
  if (!existsSync(file)) return undefined;
  const data = JSON.parse(readFileSync(file, 'utf8')) as PassiveReport;
  return data?.series === 'passive' && Array.isArray(data.operations) ? data : undefined;
}

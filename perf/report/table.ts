/** The console side of the report: one line per operation as it finishes, the summary table, and each verdict's why. */
import { boundsText, pValueText, type TargetVerdict } from '../../lib/latency/verdict.js';
import { footprintLine } from '../../lib/report/summary-text.js';
import type { OperationResult, PerfSummary } from './summary.js';

const ms = (v: number | null) => (v === null ? '-' : v.toFixed(1));

/** pass, FAIL, not decided or not measured: what the gate made of the operation. */
export const verdictOf = (r: OperationResult) => ({ 'not-measured': 'not measured', passed: 'pass', failed: 'FAIL', inconclusive: 'not decided' })[r.status];

/** A percentile with its confidence bounds: `136.2 [120.3, 150.1]`. */
export function withBounds(value: number | null, t: TargetVerdict | undefined): string {
  return t ? `${ms(value)} ${boundsText(t)}` : ms(value);
}

/** The passive series in a few words: `n=212 met` (the conformance run's answers). */
export function passiveText(r: OperationResult): string {
  const p = r.passive;
  if (!p) return '-';
  return `n=${p.samples} ${({ pass: 'met', fail: 'missed (notice)', inconclusive: 'not decided' })[p.verdict.verdict]}`;
}

/** Why an operation is what it is, in a line: the gate's reasons, or how many samples would decide it. */
export function shortWhy(r: OperationResult): string {
  if (r.status === 'not-measured') return r.reason ?? '';
  if (r.status === 'failed') return r.note.replace(/^FAIL: /, '').split('; ')[0]!;
  if (r.status === 'inconclusive') {
    const needed = r.verdict?.needed;
    return needed ? `about ${needed} samples would decide it (FLEET_PERF_DURATION=${Math.ceil(needed / r.rate)})` : 'the samples sit at the target';
  }
  return r.decidedBy === 'conformance run' ? 'decided by the conformance run\'s answers' : '';
}

export function formatResultLine(r: OperationResult): string {
  const [p50, p99] = r.verdict?.targets ?? [];
  return `  ${r.operation.padEnd(20)} n=${String(r.samples).padStart(5)}  p50 ${withBounds(r.p50, p50).padEnd(22)} p99 ${withBounds(r.p99, p99).padEnd(22)} ms  `
    + `(targets ${r.targetP50}/${r.targetP99})  errors ${r.errors}  ${verdictOf(r)}${r.verdict && !judgedTogether(r) ? ' on its own' : ''}${r.status === 'passed' ? '' : `  ${shortWhy(r)}`}`;
}

const judgedTogether = (r: OperationResult) => !!r.verdict?.targets.some((t) => t.family);

/** The family the gate judged, in a line: the procedure, how many targets, and those whose verdict it changed. */
export function familyLine(summary: PerfSummary): string | undefined {
  const f = summary.family;
  if (!f?.targets) return undefined;
  const alpha = 1 - f.confidence;
  const changed = summary.operations.flatMap((r) => (r.verdict?.targets ?? [])
    .filter((t) => t.family && t.verdict === 'inconclusive' && (t.pSlower <= alpha || t.pFaster <= alpha))
    .map((t) => `${r.operation} p${t.percentile} (p ${pValueText(Math.min(t.pSlower, t.pFaster))}, adjusted ${pValueText(t.pSlower <= alpha ? t.family!.pSlower : t.family!.pFaster)})`));
  return `the gate judged the run's ${f.targets} targets together (${f.words}): at most ${Math.round(alpha * 1000) / 10}% chance of any false "missed" among them${changed.length ? `; decided on their own but not together: ${changed.join(', ')}` : ''}`;
}

/** Each operation that did not pass at the fixed rate, with its verdict in words. */
function whyLines(summary: PerfSummary): string[] {
  const out: string[] = [];
  for (const r of summary.operations.filter((o) => o.status !== 'passed' || o.decidedBy === 'conformance run')) {
    const words = r.status === 'not-measured' ? `not measured: ${r.reason}` : r.note.replace(/^NOT DECIDED \(a notice, never a failure of the gate\); /, '');
    out.push(`  ${r.operation} — ${words}`);
  }
  return out.length ? ['', `why (each target "pN ≤ T" is met unless the samples show otherwise, at ${Math.round((summary.settings.confidence ?? 0.95) * 1000) / 10}% confidence):`, ...out] : [];
}

export function formatTable(summary: PerfSummary): string {
  const conf = Math.round((summary.settings.confidence ?? 0.95) * 1000) / 10;
  const header = ['operation', 'samples', 'rate/s', 'errors', `p50 [${conf}% bounds]`, `p99 [${conf}% bounds]`, 'max', 'targets', 'conformance run', 'result', 'note'];
  const rows = summary.operations.map((r) => [
    r.operation, String(r.samples), String(r.rate), String(r.errors), withBounds(r.p50, r.verdict?.targets[0]), withBounds(r.p99, r.verdict?.targets[1]), ms(r.max),
    `${r.targetP50}/${r.targetP99}`, passiveText(r), verdictOf(r),
    [shortWhy(r), r.baseline?.changeP99Pct != null ? `p99 ${r.baseline.changeP99Pct > 0 ? '+' : ''}${r.baseline.changeP99Pct}% vs baseline${r.baseline.regression ? ' REGRESSION' : r.baseline.slower ? ' (not shown by the samples)' : ''}` : '']
      .filter(Boolean).join('; '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (i === header.length - 1 ? 0 : r[i]!.length))));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out = [line(header), line(widths.map((w) => '-'.repeat(w)))];
  out.push(...rows.map(line));
  out.push(...whyLines(summary));
  const family = familyLine(summary);
  if (family) out.push('', family);
  if (summary.clientOverhead) {
    const o = summary.clientOverhead;
    out.push('', `client overhead on loopback (the floor under every number above): p50 ${o.p50} ms, p90 ${o.p90} ms, p99 ${o.p99} ms, max ${o.max} ms (n=${o.samples} at ${o.rate}/s)`);
  }
  const source = summary.passiveSource;
  if (source) out.push(source.used ? `conformance run: its answers of run ${source.runId} (${source.writtenAt}, ${source.file}) judged as a passive series; they decide where the fixed rate did not` : `conformance run: ${source.file} not used: ${source.why}`);
  out.push(`perf run ${footprintLine(summary.footprint)}`);
  const named = (status: OperationResult['status']) => summary.operations.filter((r) => r.status === status).map((r) => r.operation);
  const [failed, open, unmeasured] = [named('failed'), named('inconclusive'), named('not-measured')];
  const notices = [
    open.length ? `not decided, a notice that never fails the gate: ${open.join(', ')} (more samples: FLEET_PERF_DURATION, perf/README.md)` : '',
    unmeasured.length ? `not measured, which never fails the gate: ${unmeasured.join(', ')}` : '',
  ].filter(Boolean).join('; ');
  out.push(`latencies in ms, exact percentiles of counted 2xx answers, bounds at ${conf}% confidence; ${summary.pass ? 'GATE PASSED' : `GATE FAILED${failed.length ? `: ${failed.join(', ')}` : ''}${summary.interrupted ? ' (interrupted)' : ''}`}${notices ? ` (${notices})` : ''}`);
  for (const problem of summary.tidyUp) out.push(`TIDY-UP PROBLEM: ${problem}`);
  return out.join('\n');
}

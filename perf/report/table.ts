/** The console side of the report: one line per operation as it finishes, and the summary table. */
import { footprintLine } from '../../lib/report/summary-text.js';
import type { OperationResult, PerfSummary } from './summary.js';

const ms = (v: number | null) => (v === null ? '-' : v.toFixed(1));

/** pass, FAIL or not measured: what the gate made of the operation. */
export const verdictOf = (r: OperationResult) => (r.status === 'not-measured' ? 'not measured' : r.status === 'passed' ? 'pass' : 'FAIL');

export function formatResultLine(r: OperationResult): string {
  const why = r.status === 'not-measured' ? `  ${r.reason}` : r.status === 'failed' ? `  ${r.note}` : '';
  return `  ${r.operation.padEnd(20)} n=${String(r.samples).padStart(5)}  p50 ${ms(r.p50).padStart(7)}  p99 ${ms(r.p99).padStart(7)} ms  `
    + `(targets ${r.targetP50}/${r.targetP99})  errors ${r.errors}  ${verdictOf(r)}${why}`;
}

export function formatTable(summary: PerfSummary): string {
  const header = ['operation', 'samples', 'rate/s', 'errors', 'p50', 'p90', 'p99', 'max', 'target p50', 'target p99', 'result', 'note'];
  const rows = summary.operations.map((r) => [
    r.operation, String(r.samples), String(r.rate), String(r.errors), ms(r.p50), ms(r.p90), ms(r.p99), ms(r.max),
    String(r.targetP50), String(r.targetP99), verdictOf(r),
    [r.lowConfidence ? `(n=${r.samples}: p99 = their maximum)` : '', r.baseline?.changeP99Pct != null ? `p99 ${r.baseline.changeP99Pct > 0 ? '+' : ''}${r.baseline.changeP99Pct}% vs baseline${r.baseline.regression ? ' REGRESSION' : ''}` : '',
      r.status === 'not-measured' ? r.reason ?? '' : r.status === 'failed' ? r.note.replace(/^FAIL: /, '') : '']
      .filter(Boolean).join(' '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (i === header.length - 1 ? 0 : r[i]!.length))));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out = [line(header), line(widths.map((w) => '-'.repeat(w)))];
  out.push(...rows.map(line));
  if (summary.clientOverhead) {
    const o = summary.clientOverhead;
    out.push('', `client overhead on loopback (the floor under every number above): p50 ${o.p50} ms, p90 ${o.p90} ms, p99 ${o.p99} ms, max ${o.max} ms (n=${o.samples} at ${o.rate}/s)`);
  }
  out.push(`perf run ${footprintLine(summary.footprint)}`);
  const failed = summary.operations.filter((r) => r.status === 'failed').map((r) => r.operation);
  const unmeasured = summary.operations.filter((r) => r.status === 'not-measured').map((r) => r.operation);
  const notMeasured = unmeasured.length ? ` (not measured, which never fails the gate: ${unmeasured.join(', ')})` : '';
  out.push(`latencies in ms, exact percentiles of counted 2xx answers; ${summary.pass ? 'GATE PASSED' : `GATE FAILED${failed.length ? `: ${failed.join(', ')}` : ''}${summary.interrupted ? ' (interrupted)' : ''}`}${notMeasured}`);
  for (const problem of summary.tidyUp) out.push(`TIDY-UP PROBLEM: ${problem}`);
  return out.join('\n');
}

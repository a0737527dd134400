/** The console side of the report: one line per operation as it finishes, the summary table, and each verdict's why. */
import { boundsText, openByNetwork, pValueText, type TargetVerdict } from '../../lib/latency/verdict.js';
import { footprintLine } from '../../lib/report/summary-text.js';
import type { OperationResult, PerfSummary } from './summary.js';

const ms = (v: number | null) => (v === null ? '-' : v.toFixed(1));

/** pass, FAIL, not decided or not measured: what the gate made of the operation. */
export const verdictOf = (r: OperationResult) =>
  ({ 'not-measured': 'not measured', passed: 'pass', failed: 'FAIL', inconclusive: 'not decided' })[r.status];

/** A percentile with its confidence bounds: `136.2 [120.3, 150.1]`. */
export function withBounds(value: number | null, t: TargetVerdict | undefined): string {
  return t ? `${ms(value)} ${boundsText(t)}` : ms(value);
}

/** The passive series in a few words: `n=212 met` (the conformance run's answers). */
export function passiveText(r: OperationResult): string {
  const p = r.passive;
  if (!p) return '-';
  return `n=${p.samples} ${{ pass: 'met', fail: 'missed (notice)', inconclusive: 'not decided' }[p.verdict.verdict]}`;
}

/** Why an operation is what it is, in a line: the gate's reasons, or how many samples would decide it. */
export function shortWhy(r: OperationResult): string {
  if (r.status === 'not-measured') return r.reason ?? '';
  if (r.status === 'failed') return r.note.replace(/^FAIL: /, '').split('; ')[0]!;
  if (r.status === 'inconclusive') {
    const needed = r.verdict?.needed;
    if (needed) return `about ${needed} samples would decide it (FLEET_PERF_DURATION=${Math.ceil(needed / r.rate)})`;
    return r.verdict?.targets.some(openByNetwork)
      ? "the network's share is too large to tell (perf/README.md)"
      : 'the samples sit at the target';
  }
  return r.decidedBy === 'conformance run' ? "decided by the conformance run's answers" : '';
}

export function formatResultLine(r: OperationResult): string {
  const [p50, p99] = r.verdict?.targets ?? [];
  return (
    `  ${r.operation.padEnd(20)} n=${String(r.samples).padStart(5)}  p50 ${withBounds(r.p50, p50).padEnd(22)} p99 ${withBounds(r.p99, p99).padEnd(22)} ms  ` +
    `(targets ${r.targetP50}/${r.targetP99})  errors ${r.errors}  ${verdictOf(r)}${r.verdict && !judgedTogether(r) ? ' on its own' : ''}${r.status === 'passed' ? '' : `  ${shortWhy(r)}`}`
  );
}

const judgedTogether = (r: OperationResult) => !!r.verdict?.targets.some((t) => t.family);

/** The network floors of an operation's p50 and p99 targets: `147.2/158.9` (– without one). */
export function floorsText(r: OperationResult): string {
  const [p50, p99] = r.verdict?.targets ?? [];
  const one = (t: TargetVerdict | undefined) => (t?.floor?.ms == null ? '–' : t.floor.ms.toFixed(1));
  return r.verdict ? `${one(p50)}/${one(p99)}` : '-';
}

/** How the run took its samples for the server-side targets (register ASSUME-LATENCY-MEASURE), in a line. */
export function measureLine(summary: PerfSummary): string | undefined {
  if (summary.settings.measure === 'client-observed')
    return "targets judged on client-observed times, the network's share included (FLEET_STRICT=ASSUME-LATENCY-MEASURE)";
  if (summary.settings.measure !== 'server-side') return undefined;
  return (
    "targets judged server-side (register ASSUME-LATENCY-MEASURE): missed counts the answers above T beyond the network's share, the round trip of a probe the service answers without work (GET /master/all without a token, 401) sent after each round on the same connections; " +
    "the network floor of a p50 is the probes' 95th percentile, of a p99 their slowest; met counts the answers as the client saw them; FLEET_STRICT=ASSUME-LATENCY-MEASURE judges client-observed times both ways"
  );
}

/** The family the gate judged, in a line: the procedure, how many targets, and those whose verdict it changed. */
export function familyLine(summary: PerfSummary): string | undefined {
  const f = summary.family;
  if (!f?.targets) return undefined;
  const alpha = 1 - f.confidence;
  const changed = summary.operations.flatMap((r) =>
    (r.verdict?.targets ?? [])
      .filter((t) => t.family && t.verdict === 'inconclusive' && (t.pSlower <= alpha || t.pFaster <= alpha))
      .map(
        (t) =>
          `${r.operation} p${t.percentile} (p ${pValueText(Math.min(t.pSlower, t.pFaster))}, adjusted ${pValueText(t.pSlower <= alpha ? t.family!.pSlower : t.family!.pFaster)})`
      )
  );
  return `the gate judged the run's ${f.targets} targets together (${f.words}): at most ${Math.round(alpha * 1000) / 10}% chance of any false "missed" among them${changed.length ? `; decided on their own but not together: ${changed.join(', ')}` : ''}`;
}

/** Each operation that did not pass at the fixed rate, with its verdict in words. */
function whyLines(summary: PerfSummary): string[] {
  const out: string[] = [];
  for (const r of summary.operations.filter((o) => o.status !== 'passed' || o.decidedBy === 'conformance run')) {
    const words =
      r.status === 'not-measured'
        ? `not measured: ${r.reason}`
        : r.note.replace(/^NOT DECIDED \(a notice, never a failure of the gate\); /, '');
    out.push(`  ${r.operation} — ${words}`);
  }
  return out.length
    ? [
        '',
        `why (each target "pN ≤ T" is met unless the samples show otherwise, at ${Math.round((summary.settings.confidence ?? 0.95) * 1000) / 10}% confidence):`,
        ...out,
      ]
    : [];
}

export function formatTable(summary: PerfSummary): string {
  const conf = Math.round((summary.settings.confidence ?? 0.95) * 1000) / 10;
  const floors = summary.settings.measure === 'server-side';
  const header = [
    'operation',
    'samples',
    'rate/s',
    'errors',
    `p50 [${conf}% bounds]`,
    `p99 [${conf}% bounds]`,
    'max',
    'targets',
    ...(floors ? ['network floor'] : []),
    'conformance run',
    'result',
    'note',
  ];
  const rows = summary.operations.map((r) => [
    r.operation,
    String(r.samples),
    String(r.rate),
    String(r.errors),
    withBounds(r.p50, r.verdict?.targets[0]),
    withBounds(r.p99, r.verdict?.targets[1]),
    ms(r.max),
    `${r.targetP50}/${r.targetP99}`,
    ...(floors ? [floorsText(r)] : []),
    passiveText(r),
    verdictOf(r),
    [
      shortWhy(r),
      r.baseline?.changeP99Pct != null
        ? `p99 ${r.baseline.changeP99Pct > 0 ? '+' : ''}${r.baseline.changeP99Pct}% vs baseline${r.baseline.regression ? ' REGRESSION' : r.baseline.slower ? ' (not shown by the samples)' : ''}`
        : '',
    ]
      .filter(Boolean)
      .join('; '),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => (i === header.length - 1 ? 0 : r[i]!.length)))
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ');
  const out = [line(header), line(widths.map((w) => '-'.repeat(w)))];
  out.push(...rows.map(line));
  out.push(...whyLines(summary));
  const family = familyLine(summary);
  if (family) out.push('', family);
  const measure = measureLine(summary);
  if (measure) out.push(measure);
  if (summary.clientOverhead) {
    const o = summary.clientOverhead;
    out.push(
      '',
      `client overhead on loopback (the floor under every number above): p50 ${o.p50} ms, p90 ${o.p90} ms, p99 ${o.p99} ms, max ${o.max} ms (n=${o.samples} at ${o.rate}/s)`
    );
  }
  const source = summary.passiveSource;
  if (source)
    out.push(
      source.used
        ? `conformance run: its answers of run ${source.runId} (${source.writtenAt}, ${source.file}) judged as a passive series; they decide where the fixed rate did not`
        : `conformance run: ${source.file} not used: ${source.why}`
    );
  out.push(`perf run ${footprintLine(summary.footprint)}`);
  const named = (status: OperationResult['status']) =>
    summary.operations.filter((r) => r.status === status).map((r) => r.operation);
  const [failed, unmeasured] = [named('failed'), named('not-measured')];
  const byNetwork = (r: OperationResult) => !r.verdict?.needed && !!r.verdict?.targets.some(openByNetwork);
  const open = summary.operations.filter((r) => r.status === 'inconclusive' && !byNetwork(r)).map((r) => r.operation);
  const network = summary.operations.filter((r) => r.status === 'inconclusive' && byNetwork(r)).map((r) => r.operation);
  const notices = [
    open.length
      ? `not decided, a notice that never fails the gate: ${open.join(', ')} (more samples: FLEET_PERF_DURATION, perf/README.md)`
      : '',
    network.length
      ? `not decided, the network's share too large to tell, a notice that never fails the gate: ${network.join(', ')} (perf/README.md)`
      : '',
    unmeasured.length ? `not measured, which never fails the gate: ${unmeasured.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  out.push(
    `latencies in ms, exact percentiles of counted 2xx answers, bounds at ${conf}% confidence; ${summary.pass ? 'GATE PASSED' : `GATE FAILED${failed.length ? `: ${failed.join(', ')}` : ''}${summary.interrupted ? ' (interrupted)' : ''}`}${notices ? ` (${notices})` : ''}`
  );
  for (const problem of summary.tidyUp) out.push(`TIDY-UP PROBLEM: ${problem}`);
  return out.join('\n');
}

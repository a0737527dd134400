/**
 * <FLEET_REPORTS_DIR>/perf/index.html: one self-contained page (inline CSS and SVG, no script, no external
 * asset), readable offline: the summary table at the top, then per operation its measured p50/p99
 * with their confidence bounds against the targets, each verdict in words (the fixed-rate series,
 * the conformance run's, the baseline), and a latency histogram, with samples and errors.
 */
import { boundsText, type LatencyVerdict, pValueText, type TargetVerdict } from '../../lib/latency/verdict.js';
import type { LatencyKey } from '../../lib/operations.js';
import { footprintLine } from '../../lib/report/summary-text.js';
import type { Sample } from '../measure.js';
import { logHistogram } from '../stats.js';
import type { OperationResult, PerfSummary } from './summary.js';
import { floorsText, measureLine, passiveText, shortWhy, verdictOf, withBounds } from './table.js';

/** A series' verdict per target, in words. */
function verdictList(title: string, verdict: LatencyVerdict | undefined): string {
  if (!verdict) return '';
  return `<p>${esc(title)}:</p><ul>${verdict.targets.map((t) => `<li class="${t.verdict === 'pass' ? 'passed' : t.verdict === 'fail' ? 'failed' : 'inconclusive'}">${esc(t.why)}</li>`).join('')}</ul>`;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const ms = (v: number | null | undefined) => (v === null || v === undefined ? '–' : v.toFixed(1));

/** Measured p50/p99 as bars with their confidence bounds as whiskers (to the edge: none), the targets as dashed marks. */
function targetChart(r: OperationResult): string {
  const width = 560;
  const left = 40;
  const plot = width - left - 20;
  const [b50, b99] = r.verdict?.targets ?? [];
  const top = Math.max(r.targetP99, r.p99 ?? 0, r.p50 ?? 0, b99?.upper ?? 0, b50?.upper ?? 0) * 1.12;
  const x = (v: number) => left + (v / top) * plot;
  const bar = (y: number, label: string, value: number | null, target: number, bounds?: TargetVerdict) => {
    const fill = bounds?.verdict === 'fail' ? '#d9534f' : bounds?.verdict === 'pass' ? '#4a90d9' : '#e0a040';
    const [lo, hi] = bounds ? [x(bounds.lower ?? 0), bounds.upper === null ? width - 4 : x(bounds.upper)] : [0, 0];
    return (
      `<text x="${left - 6}" y="${y + 13}" text-anchor="end" class="lbl">${label}</text>` +
      (value === null
        ? `<text x="${left + 4}" y="${y + 13}" class="lbl">no data</text>`
        : `<rect x="${left}" y="${y}" width="${Math.max(1, x(value) - left).toFixed(1)}" height="18" fill="${fill}"/>` +
          (bounds
            ? `<line x1="${lo.toFixed(1)}" x2="${hi.toFixed(1)}" y1="${y + 17}" y2="${y + 17}" stroke="#111" stroke-width="1.5"><title>${esc(boundsText(bounds))} ms</title></line>`
            : '') +
          `<text x="${Math.min(x(value) + 4, width - 60).toFixed(1)}" y="${y + 13}" class="val">${ms(value)} ms</text>`) +
      `<line x1="${x(target).toFixed(1)}" x2="${x(target).toFixed(1)}" y1="${y - 3}" y2="${y + 21}" stroke="#222" stroke-width="2" stroke-dasharray="4 2"/>` +
      `<text x="${x(target).toFixed(1)}" y="${y - 5}" text-anchor="middle" class="tgt">target ${target}</text>`
    );
  };
  return (
    `<svg viewBox="0 0 ${width} 100" width="${width}" height="100" role="img" aria-label="${esc(r.operation)} p50 and p99 against targets">` +
    bar(18, 'p50', r.p50, r.targetP50, b50) +
    bar(66, 'p99', r.p99, r.targetP99, b99) +
    '</svg>'
  );
}

/** Histogram of the counted 2xx latencies on log-spaced bins, with the targets marked. */
function histogram(r: OperationResult, samples: Sample[]): string {
  const values = samples
    .filter((s) => s.counted && s.status !== undefined && s.status < 300 && s.status >= 200 && !s.error)
    .map((s) => s.latencyMs!);
  if (values.length === 0) return '<p class="muted">no latencies to show</p>';
  const { edges, counts } = logHistogram(values, 30);
  const width = 560;
  const height = 150;
  const left = 40;
  const bottom = 28;
  const plotW = width - left - 10;
  const plotH = height - bottom - 10;
  const peak = Math.max(...counts);
  const lo = edges[0]!;
  const hi = edges.at(-1)!;
  const x = (v: number) => left + (Math.log(Math.max(v, lo) / lo) / Math.log(hi / lo)) * plotW;
  const bars = counts
    .map((c, i) => {
      const x0 = x(edges[i]!);
      const x1 = x(edges[i + 1]!);
      const h = (c / peak) * plotH;
      return `<rect x="${x0.toFixed(1)}" y="${(10 + plotH - h).toFixed(1)}" width="${Math.max(0.5, x1 - x0 - 1).toFixed(1)}" height="${h.toFixed(1)}" fill="#7aa6d6"><title>${ms(edges[i]!)}–${ms(edges[i + 1]!)} ms: ${c}</title></rect>`;
    })
    .join('');
  const ticks = [lo, Math.sqrt(lo * hi), hi]
    .map((v) => `<text x="${x(v).toFixed(1)}" y="${height - 8}" text-anchor="middle" class="lbl">${ms(v)}</text>`)
    .join('');
  const marks = [
    ['p50 target', r.targetP50],
    ['p99 target', r.targetP99],
  ]
    .filter(([, v]) => (v as number) >= lo && (v as number) <= hi)
    .map(
      ([label, v]) =>
        `<line x1="${x(v as number).toFixed(1)}" x2="${x(v as number).toFixed(1)}" y1="10" y2="${10 + plotH}" stroke="#222" stroke-dasharray="4 2"/><text x="${x(v as number).toFixed(1)}" y="20" class="tgt" text-anchor="middle">${label}</text>`
    )
    .join('');
  return (
    `<svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${esc(r.operation)} latency histogram">` +
    `<text x="4" y="14" class="lbl">count (max ${peak})</text>${bars}${marks}` +
    `<line x1="${left}" x2="${width - 10}" y1="${10 + plotH}" y2="${10 + plotH}" stroke="#888"/>${ticks}` +
    `<text x="${width - 10}" y="14" text-anchor="end" class="lbl">latency, ms (log scale)</text></svg>`
  );
}

const word = (v: TargetVerdict['verdict']) => ({ pass: 'met', fail: 'missed', inconclusive: 'not decided' })[v];

/** Every target the gate judged together: its raw and adjusted p-values both ways, its verdict on its own and in the family. */
function familyTable(summary: PerfSummary): string {
  const f = summary.family;
  if (!f?.targets) return '';
  const alpha = 1 - f.confidence;
  const rows = summary.operations
    .flatMap((r) =>
      (r.verdict?.targets ?? [])
        .filter((t) => t.family)
        .map((t) => {
          const alone = t.pSlower <= alpha ? 'fail' : t.pFaster <= alpha ? 'pass' : 'inconclusive';
          return (
            `<tr class="${t.verdict === 'fail' ? 'failed' : t.verdict === 'pass' ? 'passed' : 'inconclusive'}"><td>${esc(r.operation)}</td><td>p${t.percentile} ≤ ${t.limit}</td><td>${t.samples}</td><td>${t.above}</td>` +
            `<td>${pValueText(t.pSlower)}</td><td>${pValueText(t.family!.pSlower)}</td><td>${pValueText(t.pFaster)}</td><td>${pValueText(t.family!.pFaster)}</td><td>${word(alone)}</td><td><b>${word(t.verdict)}</b></td></tr>`
          );
        })
    )
    .join('\n');
  return `<h2 id="family">The ${f.targets} targets judged together</h2>
<p>The gate's verdicts: ${esc(f.words)} over every target with answers (p50 and p99 of each measured operation), so that a server meeting all of them has at most ${Math.round(alpha * 1000) / 10}% chance of any target shown missed in a run, and one missing them all the same chance of any shown met.
A target's p-value "missed" is the chance of that many answers above T or more from a server exactly at its target; "met", of that few. Each is adjusted for the family: a target is missed (met) when its adjusted p-value is at most ${Math.round(alpha * 1000) / 10}%. Its bounds above are its own, at ${Math.round(f.confidence * 1000) / 10}%.</p>
<table><thead><tr><th>operation</th><th>target, ms</th><th>n</th><th>above T</th><th>p missed</th><th>adjusted</th><th>p met</th><th>adjusted</th><th>on its own</th><th>together</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

export function renderHtml(summary: PerfSummary, samples: Map<LatencyKey, Sample[]>): string {
  const withBaseline = summary.operations.some((r) => r.baseline);
  const floors = summary.settings.measure === 'server-side';
  const measure = measureLine(summary);
  const conf = Math.round((summary.settings.confidence ?? 0.95) * 1000) / 10;
  const rows = summary.operations
    .map(
      (r) =>
        `<tr class="${r.status}">` +
        `<td><a href="#${esc(r.operation)}">${esc(r.operation)}</a></td><td>${r.samples}</td>` +
        `<td>${r.rate}</td><td>${r.errors}</td><td class="b">${esc(withBounds(r.p50, r.verdict?.targets[0]))}</td><td>${ms(r.p90)}</td><td class="b">${esc(withBounds(r.p99, r.verdict?.targets[1]))}</td><td>${ms(r.max)}</td>` +
        `<td>${r.targetP50}</td><td>${r.targetP99}</td>${floors ? `<td>${esc(floorsText(r))}</td>` : ''}<td>${esc(passiveText(r))}</td>` +
        (withBaseline
          ? `<td>${r.baseline ? `${r.baseline.changeP99Pct === null ? '–' : `${r.baseline.changeP99Pct > 0 ? '+' : ''}${r.baseline.changeP99Pct}%`}${r.baseline.regression ? ' <b class="warn">regression</b>' : r.baseline.slower ? ' (not shown by the samples)' : ''}` : ''}</td>`
          : '') +
        // The whole why is in the operation's section below; the table keeps a line.
        `<td><b>${verdictOf(r)}</b></td><td class="note">${esc(r.status === 'inconclusive' || r.status === 'not-measured' ? shortWhy(r) : r.note)}</td></tr>`
    )
    .join('\n');
  const sections = summary.operations
    .map(
      (r) => `<section id="${esc(r.operation)}">
<h2>${esc(r.operation)} <span class="${r.status}">${verdictOf(r)}</span></h2>
<p>${r.samples} samples at ${r.rate}/s, ${r.errors} error(s)${
        Object.keys(r.statuses).length
          ? ` (answers: ${esc(
              Object.entries(r.statuses)
                .map(([k, v]) => `${k}×${v}`)
                .join(', ')
            )})`
          : ''
      }; p50 ${ms(r.p50)} / p90 ${ms(r.p90)} / p99 ${ms(r.p99)} / max ${ms(r.max)} ms; targets p50 ${r.targetP50}, p99 ${r.targetP99} ms${r.baseline ? `; baseline p99 ${ms(r.baseline.p99)} ms` : ''}.</p>
${verdictList('At the fixed rate', r.verdict)}
${r.passive ? verdictList(`The conformance run's answers (run ${r.passive.runId}, ${r.passive.samples} answers, ${r.passive.inFlight.median} in flight at the median, ${r.passive.inFlight.max} at most)`, r.passive.verdict) : ''}
${r.baseline?.test ? `<p>Against the baseline: ${esc(r.baseline.test.why)}.</p>` : ''}
${r.remarks?.length ? `<p class="note">Also: ${esc(r.remarks.join('; '))}</p>` : r.verdict || !r.note ? '' : `<p class="note">${esc(r.note)}</p>`}
<div class="charts">${targetChart(r)}${histogram(r, samples.get(r.operation) ?? [])}</div>
</section>`
    )
    .join('\n');
  const o = summary.clientOverhead;
  const notMeasured = summary.operations.filter((r) => r.status === 'not-measured');
  const open = summary.operations.filter((r) => r.status === 'inconclusive');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Latency gates – ${esc(summary.target)} – ${esc(summary.startedAt)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:4px 8px;text-align:right;vertical-align:top}
th:first-child,td:first-child,td.note{text-align:left}td.b{white-space:nowrap}td.note{font-size:12px;color:#555}
tr.failed td{background:#fdecea}tr.inconclusive td{background:#fdf6e3}tr.not-measured td{background:#f2f2f2;color:#666}.inconclusive{color:#9a6700}.ok,.passed{color:#2a7d2a}.bad,.failed{color:#c9302c}.not-measured{color:#666}.warn{color:#b36b00}.muted{color:#888}
section{border-top:1px solid #ccc;margin-top:18px}.charts{display:flex;flex-wrap:wrap;gap:16px}
svg .lbl{font-size:11px;fill:#444}svg .val{font-size:11px;fill:#111}svg .tgt{font-size:10px;fill:#222}
.verdict{font-size:18px;font-weight:bold}
</style></head><body>
<h1>Latency gates</h1>
<p class="verdict ${summary.pass ? 'ok' : 'bad'}">${summary.pass ? 'Gate passed: no operation shown to miss its targets' : 'Gate failed'}${summary.interrupted ? ' (run interrupted)' : ''}</p>
${open.length ? `<p class="inconclusive">Not decided (a notice, never a failure of the gate: the samples show the targets neither met nor missed; the note says how many would decide it, perf/README.md how to get them): ${open.map((r) => `<b>${esc(r.operation)}</b>`).join(', ')}.</p>` : ''}
${notMeasured.length ? `<p class="not-measured">Not measured (never fails the gate): ${notMeasured.map((r) => `<b>${esc(r.operation)}</b>: ${esc(r.reason ?? '')}`).join('; ')}.</p>` : ''}
<p>Target <b>${esc(summary.target)}</b> (${esc(summary.baseUrl)}), started ${esc(summary.startedAt)}, finished ${esc(summary.finishedAt)}.
Each operation: ${summary.settings.rate} requests/s at evenly spaced arrivals for ${summary.settings.duration} s after ${summary.settings.warmup} uncounted warm-up requests${summary.settings.sandboxLatency ? `; SANDBOX_LATENCY=${esc(summary.settings.sandboxLatency)}` : ''}.
Percentiles: ${esc(summary.settings.percentiles)}.</p>
<p>Each target "pN ≤ T" is a hypothesis at ${conf}% confidence, all of the run's targets together (<a href="#family">below</a>): the server meets it unless its samples show otherwise. Only the count of answers slower than T matters (no assumption about the shape of the latencies):
<b>FAIL</b> when more answers took longer than T than a server exactly at the target would give in ${Math.round((100 - conf) * 10) / 10}% of runs, counting every target of the run (adjusted p-value; on its own its pN is then above the lower bound, which is above T);
<b>pass</b> when so few did that the pN is below T with ${conf}% confidence, counting every target; <b>not decided</b> otherwise, with about how many samples would decide it at the rate seen.
Beside each percentile: [lower, upper] ${conf}% bounds of the true percentile (∞: too few samples for an upper bound; a p99 needs at least ${Math.ceil(Math.log(1 - conf / 100) / Math.log(0.99))} samples, none slower, to be shown met).
Where this run's own samples decide nothing, a conformance run's answers in the same reports folder may (column "conformance run").</p>
${measure ? `<p>The targets are server-side: ${esc(measure)} (perf/README.md). The bounds of a server-side pN: lower beyond the network floor, upper as the client saw it.</p>` : ''}
${summary.passiveSource ? `<p>Conformance run: ${summary.passiveSource.used ? `the answers of run ${esc(summary.passiveSource.runId)} (${esc(summary.passiveSource.writtenAt)}, ${esc(summary.passiveSource.file)}), the run's own pace, not a fixed arrival rate` : `${esc(summary.passiveSource.file)} not used: ${esc(summary.passiveSource.why ?? '')}`}.</p>` : ''}
${o ? `<p>Client overhead on loopback (the floor under every number): p50 ${o.p50} ms, p90 ${o.p90} ms, p99 ${o.p99} ms, max ${o.max} ms (${o.samples} samples at ${o.rate}/s against a trivial server).</p>` : ''}
${summary.baselineFile ? `<p>Baseline: ${esc(summary.baselineFile)}; a regression is a p99 shown slower than 1.2 × the baseline's on the two runs' samples, at ${conf}% confidence.</p>` : ''}
<p>The run's ${esc(footprintLine(summary.footprint))}${summary.orderReferences.length ? ` (card orders placed: ${summary.orderReferences.length}, their references in summary.json)` : ''}.</p>
${summary.tidyUp.length ? `<p class="bad">Tidy-up problems: ${esc(summary.tidyUp.join('; '))}</p>` : ''}
<table><thead><tr><th>operation</th><th>samples</th><th>rate/s</th><th>errors</th><th>p50 [bounds]</th><th>p90</th><th>p99 [bounds]</th><th>max</th><th>target p50</th><th>target p99</th>${floors ? '<th>network floor p50/p99</th>' : ''}<th>conformance run</th>${withBaseline ? '<th>p99 vs baseline</th>' : ''}<th>result</th><th>note</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p class="muted">All times in milliseconds.</p>
${familyTable(summary)}
${sections}
</body></html>
`;
}

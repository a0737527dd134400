/** A small, self-contained HTML page (no external assets, readable offline). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!
  );
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px;color:#1b1f24;max-width:1600px}
h1{font-size:22px;margin:0 0 4px} h2{font-size:17px;margin:28px 0 8px} .meta{color:#57606a;margin-bottom:16px}
/* In a table, ids, states, check names and counts never break (nowrap: their column is as wide as
   the longest); prose wraps between words; long paths in test lists, notes and evidence may break
   anywhere, but those cells keep a readable width; a table still wider than the page scrolls in its
   own box instead of squeezing. */
.table-wrap{overflow-x:auto;margin:8px 0} table{border-collapse:collapse;width:100%} th,td{border-bottom:1px solid #d0d7de;padding:5px 8px;text-align:left;vertical-align:top;overflow-wrap:break-word}
th{background:#f6f8fa;font-weight:600;white-space:nowrap} code.id,td .num,td .passed,td .failed,td .not-run,td .uncovered,td .blocked,td .assumption-failed,td .suite-error,td .incomplete,td .unavailable{white-space:nowrap}
td .num{display:inline-block;text-align:right} .evidence summary code,td li,td small,td .path{overflow-wrap:anywhere} .evidence summary code{white-space:normal} code{font:12px ui-monospace,Menlo,Consolas,monospace;background:#f6f8fa;padding:1px 4px;border-radius:4px}
.passed{color:#1a7f37;font-weight:600} .failed{color:#cf222e;font-weight:600} .not-run{color:#9a6700;font-weight:600} .uncovered{color:#6e7781;font-weight:600}
.blocked{color:#8250df;font-weight:600} .assumption-failed{color:#bc4c00;font-weight:600} .suite-error{color:#0550ae;font-weight:600} .incomplete{color:#57606a;font-weight:600} .unavailable{color:#9a6700;font-weight:600} .ok{color:#1a7f37;font-weight:600}
h3{font-size:15px;margin:14px 0 4px} h3.op{border-bottom:1px solid #d0d7de;padding-bottom:2px} .broken{margin:0 0 14px 12px}
pre{font:12px ui-monospace,Menlo,Consolas,monospace;background:#f6f8fa;padding:6px 8px;border-radius:4px;white-space:pre-wrap;overflow-wrap:anywhere;max-height:320px;overflow:auto}
details.evidence summary{cursor:pointer} td details.evidence{min-width:10em} td .seen{display:inline-block;min-width:9em} code.check{font-size:11px;color:#57606a} td ul{min-width:16em}
.pill{display:inline-block;border-radius:10px;padding:1px 8px;margin-right:6px;background:#f6f8fa;border:1px solid #d0d7de}
small{color:#57606a} ul{margin:0;padding-left:18px}
/* The authorization matrix: six owner columns that share the width; a request path wraps only
   between its segments, resource ids never; evidence in a cell takes the cell's width. */
table.matrix th{white-space:normal;vertical-align:bottom} table.matrix th .owner{font-weight:400} table.matrix th.foreign{background:#fff8f0}
/* document.html: the words wrap, ids and verdicts never; the proof sits under the words. */
.proven{color:#1a7f37;font-weight:600} .unproven{color:#cf222e;font-weight:600} .silence,.not-testable{color:#57606a;font-weight:600}
td .proven,td .unproven,td .silence,td .not-testable{white-space:nowrap} table.statements td:first-child{width:58%} table.statements td:last-child{width:14%} table.statements td:last-child ul{min-width:0} table.statements .proof{margin-top:4px} small.key{color:#8c959f}
table.matrix .seg,table.matrix code.res{white-space:nowrap} table.matrix code.request{background:none;padding:0;font-size:11px} table.matrix td details.evidence{min-width:0} .na{color:#6e7781}
</style></head><body>
${body}
</body></html>
`;
}

export function table(headers: string[], rows: string[][]): string {
  return `<div class="table-wrap"><table><thead><tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>
${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n')}
</tbody></table></div>`;
}

/** Escaped text whose long paths and dotted names may wrap after a slash or a dot. */
export function softBreaks(value: unknown): string {
  return escapeHtml(value).replace(/([/.])(?=[^\s/.])/g, '$1<wbr>');
}

/** A count or a measure in a table cell: kept on one line. */
export function num(value: number | string): string {
  return `<span class="num">${escapeHtml(value)}</span>`;
}

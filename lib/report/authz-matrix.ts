/**
 * The authorization matrix as the reports show it: two tables, customer operations × whose
 * customer and card operations × whose card (the caller's own and another client's, at each depth
 * of a hierarchy), each cell passed, failed (with its request and response) or not run (why).
 * Built from the cells the matrix tests attached; a cell no test filled is not run, with what its
 * test's record says (not selected, skipped, blocked, stopped before it).
 */
import type { TestResult } from '@playwright/test/reporter';
import {
  type CellResult,
  type CellVerdict,
  type ColumnId,
  columnHeading,
  columnIds,
  columnWords,
  MATRIX_ATTACHMENT,
  MATRIX_TESTS,
  ROWS,
  type RowId,
  rowIds,
  type TableId,
} from '../authz/matrix.js';
import { operation } from '../operations.js';
import { evidenceHtml } from './coverage-html.js';
import { escapeHtml, page } from './html.js';
import type { TestRecord } from './test-record.js';

export interface MatrixCell {
  verdict: CellVerdict | 'n/a';
  note: string;
  resource?: string;
  status?: number;
  evidence?: CellResult['evidence'];
}

export interface MatrixRow {
  id: RowId;
  label: string;
  request: string;
  names: string;
  rule: string;
  /** The rule the caller's own requests (the positive controls) answer to: the operation's success rule. */
  controlRule: string;
  cells: Record<ColumnId, MatrixCell>;
}

export interface MatrixTable {
  id: TableId;
  title: string;
  columns: { id: ColumnId; label: string }[];
  rows: MatrixRow[];
  totals: Record<CellVerdict, number>;
}

export interface AuthzMatrix {
  tables: MatrixTable[];
  totals: Record<CellVerdict, number>;
}

const TITLES: Record<TableId, string> = {
  customers: 'Customer operations × whose customer',
  cards: 'Card operations × whose card (by the depth of its owner)',
};

/** The cells a matrix test attached (none for any other test). */
export function matrixCellsOf(result: TestResult): CellResult[] {
  const attachment = result.attachments.find((a) => a.name === MATRIX_ATTACHMENT && a.body);
  return attachment ? (JSON.parse(attachment.body!.toString('utf8')) as CellResult[]) : [];
}

const RANK: Record<CellVerdict, number> = { failed: 2, passed: 1, 'not-run': 0 };
const noTotals = (): Record<CellVerdict, number> => ({ passed: 0, failed: 0, 'not-run': 0 });

/** Why a cell its test did not fill was not run, from that test's record. */
function unfilled(record: TestRecord | undefined): string {
  if (!record) return 'its test was not part of this run';
  if (record.outcome === 'not-run') return record.reason ?? 'its test did not run';
  if (record.outcome === 'blocked')
    return `its test was blocked${record.blockedBy?.rule ? ` by ${record.blockedBy.rule}` : ''}: ${record.blockedBy?.reason ?? ''}`;
  return `its test stopped before this cell${record.reason ? ` (${record.reason})` : ''}`;
}

function buildRow(
  id: RowId,
  cells: CellResult[],
  records: TestRecord[],
  totals: Record<CellVerdict, number>[]
): MatrixRow {
  const row = ROWS[id];
  const op = operation(row.operation);
  const record = records.find((r) => r.title === MATRIX_TESTS[row.test]);
  const cellOf = (column: ColumnId): MatrixCell => {
    const without = (row.without as Partial<Record<ColumnId, string>>)[column];
    if (without) return { verdict: 'n/a', note: without };
    // Of several results (a repeated test, merged shards) the worst stands.
    const found = cells
      .filter((c) => c.row === id && c.column === column)
      .sort((a, b) => RANK[b.verdict] - RANK[a.verdict])[0];
    const cell: MatrixCell = found
      ? {
          verdict: found.verdict,
          note: found.note,
          ...(found.resource ? { resource: found.resource } : {}),
          ...(found.status ? { status: found.status } : {}),
          ...(found.evidence ? { evidence: found.evidence } : {}),
        }
      : { verdict: 'not-run', note: unfilled(record) };
    for (const t of totals) t[cell.verdict as CellVerdict] += 1;
    return cell;
  };
  return {
    id,
    label: row.label,
    request: `${op.method} ${op.path}`,
    names: row.names,
    rule: row.rule,
    controlRule: op.successRule,
    cells: Object.fromEntries(columnIds.map((c) => [c, cellOf(c)])) as Record<ColumnId, MatrixCell>,
  };
}

export function buildAuthzMatrix(cells: CellResult[], records: TestRecord[]): AuthzMatrix {
  const totals = noTotals();
  const tables = (['customers', 'cards'] as const).map((table): MatrixTable => {
    const own = noTotals();
    return {
      id: table,
      title: TITLES[table],
      columns: columnIds.map((id) => ({ id, label: columnWords(table, id) })),
      rows: rowIds.filter((r) => ROWS[r].table === table).map((r) => buildRow(r, cells, records, [own, totals])),
      totals: own,
    };
  });
  return { tables, totals };
}

/** A path that wraps only after a slash, never inside a segment ("{customerAccountNumber}" stays whole). */
function pathHtml(request: string): string {
  const [method, path = ''] = request.split(' ');
  const segments = path
    .split(/(?=\/)/)
    .map((s) => `<span class="seg">${escapeHtml(s)}</span>`)
    .join('<wbr>');
  return `<code class="request">${escapeHtml(method)} ${segments}</code>`;
}

/** A note, its rule and register ids kept whole. */
const noteHtml = (note: string) =>
  `<small>${escapeHtml(note).replace(/\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b/g, (id) => `<code class="id">${id}</code>`)}</small>`;

function cellHtml(cell: MatrixCell): string {
  if (cell.verdict === 'n/a') return `<span class="na">—</span><br>${noteHtml(cell.note)}`;
  const head = `<span class="${cell.verdict}">${cell.verdict}</span>${cell.status ? ` <span class="num">${cell.status}</span>` : ''}${cell.resource ? ` <code class="res">${escapeHtml(cell.resource)}</code>` : ''}`;
  return `${head}<br>${noteHtml(cell.note)}${cell.verdict === 'failed' && cell.evidence ? evidenceHtml(cell.evidence) : ''}`;
}

function headingHtml(column: ColumnId, label: string): string {
  const { side, owner } = columnHeading(column);
  // Non-breaking hyphens: "sub-customer" never splits over two lines.
  return `<th class="${side}" title="${escapeHtml(label)}">${side}<br><span class="owner">${escapeHtml(owner).replaceAll('-', '\u2011')}</span></th>`;
}

function tableHtml(t: MatrixTable): string {
  const rows = t.rows.map(
    (r) =>
      `<tr><td>${escapeHtml(r.label)} <code class="id">${escapeHtml(r.rule)}</code><br>${pathHtml(r.request)}<br><small>${escapeHtml(r.names)}; own: <code class="id">${escapeHtml(r.controlRule)}</code></small></td>${t.columns
        .map((c) => `<td>${cellHtml(r.cells[c.id])}</td>`)
        .join('')}</tr>`
  );
  const n = t.totals;
  return `<h3 id="authz-${t.id}">${escapeHtml(t.title)}</h3>
<p><small>${n.passed + n.failed + n['not-run']} cells — <span class="passed">${n.passed} passed</span>, <span class="failed">${n.failed} failed</span>, <span class="not-run">${n['not-run']} not run</span></small></p>
<div class="table-wrap"><table class="matrix"><thead><tr><th>operation, rule, request</th>${t.columns.map((c) => headingHtml(c.id, c.label)).join('')}</tr></thead><tbody>
${rows.join('\n')}
</tbody></table></div>`;
}

/** The matrix as a section of coverage.html. */
export function authzMatrixHtml(m: AuthzMatrix): string {
  const t = m.totals;
  return `<h2 id="authz-matrix">Authorization matrix: every operation against resources of every owner</h2>
<p><small>${t.passed + t.failed + t['not-run']} cells — <span class="passed">${t.passed} passed</span>, <span class="failed">${t.failed} failed</span>, <span class="not-run">${t['not-run']} not run</span>.
The caller's own resources at each depth of its hierarchy are the positive controls: the same request is served, so that a refusal of another client's can only be for the hierarchy (specs/auth/auth-matrix.spec.ts). The suite writes only cards of the card pool (FLEET_CARD_POOL_CUSTOMER).</small></p>
${m.tables.map(tableHtml).join('\n')}`;
}

/** The matrix as a page of its own (a global attachment of the Allure report). */
export function authzMatrixPage(m: AuthzMatrix, target: string): string {
  return page(
    'Authorization matrix',
    `<h1>Authorization matrix</h1>\n<div class="meta">target ${escapeHtml(target)}</div>\n${authzMatrixHtml(m)}`
  );
}

/**
 * The authorization matrix as the reports show it: every row (an operation that names a customer
 * or a card) × every column (the caller's own resource, a foreign top-level account, a foreign
 * sub-customer, a foreign card), each cell passed, failed (with its request and response) or not
 * run (why). Built from the cells the matrix tests attached; a cell no test filled is not run, with
 * what its test's record says (not selected, skipped, blocked, stopped before it).
 */
import type { TestResult } from '@playwright/test/reporter';
import { COLUMNS, MATRIX_ATTACHMENT, MATRIX_TESTS, ROWS, rowIds, type CellResult, type CellVerdict, type ColumnId, type RowId } from '../authz/matrix.js';
import { operation } from '../operations.js';
import { evidenceHtml } from './coverage-html.js';
import { escapeHtml, page, table } from './html.js';
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
  /** The rule the caller's own request (the positive control) answers to: the operation's success rule. */
  controlRule: string;
  cells: Record<ColumnId, MatrixCell>;
}

export interface AuthzMatrix {
  columns: { id: ColumnId; label: string }[];
  rows: MatrixRow[];
  totals: Record<CellVerdict, number>;
}

/** The cells a matrix test attached (none for any other test). */
export function matrixCellsOf(result: TestResult): CellResult[] {
  const attachment = result.attachments.find((a) => a.name === MATRIX_ATTACHMENT && a.body);
  return attachment ? (JSON.parse(attachment.body!.toString('utf8')) as CellResult[]) : [];
}

const RANK: Record<CellVerdict, number> = { failed: 2, passed: 1, 'not-run': 0 };

/** Why a cell its test did not fill was not run, from that test's record. */
function unfilled(record: TestRecord | undefined): string {
  if (!record) return 'its test was not part of this run';
  if (record.outcome === 'not-run') return record.reason ?? 'its test did not run';
  if (record.outcome === 'blocked') return `its test was blocked${record.blockedBy?.rule ? ` by ${record.blockedBy.rule}` : ''}: ${record.blockedBy?.reason ?? ''}`;
  return `its test stopped before this cell${record.reason ? ` (${record.reason})` : ''}`;
}

export function buildAuthzMatrix(cells: CellResult[], records: TestRecord[]): AuthzMatrix {
  const columns = (Object.keys(COLUMNS) as ColumnId[]).map((id) => ({ id, label: COLUMNS[id] }));
  const totals: Record<CellVerdict, number> = { passed: 0, failed: 0, 'not-run': 0 };
  const rows = rowIds.map((id): MatrixRow => {
    const row = ROWS[id];
    const op = operation(row.operation);
    const record = records.find((r) => r.title === MATRIX_TESTS[row.test]);
    const cellOf = (column: ColumnId): MatrixCell => {
      if (!(row.columns as readonly ColumnId[]).includes(column)) return { verdict: 'n/a', note: '' };
      // Of several results (a repeated test, merged shards) the worst stands.
      const found = cells.filter((c) => c.row === id && c.column === column).sort((a, b) => RANK[b.verdict] - RANK[a.verdict])[0];
      const cell: MatrixCell = found
        ? { verdict: found.verdict, note: found.note, ...(found.resource ? { resource: found.resource } : {}), ...(found.status ? { status: found.status } : {}), ...(found.evidence ? { evidence: found.evidence } : {}) }
        : { verdict: 'not-run', note: unfilled(record) };
      totals[cell.verdict as CellVerdict] += 1;
      return cell;
    };
    return {
      id, label: row.label, request: `${op.method} ${op.path}`, names: row.names, rule: row.rule, controlRule: op.successRule,
      cells: Object.fromEntries(columns.map((c) => [c.id, cellOf(c.id)])) as Record<ColumnId, MatrixCell>,
    };
  });
  return { columns, rows, totals };
}

function cellHtml(cell: MatrixCell): string {
  if (cell.verdict === 'n/a') return '<small>—</small>';
  const head = `<span class="${cell.verdict}">${cell.verdict}</span>${cell.status ? ` ${cell.status}` : ''}${cell.resource ? ` <small><code>${escapeHtml(cell.resource)}</code></small>` : ''}`;
  return `${head}<br><small>${escapeHtml(cell.note)}</small>${cell.verdict === 'failed' && cell.evidence ? evidenceHtml(cell.evidence) : ''}`;
}

/** The matrix as a section of coverage.html. */
export function authzMatrixHtml(m: AuthzMatrix): string {
  const t = m.totals;
  const rows = m.rows.map((r) => [
    `${escapeHtml(r.label)}<br><small><code>${escapeHtml(r.request)}</code> · ${escapeHtml(r.names)}</small>`,
    `<code>${escapeHtml(r.rule)}</code><br><small>own: ${escapeHtml(r.controlRule)}</small>`,
    ...m.columns.map((c) => cellHtml(r.cells[c.id])),
  ]);
  return `<h2 id="authz-matrix">Authorization matrix: every operation against every kind of foreign resource</h2>
<p><small>${t.passed + t.failed + t['not-run']} cells — <span class="passed">${t.passed} passed</span>, <span class="failed">${t.failed} failed</span>, <span class="not-run">${t['not-run']} not run</span>.
The caller's own resource is the positive control: the same request is served, so that a refusal of another client's can only be for the hierarchy (specs/auth/auth-matrix.spec.ts).</small></p>
${table(['operation', 'rule', ...m.columns.map((c) => c.label)], rows)}`;
}

/** The matrix as a page of its own (a global attachment of the Allure report). */
export function authzMatrixPage(m: AuthzMatrix, target: string): string {
  return page('Authorization matrix', `<h1>Authorization matrix</h1>\n<div class="meta">target ${escapeHtml(target)}</div>\n${authzMatrixHtml(m)}`);
}

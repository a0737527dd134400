/**
 * The cells one matrix test fills, and its verdict: it fails for the rules of its failed cells
 * (each line names its rule, the first one shows its exchange and replay), it is an assumption
 * failure when only a stricter reading failed, and it is blocked by the success rule of an
 * operation when the caller's own request (the positive control) was not served.
 */
import type { ApiResponse } from '../client.js';
import { formatExchange } from '../client.js';
import type { Exchange } from '../exchange.js';
import { judging } from '../judgements.js';
import type { Evidence } from '../ledger.js';
import { operation } from '../operations.js';
import type { Judgement } from './judges.js';
import { type CellResult, type ColumnId, cellWhere, columnsOf, isOwn, ROWS, type RowId } from './matrix.js';

/** The register entry of foreign resources named in a body or a filter. */
const UNKNOWN_RESOURCE = 'ASSUME-UNKNOWN-RESOURCE-404';

/** A cell's outcome that failed only under a stricter reading of a register entry (FLEET_STRICT). */
export interface StrictFailure {
  entry: string;
  cell: CellResult;
  exchange: Exchange;
}

export interface RecorderDeps {
  /** The exchange as reports show it: redacted, its body cut to a readable size. */
  evidence(exchange: Exchange): Evidence;
  /** Shows the cell as a step of the test (Playwright's and Allure's reports). */
  step(title: string, verdict: CellResult['verdict'], note: string): Promise<void>;
  /** Attaches the exchange of a failed cell as the test's violation (coverage.html's evidence). */
  violation(rule: string, title: string, exchange: Exchange): Promise<void>;
  /** What every cell of a column says about its resource. */
  columnNotes?: Partial<Record<ColumnId, string>>;
  /** Records what the target chose where the document is silent (ASSUME-UNKNOWN-RESOURCE-404). */
  saw?(what: string): void;
  /** FLEET_STRICT=ASSUME-UNKNOWN-RESOURCE-404: a foreign resource named in a body or a filter must be refused with 403. */
  strict?: boolean;
}

/** Whether one of a row's own requests was served, settled as soon as that is known. */
interface RowControl {
  /** Own cells of the row still to come. */
  left: number;
  served: boolean;
  settle(served: boolean): void;
  settled: Promise<boolean>;
}

export class MatrixRecorder {
  readonly cells: CellResult[] = [];
  private readonly failures: { cell: CellResult; exchange: Exchange }[] = [];
  private readonly strictFailures: StrictFailure[] = [];
  private readonly refusedControls: { row: RowId; response: ApiResponse; rule?: string; why?: string }[] = [];
  private readonly controls = new Map<RowId, RowControl>();
  private controlsEnded = false;

  constructor(private readonly deps: RecorderDeps) {}

  private controlOf(row: RowId): RowControl {
    let control = this.controls.get(row);
    if (!control) {
      let settle!: (served: boolean) => void;
      const settled = new Promise<boolean>((resolve) => {
        settle = resolve;
      });
      control = { left: columnsOf(row).filter(isOwn).length, served: false, settle, settled };
      this.controls.set(row, control);
      if (this.controlsEnded) settle(false);
    }
    return control;
  }

  /**
   * Whether one of the caller's own requests of `row` (its positive controls) was served: true at
   * the first served, false once every own cell of the row is in, or the own requests ended
   * (`endControls`) without one. The foreign cells of a row wait for it, not for the other rows.
   */
  served(row: RowId): Promise<boolean> {
    return this.controlOf(row).settled;
  }

  /** The caller's own requests are over (done, or stopped by an error): every row still open is settled. */
  endControls(): void {
    this.controlsEnded = true;
    for (const control of this.controls.values()) control.settle(control.served);
  }

  private async add(given: CellResult): Promise<void> {
    const about = this.deps.columnNotes?.[given.column];
    const cell = about && given.verdict !== 'not-run' ? { ...given, note: `${given.note} (${about})` } : given;
    this.cells.push(cell);
    if (isOwn(cell.column)) {
      const control = this.controlOf(cell.row);
      control.left -= 1;
      control.served ||= cell.verdict === 'passed';
      if (control.served || control.left <= 0) control.settle(control.served);
    }
    await this.deps.step(
      `${cellWhere(cell.row, cell.column)}: ${cell.verdict}${cell.status ? ` (${cell.status})` : ''}`,
      cell.verdict,
      cell.note
    );
  }

  async notRun(row: RowId, column: ColumnId, note: string, resource?: string | number): Promise<void> {
    await this.add({
      row,
      column,
      verdict: 'not-run',
      note,
      ...(resource !== undefined ? { resource: String(resource) } : {}),
    });
  }

  async passed(
    row: RowId,
    column: ColumnId,
    resource: string | number,
    response: ApiResponse,
    note: string
  ): Promise<void> {
    await this.add({ row, column, verdict: 'passed', resource: String(resource), status: response.status, note });
  }

  async failed(
    row: RowId,
    column: ColumnId,
    resource: string | number,
    response: ApiResponse,
    note: string
  ): Promise<void> {
    const cell: CellResult = {
      row,
      column,
      verdict: 'failed',
      resource: String(resource),
      status: response.status,
      note,
      evidence: this.deps.evidence(response.exchange),
    };
    await this.add(cell);
    this.failures.push({ cell, exchange: response.exchange });
  }

  /** A foreign cell as `judgement` has it; one passed by the default reading only fails under the stricter one. */
  async judged(
    row: RowId,
    column: ColumnId,
    resource: string | number,
    response: ApiResponse,
    judgement: Judgement
  ): Promise<void> {
    if (judgement.chose) this.deps.saw?.(judgement.chose);
    if (judgement.verdict === 'failed') await this.failed(row, column, resource, response, judgement.note);
    else if (judgement.lenient && this.deps.strict)
      await this.failedStrictly(
        UNKNOWN_RESOURCE,
        row,
        column,
        resource,
        response,
        `${judgement.note}: not refused with 403`
      );
    else await this.passed(row, column, resource, response, judgement.note);
  }

  /** A cell judged under a stricter reading only (FLEET_STRICT=entry): an assumption failure, not the rule's. */
  async failedStrictly(
    entry: string,
    row: RowId,
    column: ColumnId,
    resource: string | number,
    response: ApiResponse,
    note: string
  ): Promise<void> {
    const cell: CellResult = {
      row,
      column,
      verdict: 'failed',
      resource: String(resource),
      status: response.status,
      note: `${note} (the stricter reading of ${entry})`,
      evidence: this.deps.evidence(response.exchange),
    };
    await this.add(cell);
    this.strictFailures.push({ entry, cell, exchange: response.exchange });
  }

  /**
   * The caller's own request (a positive control) of `row` in own `column`: served, or not served
   * (its cell failed, and the test blocked by the operation's success rule). `tolerated`: where the
   * document leaves open whether the caller may (its top-level account), why a refusal is no fault:
   * the cell is then not run, with the answer. `unlike`: answered as served but not done as asked
   * (a sub-customer created elsewhere than under the parent named): no control for the whole row,
   * whatever its other own cells show, and the test blocked by that rule. True when served.
   */
  async control(
    row: RowId,
    column: ColumnId,
    resource: string | number,
    response: ApiResponse,
    options: { served?: boolean; tolerated?: string; unlike?: { rule: string; why: string } } = {}
  ): Promise<boolean> {
    const served = options.served ?? response.status === operation(ROWS[row].operation).success;
    const rule = options.unlike?.rule ?? operation(ROWS[row].operation).successRule;
    if (served) await this.passed(row, column, resource, response, 'served');
    else if (options.tolerated && response.status < 500) {
      this.deps.saw?.(`${cellWhere(row, column)}: answered ${response.status}`);
      await this.notRun(row, column, `not served (${response.status}): ${options.tolerated}`, resource);
    } else {
      await this.add({
        row,
        column,
        verdict: 'failed',
        resource: String(resource),
        status: response.status,
        note: `not served (${rule}): no positive control for this row`,
        evidence: this.deps.evidence(response.exchange),
      });
      this.refusedControls.push({ row, response, ...options.unlike });
      // Served unlike asked: the operation does not do what its negative cells would judge, so none is tried, whatever another own cell shows.
      if (options.unlike) this.controlOf(row).settle(false);
    }
    return served;
  }

  /**
   * The test's verdict from its cells: throws naming the rule of each failed cell (the first with
   * its exchange), then an assumption failure, then blocked by a refused positive control through
   * `block` (the test ledger's). Returns when every judged cell passed.
   */
  async conclude(block: (rule: string, reason: string, exchange: Exchange) => Error): Promise<void> {
    if (this.failures.length) {
      const [first] = this.failures;
      for (const rule of new Set(this.failures.map((f) => ROWS[f.cell.row].rule))) {
        const own = this.failures.find((f) => ROWS[f.cell.row].rule === rule)!;
        await this.deps.violation(rule, `${cellWhere(own.cell.row, own.cell.column)}: ${own.cell.note}`, own.exchange);
      }
      const lines = this.failures.map(
        (f) => `[${ROWS[f.cell.row].rule}] ${cellWhere(f.cell.row, f.cell.column)} (${f.cell.resource}): ${f.cell.note}`
      );
      const failed = new Error(`${lines.join('\n')}\n${formatExchange(first!.exchange)}`);
      judging(failed, [...new Set(this.failures.map((f) => ROWS[f.cell.row].rule))]);
      throw failed;
    }
    if (this.strictFailures.length) {
      const [first] = this.strictFailures;
      const rule = ROWS[first!.cell.row].rule;
      const lines = this.strictFailures.map(
        (f) => `[${f.entry}] ${cellWhere(f.cell.row, f.cell.column)} (${f.cell.resource}): ${f.cell.note}`
      );
      const failed = new Error(
        `${lines.join('\n')}\n[${rule}] judged under the stricter reading of ${first!.entry}\n${formatExchange(first!.exchange)}`
      );
      judging(failed, [...new Set(this.strictFailures.map((f) => f.entry)), rule]);
      throw failed;
    }
    const [refused] = this.refusedControls;
    if (!refused) return;
    const { response, row } = refused;
    // A 5xx is no refusal of what was asked but the server's own failure: the rule its answer broke.
    const rule =
      refused.rule ??
      (response.status >= 500 ? response.breaches[0]?.rule : undefined) ??
      operation(ROWS[row].operation).successRule;
    const { method, path } = response.exchange.request;
    throw block(
      rule,
      `the caller's own request of "${ROWS[row].label}" (the positive control): ${method} ${path.split('?')[0]} answered ${response.status}${refused.why ? `, but ${refused.why}` : ''}`,
      response.exchange
    );
  }
}

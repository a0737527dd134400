/**
 * The matrix's read rows: the same request for the caller's own customer or card at each depth and
 * for each foreign one, all sent at once (reads change nothing), then each foreign cell judged
 * against its row's positive controls.
 */
import type { FleetApi } from '../api.js';
import type { ApiResponse } from '../client.js';
import type { CustomerListFields } from '../list-page.js';
import type { Card } from '../types.generated.js';
import {
  foreignCardNotShown,
  foreignCardsAmong,
  type Judge,
  noForeignCardListed,
  noForeignCustomerListed,
  refused403,
} from './judges.js';
import { COLUMNS, type ColumnId, columnsOf, isOwn, ROWS, type RowId } from './matrix.js';
import type { OwnTargets } from './own.js';
import type { MatrixRecorder } from './recorder.js';
import type { ForeignTargets } from './targets.js';

/** A customer account number (customer rows) or a card (card rows). */
type Target = string | Card;

interface ReadRow {
  send(api: FleetApi, target: Target): Promise<ApiResponse>;
  judge: Judge;
}

const account = (t: Target) => t as string;
const card = (t: Target) => t as Card;
const LIMIT = 20;

const readRows: Partial<Record<RowId, ReadRow>> = {
  getCustomer: { send: (api, t) => api.getCustomer(account(t)), judge: refused403 },
  cardTypes: { send: (api, t) => api.getCustomerCardTypes(account(t)), judge: refused403 },
  listCustomers: {
    send: (api, t) => api.listCustomers({ customerAccountNumber: account(t), limit: LIMIT }),
    judge: noForeignCustomerListed,
  },
  searchCustomerCards: {
    send: (api, t) => api.cardSearch({ customerAccountNumber: account(t), limit: LIMIT }),
    judge: noForeignCardListed,
  },
  getCard: { send: (api, t) => api.getCard(card(t).cardIdentifier!), judge: refused403 },
  searchCardNumber: {
    send: (api, t) =>
      api.cardSearch({ filter: { primaryVisualCardNumber: card(t).primaryVisualCardNumber! }, limit: LIMIT }),
    judge: foreignCardNotShown,
  },
};

export interface ReadOptions {
  customerListFields: CustomerListFields;
}

/** Whether the caller may read and filter by its own top-level account: not shown (Authentication 6). */
export const OWN_TOP_LEVEL_OPEN =
  "whether a client may do this on its own top-level account is not shown (Authentication 6; the top-level account is the operator's)";

/** The resource a cell names, or why there is none. */
function targetOf(
  row: RowId,
  column: ColumnId,
  own: OwnTargets,
  foreign: ForeignTargets
): { target?: Target; missing?: string } {
  const { depth } = COLUMNS[column];
  const table = ROWS[row].table;
  const side = isOwn(column) ? own : foreign;
  const target =
    table === 'cards'
      ? side.cards[depth]
      : isOwn(column)
        ? own.customers[depth]
        : foreign.customers[depth]?.accountNumber;
  return target === undefined ? { missing: side.missing[table][column] ?? 'no such resource' } : { target };
}

const shown = (t: Target) => (typeof t === 'string' ? t : String(t.cardIdentifier));

/** Sends the rows' requests at once and records every cell of them. */
export async function readCells(
  matrix: MatrixRecorder,
  api: FleetApi,
  rows: RowId[],
  own: OwnTargets,
  foreign: ForeignTargets,
  options: ReadOptions
): Promise<void> {
  await Promise.all(
    rows.map(async (row) => {
      const spec = readRows[row]!;
      const cells = columnsOf(row).map((column) => ({ column, ...targetOf(row, column, own, foreign) }));
      if (cells.every((c) => isOwn(c.column) || c.target === undefined)) {
        for (const c of cells)
          await matrix.notRun(
            row,
            c.column,
            isOwn(c.column) ? 'not sent: no foreign resource of this row to compare with' : c.missing!
          );
        return;
      }
      const answers = await Promise.all(
        cells.map((c) => (c.target === undefined ? undefined : spec.send(api, c.target)))
      );
      let served = false;
      for (const [i, c] of cells.entries()) {
        if (!isOwn(c.column)) continue;
        if (c.target === undefined) await matrix.notRun(row, c.column, c.missing!);
        else {
          const tolerated =
            ROWS[row].table === 'customers' && COLUMNS[c.column].depth === 0 ? OWN_TOP_LEVEL_OPEN : undefined;
          served =
            (await matrix.control(row, c.column, shown(c.target), answers[i]!, tolerated ? { tolerated } : {})) ||
            served;
        }
      }
      for (const [i, c] of cells.entries()) {
        if (isOwn(c.column)) continue;
        const response = answers[i];
        if (c.target === undefined || !response) await matrix.notRun(row, c.column, c.missing!);
        else if (!served)
          await matrix.notRun(
            row,
            c.column,
            "not judged: none of the caller's own requests of this row was served (see its cells)",
            shown(c.target)
          );
        else {
          const resource = shown(c.target);
          const judgement = await spec.judge(response, {
            resource,
            customerListFields: options.customerListFields,
            foreignCustomers: foreign.foreignCustomers,
            ...(typeof c.target === 'string' ? {} : { foreignCard: c.target }),
            foreignAmong: (cards) =>
              foreignCardsAmong(cards, api, foreign.owner?.api, { customerAccountNumber: resource }),
          });
          await matrix.judged(row, c.column, resource, response, judgement);
        }
      }
    })
  );
}

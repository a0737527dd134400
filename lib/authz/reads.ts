/**
 * The matrix's read rows: the same request for the caller's own customer or card and for each
 * foreign one, all sent at once (reads change nothing), then each foreign cell judged against its
 * row's positive control.
 */
import type { FleetApi } from '../api.js';
import type { ApiResponse } from '../client.js';
import { ACTIVE, customerPage } from '../discovery.js';
import type { CustomerListFields } from '../list-page.js';
import type { Card } from '../types.generated.js';
import { foreignCardNotShown, foreignCardsAmong, noForeignCardListed, noForeignCustomerListed, refused403, type Judge } from './judges.js';
import { ROWS, type ColumnId, type RowId } from './matrix.js';
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
  listCustomers: { send: (api, t) => api.listCustomers({ customerAccountNumber: account(t), limit: LIMIT }), judge: noForeignCustomerListed },
  searchCustomerCards: { send: (api, t) => api.cardSearch({ customerAccountNumber: account(t), limit: LIMIT }), judge: noForeignCardListed },
  getCard: { send: (api, t) => api.getCard(card(t).cardIdentifier!), judge: refused403 },
  searchCardNumber: { send: (api, t) => api.cardSearch({ filter: { primaryVisualCardNumber: card(t).primaryVisualCardNumber! }, limit: LIMIT }), judge: foreignCardNotShown },
};

export interface Own {
  customer?: string;
  card?: Card;
}

export interface ReadOptions {
  customerListFields: CustomerListFields;
  /** FLEET_STRICT=ASSUME-UNKNOWN-RESOURCE-404: a foreign filter must be refused with 403. */
  strict: boolean;
  /** Records what the target chose where the document is silent. */
  saw(what: string): void;
}

const ENTRY = 'ASSUME-UNKNOWN-RESOURCE-404';

/** A customer of the caller's hierarchy to read: the card pool's customer, or the first one listed. */
export async function ownCustomer(api: FleetApi, poolCustomer: string | undefined, fields: CustomerListFields): Promise<string | undefined> {
  if (poolCustomer) return poolCustomer;
  const listed = await api.listCustomers({ limit: 1 });
  return listed.status === 200 ? customerPage(listed, fields).customers[0]?.customerAccountNumber : undefined;
}

/** An Active card of the caller's hierarchy with a number, found by search. */
export async function ownCard(api: FleetApi): Promise<Card | undefined> {
  const found = await api.cardSearch({ limit: 5, statusIdentifiers: [ACTIVE] });
  return found.status === 200 ? (found.body.cards ?? []).find((c) => c.cardIdentifier !== undefined && c.primaryVisualCardNumber) : undefined;
}

function foreignTarget(column: ColumnId, foreign: ForeignTargets): Target | undefined {
  if (column === 'foreignCard') return foreign.card;
  return (column === 'foreignTop' ? foreign.top : column === 'foreignSub' ? foreign.sub : undefined)?.accountNumber;
}

const shown = (t: Target) => (typeof t === 'string' ? t : String(t.cardIdentifier));

/** Sends the rows' requests at once and records every cell of them. */
export async function readCells(matrix: MatrixRecorder, api: FleetApi, rows: RowId[], own: Own, foreign: ForeignTargets, options: ReadOptions): Promise<void> {
  await Promise.all(rows.map(async (row) => {
    const spec = readRows[row]!;
    const columns = ROWS[row].columns.filter((c) => c !== 'own');
    const mine = ROWS[row].columns.includes('foreignCard') ? own.card : own.customer;
    if (mine === undefined) {
      const why = `the caller's hierarchy shows no ${ROWS[row].columns.includes('foreignCard') ? 'Active card' : 'customer'} to compare with`;
      for (const column of ['own' as const, ...columns]) await matrix.notRun(row, column, why);
      return;
    }
    const targets = columns.map((column) => ({ column, target: foreignTarget(column, foreign) }));
    if (targets.every((t) => t.target === undefined)) {
      await matrix.notRun(row, 'own', 'not sent: no foreign resource of this row to compare with');
      for (const { column } of targets) await matrix.notRun(row, column, foreign.missing[column] ?? 'no such resource');
      return;
    }
    const [control, ...answers] = await Promise.all([spec.send(api, mine), ...targets.map(({ target }) => (target === undefined ? undefined : spec.send(api, target)))]);
    const served = await matrix.control(row, shown(mine), control!);
    for (const [i, { column, target }] of targets.entries()) {
      const response = answers[i];
      if (target === undefined || !response) {
        await matrix.notRun(row, column, foreign.missing[column] ?? 'no such resource');
        continue;
      }
      if (!served) {
        await matrix.notRun(row, column, 'not judged: the caller\'s own request was not served (see its cell)', shown(target));
        continue;
      }
      const judgement = await spec.judge(response, {
        resource: shown(target),
        customerListFields: options.customerListFields,
        foreignCustomers: foreign.foreignCustomers,
        ...(foreign.card ? { foreignCard: foreign.card } : {}),
        foreignAmong: (cards) => foreignCardsAmong(cards, api, foreign.owner?.api, { customerAccountNumber: shown(target) }),
      });
      if (judgement.chose) options.saw(judgement.chose);
      if (judgement.verdict === 'failed') await matrix.failed(row, column, shown(target), response, judgement.note);
      else if (judgement.lenient && options.strict) await matrix.failedStrictly(ENTRY, row, column, shown(target), response, `${judgement.note}: not refused with 403`);
      else await matrix.passed(row, column, shown(target), response, judgement.note);
    }
  }));
}

/**
 * The matrix's customer write rows. The caller's own chain first, on a sub-customer it creates
 * (the positive controls), then the same requests on the foreign top-level account and the foreign
 * sub-customer, the two at once. Bodies, notes and the card order item are the same for every
 * column: only the customer they name differs (the order item's ids are valid in both hierarchies'
 * master data where the two have them in common).
 */
import type { FleetApi } from '../api.js';
import type { ApiResponse } from '../client.js';
import { cardOrderBody, cardOrderItem } from '../factories/card.js';
import { subCustomerBody } from '../factories/customer.js';
import type { CustomerCreateResponse, MasterData } from '../types.generated.js';
import type { ColumnId, RowId } from './matrix.js';
import type { MatrixRecorder } from './recorder.js';
import type { ForeignCustomer, ForeignTargets } from './targets.js';
import { foreignWrites, ownerDid, type Parity, type WriteRow } from './writes.js';

export interface CustomerWriteDeps {
  api: FleetApi;
  /** Creates the caller's own sub-customer; sends a creation as it is and owns what it creates (fixtures/test.ts `customers`). */
  customers: { create(): Promise<{ customerAccountNumber: string }>; attempt(body: unknown): Promise<ApiResponse<CustomerCreateResponse>> };
  matrix: MatrixRecorder;
  foreign: ForeignTargets;
  masterData: MasterData;
  runId: string;
  serial: string;
}

/** The caller's master data narrowed to the ids the second client's has too (each array left whole where none is common). */
export function commonMasterData(mine: MasterData, theirs: MasterData | undefined): MasterData {
  if (!theirs) return mine;
  const their = theirs as unknown as Record<string, unknown>;
  // Only the arrays: an answer may carry other, undocumented fields (ASSUME-EXTRA-FIELDS).
  const narrowed = Object.fromEntries(Object.entries(mine).map(([key, rows]) => {
    const other = Array.isArray(their[key]) ? new Set((their[key] as { id?: number }[]).map((r) => r?.id)) : undefined;
    const common = Array.isArray(rows) && other ? (rows as { id?: number }[]).filter((r) => other.has(r?.id)) : [];
    return [key, common.length ? common : rows];
  }));
  return narrowed as unknown as MasterData;
}

/** The customer rows' requests: one body per row, for whichever customer. */
function requests(d: CustomerWriteDeps) {
  const notes = { notes: `${d.runId} authorization matrix` };
  // A name without the run prefix: a foreign customer a faulty target renamed is never taken for one the run created (npm run cleanup).
  const customerName = `Authorization matrix ${d.runId}`;
  const create = (parent: string) => subCustomerBody(d.runId, `${d.serial}m`, { customerAccountNumber: parent });
  const item = cardOrderItem(commonMasterData(d.masterData, d.foreign.owner?.masterData), { driverName: `${d.runId} matrix ${d.serial}` });
  return {
    createUnder: (a: string) => d.customers.attempt(create(a)),
    updateDetail: (a: string) => d.api.updateCustomerDetail(a, { customerName }),
    blockCustomer: (a: string) => d.api.blockCustomer(a, notes),
    unblockCustomer: (a: string) => d.api.unblockCustomer(a, notes),
    orderCards: (a: string) => d.api.orderCards(cardOrderBody(a, [item])),
    closeCustomer: (a: string) => d.api.closeCustomer(a, notes),
    notes,
  };
}

type Requests = ReturnType<typeof requests>;

/** The positive controls, on a sub-customer of the caller's own and a child created under it; the rows served. */
async function ownChain(d: CustomerWriteDeps, send: Requests): Promise<Set<RowId>> {
  const served = new Set<RowId>();
  const own = (await d.customers.create()).customerAccountNumber;
  const control = async (row: RowId, resource: string, response: ApiResponse, ok?: boolean) => {
    if (await d.matrix.control(row, resource, response, ok)) served.add(row);
  };
  const created = await send.createUnder(own);
  const child = created.status === 200 && typeof created.body?.customerAccountNumber === 'string' ? created.body.customerAccountNumber : undefined;
  await control('createUnder', own, created, child !== undefined);
  await control('updateDetail', own, await send.updateDetail(own));
  await control('orderCards', own, await send.orderCards(own));
  await control('blockCustomer', own, await send.blockCustomer(own));
  if (served.has('blockCustomer')) await control('unblockCustomer', own, await send.unblockCustomer(own));
  else await d.matrix.notRun('unblockCustomer', 'own', 'not tried: the caller\'s own customer could not be blocked first', own);
  // Close the child, which has no sub-account of its own: its parent is closed at teardown.
  if (child) await control('closeCustomer', child, await send.closeCustomer(child));
  else await d.matrix.notRun('closeCustomer', 'own', 'not tried: no sub-customer of its own was created to close', own);
  return served;
}

/** The rows on one foreign customer, reversible first; its owner undoes what a faulty target served. */
function foreignRows(d: CustomerWriteDeps, send: Requests, column: ColumnId, target: ForeignCustomer): WriteRow[] {
  const a = target.accountNumber;
  const owner = d.foreign.owner?.api;
  const byOwner = (what: string, request: () => Promise<ApiResponse>) => (owner ? ownerDid(what, request()) : Promise.resolve(`could not be undone: ${what.replace(/^its owner /, '')} needs the second client`));
  const parity = async (): Promise<Parity> => {
    if (column !== 'foreignSub' || !owner) return { note: 'it is not blocked (its owner blocks no top-level account for the check)', restore: async () => undefined };
    const blocked = await owner.blockCustomer(a, send.notes);
    if (blocked.status !== 200) return { note: `its owner could not block it first (${blocked.status}), as the caller's own was`, restore: async () => undefined };
    return { note: 'blocked by its owner first, as the caller\'s own was', restore: async () => ((await owner.unblockCustomer(a, send.notes)).status === 200 ? undefined : 'its owner could not unblock it again') };
  };
  return [
    {
      row: 'createUnder', tier: 1, send: () => send.createUnder(a),
      undo: (r) => {
        const created = (r.body as CustomerCreateResponse | undefined)?.customerAccountNumber;
        return created ? byOwner(`its owner closed the sub-customer ${created} created under it`, () => owner!.closeCustomer(created, send.notes)) : Promise.resolve('no account number answered: nothing to close');
      },
    },
    {
      row: 'updateDetail', tier: 1, send: () => send.updateDetail(a),
      undo: async () => (target.record?.customerName
        ? byOwner('its owner put its name back', () => owner!.updateCustomerDetail(a, { customerName: target.record!.customerName! }))
        : 'could not be undone: its name before is unknown (its owner cannot read it)'),
    },
    { row: 'blockCustomer', tier: 1, send: () => send.blockCustomer(a), undo: () => byOwner('its owner unblocked it', () => owner!.unblockCustomer(a, send.notes)) },
    { row: 'unblockCustomer', tier: 1, send: () => send.unblockCustomer(a), parity, undo: async () => 'nothing to put back: it unblocked what was blocked for the check' },
    { row: 'orderCards', tier: 2, send: () => send.orderCards(a), undo: async (r) => `cannot be undone: the order stays (orderReference ${(r.body as { orderReference?: string } | undefined)?.orderReference ?? 'not answered'})` },
    { row: 'closeCustomer', tier: 2, send: () => send.closeCustomer(a), undo: async () => 'cannot be undone: closed permanently' },
  ];
}

const ROWS_IN_ORDER = ['createUnder', 'updateDetail', 'blockCustomer', 'unblockCustomer', 'orderCards', 'closeCustomer'] as const;

/**
 * A sub-customer directly under the second client's top-level account when its hierarchy shows
 * none: created by the second client, marked with the run id, closed by it afterwards (`close`).
 */
async function createdForeignSub(d: CustomerWriteDeps): Promise<{ target?: ForeignCustomer; note?: string; close(): Promise<void> }> {
  const owner = d.foreign.owner?.api;
  if (d.foreign.sub || !owner || !d.foreign.top) return { close: async () => undefined };
  const body = subCustomerBody(d.runId, `${d.serial}f`, { customerAccountNumber: d.foreign.top.accountNumber });
  const created = await owner.createSubCustomer(body);
  const accountNumber = created.status === 200 ? created.body?.customerAccountNumber : undefined;
  if (typeof accountNumber !== 'string') return { note: `${d.foreign.missing.foreignSub}, and the second client could not create one (${created.status})`, close: async () => undefined };
  return {
    target: { accountNumber, record: { customerAccountNumber: accountNumber, customerName: body.customerName } },
    close: async () => void await owner.closeCustomer(accountNumber, { notes: `${d.runId} teardown` }).catch(() => undefined),
  };
}

/** Every cell of the customer write rows: the caller's own chain, then both foreign customers at once. */
export async function customerWriteCells(d: CustomerWriteDeps): Promise<void> {
  const send = requests(d);
  const controls = await ownChain(d, send);
  const created = await createdForeignSub(d);
  try {
    const columns: [ColumnId, ForeignCustomer | undefined, string | undefined][] = [
      ['foreignTop', d.foreign.top, d.foreign.missing.foreignTop],
      ['foreignSub', d.foreign.sub ?? created.target, created.note ?? d.foreign.missing.foreignSub],
    ];
    await Promise.all(columns.map(async ([column, target, missing]) => {
      if (target) await foreignWrites(d.matrix, column, target.accountNumber, foreignRows(d, send, column, target), controls, d.foreign.owner !== undefined);
      else for (const row of ROWS_IN_ORDER) await d.matrix.notRun(row, column, missing ?? 'no such customer');
    }));
  } finally {
    await created.close();
  }
}

/**
 * The matrix's customer write rows. The caller's own chain (the positive controls): on a
 * sub-customer it creates and a sub-customer it creates under that one, and, of what it may do to
 * the top-level account, creating under it and ordering cards for it. At the same time the same
 * requests on another client's top-level account, sub-customer and sub-customer's sub-customer,
 * the three at once, each row once the caller's own requests of that row are in. Bodies, notes and the card order item are the same for every column: only the customer they
 * name differs (the order item's ids are valid in both hierarchies' master data where the two have
 * them in common).
 */
import type { FleetApi } from '../api.js';
import { cancelCardsOf } from '../cleanup.js';
import type { ApiResponse } from '../client.js';
import type { Config } from '../config.js';
import { createdUnder } from '../created-under.js';
import { cardOrderBody, cardOrderItem } from '../factories/card.js';
import { placesOf, subCustomerBody } from '../factories/customer.js';
import type { CustomerCreateResponse, MasterData } from '../types.generated.js';
import { refusedNamedInBody } from './judges.js';
import { type ColumnId, columnOf, columnsOf, DEPTHS, type Depth, NOT_THE_TOP_LEVEL, type RowId } from './matrix.js';
import { OWN_TOP_LEVEL_OPEN } from './reads.js';
import type { MatrixRecorder } from './recorder.js';
import type { ForeignCustomer, ForeignTargets } from './targets.js';
import { foreignWrites, ownerDid, type Parity, settledBoth, type WriteRow } from './writes.js';

export interface CustomerWriteDeps {
  api: FleetApi;
  /** Creates the caller's own sub-customer; sends a creation as it is and owns what it creates (fixtures/test.ts `customers`). */
  customers: {
    create(overrides?: { customerAccountNumber?: string }): Promise<{ customerAccountNumber: string }>;
    attempt(body: unknown): Promise<ApiResponse<CustomerCreateResponse>>;
  };
  matrix: MatrixRecorder;
  foreign: ForeignTargets;
  /** The caller's top-level account. */
  topLevel: string;
  customerListFields: Config['customerListFields'];
  masterData: MasterData;
  runId: string;
  serial: string;
}

/** The caller's master data narrowed to the ids the second client's has too (each array left whole where none is common). */
export function commonMasterData(mine: MasterData, theirs: MasterData | undefined): MasterData {
  if (!theirs) return mine;
  const their = theirs as unknown as Record<string, unknown>;
  // Only the arrays: an answer may carry other, undocumented fields (ASSUME-EXTRA-FIELDS).
  const narrowed = Object.fromEntries(
    Object.entries(mine).map(([key, rows]) => {
      const other = Array.isArray(their[key])
        ? new Set((their[key] as { id?: number }[]).map((r) => r?.id))
        : undefined;
      const common = Array.isArray(rows) && other ? (rows as { id?: number }[]).filter((r) => other.has(r?.id)) : [];
      return [key, common.length ? common : rows];
    })
  );
  return narrowed as unknown as MasterData;
}

/** The customer rows' requests: one body per row, for whichever customer. */
function requests(d: CustomerWriteDeps) {
  const notes = { notes: `${d.runId} authorization matrix` };
  // A name without the run prefix: a foreign customer a faulty target renamed is never taken for one the run created (npm run cleanup).
  const customerName = `Authorization matrix ${d.runId}`;
  const create = (parent: string) =>
    subCustomerBody(d.runId, `${d.serial}m`, placesOf(d.masterData), { customerAccountNumber: parent });
  const item = cardOrderItem(commonMasterData(d.masterData, d.foreign.owner?.masterData), {
    driverName: `${d.runId} m${d.serial}`,
  });
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

const accountOf = (r: ApiResponse<CustomerCreateResponse>) =>
  r.status === 200 && typeof r.body?.customerAccountNumber === 'string' ? r.body.customerAccountNumber : undefined;

/**
 * The positive controls: on a sub-customer of the caller's own (depth 1), a child created under it
 * (depth 2) and the top-level account (creating under it, ordering cards for it).
 */
async function ownChain(d: CustomerWriteDeps, send: Requests): Promise<void> {
  const control = async (
    row: RowId,
    column: ColumnId,
    resource: string,
    response: ApiResponse,
    options: { served?: boolean; tolerated?: string } = {}
  ) => {
    await d.matrix.control(row, column, resource, response, options);
  };
  const top = d.topLevel;
  const own = (await d.customers.create()).customerAccountNumber;
  const [created, underTop] = await Promise.all([send.createUnder(own), send.createUnder(top)]);
  // Served only if created where asked: a server that ignores the parent shows nothing of whom it lets create under whom.
  const answered = accountOf(created);
  const where = answered ? await createdUnder(d.api, d, answered, own) : undefined;
  const child = where?.under ? answered : undefined;
  await control('createUnder', 'ownSub', own, created, {
    served: child !== undefined,
    ...(where && !where.under ? { unlike: { rule: 'CUST-CREATE-UNDER-PARENT', why: where.words } } : {}),
  });
  await control('createUnder', 'ownTop', top, underTop, {
    served: accountOf(underTop) !== undefined,
    tolerated: OWN_TOP_LEVEL_OPEN,
  });
  const change = async (column: ColumnId, account: string) => {
    await control('updateDetail', column, account, await send.updateDetail(account));
    await control('orderCards', column, account, await send.orderCards(account));
  };
  /** Block, unblock what was blocked, close. */
  const statuses = async (column: ColumnId, account: string) => {
    if (await d.matrix.control('blockCustomer', column, account, await send.blockCustomer(account))) {
      await control('unblockCustomer', column, account, await send.unblockCustomer(account));
    } else
      await d.matrix.notRun(
        'unblockCustomer',
        column,
        "not tried: the caller's own customer could not be blocked first",
        account
      );
    // The orderCards row gave it a card: a close refused while it holds one is sent again once it is
    // cancelled (ASSUME-CLOSE-CONDITIONS); while it cannot be (an order completes later, a card not
    // yet active cannot be cancelled), the close is asked of a customer of the same depth that holds none.
    const refused = (r: ApiResponse) => r.status >= 400 && r.status < 500;
    let close = await send.closeCustomer(account);
    if (refused(close) && (await cancelCardsOf(d.api, account, send.notes.notes)))
      close = await send.closeCustomer(account);
    const bare = refused(close)
      ? (await d.customers.create(column === 'ownSub' ? {} : { customerAccountNumber: own })).customerAccountNumber
      : undefined;
    await (bare
      ? control('closeCustomer', column, bare, await send.closeCustomer(bare))
      : control('closeCustomer', column, account, close));
  };
  const deeper = async () => {
    if (!child) {
      for (const row of ROWS_IN_ORDER.filter((r) => columnsOf(r).includes('ownSubSub')))
        await d.matrix.notRun(
          row,
          'ownSubSub',
          `not tried: creating a sub-customer under ${own} answered ${created.status} and ${answered ? `made ${answered} elsewhere` : 'no customerAccountNumber'}`,
          own
        );
      return;
    }
    await change('ownSubSub', child);
    await statuses('ownSubSub', child);
  };
  const topLevel = async () => {
    await control('orderCards', 'ownTop', top, await send.orderCards(top), { tolerated: OWN_TOP_LEVEL_OPEN });
    for (const row of ['updateDetail', 'blockCustomer', 'unblockCustomer', 'closeCustomer'] as const)
      await d.matrix.notRun(row, 'ownTop', NOT_THE_TOP_LEVEL, top);
  };
  // The parent's block and close only once its child is done: a blocked parent could bar what is asked of the child.
  const subs = async () => {
    await Promise.all([deeper(), change('ownSub', own)]);
    await statuses('ownSub', own);
  };
  await Promise.all([subs(), topLevel()]);
}

/** The rows on one foreign customer, reversible first; its owner undoes what a faulty target served. */
function foreignRows(d: CustomerWriteDeps, send: Requests, column: ColumnId, target: ForeignCustomer): WriteRow[] {
  const a = target.accountNumber;
  const owner = d.foreign.owner?.api;
  const byOwner = (what: string, request: () => Promise<ApiResponse>) =>
    owner
      ? ownerDid(what, request())
      : Promise.resolve(`could not be undone: ${what.replace(/^its owner /, '')} needs the second client`);
  const parity = async (): Promise<Parity> => {
    if (column === 'foreignTop' || !owner)
      return {
        note: 'it is not blocked (its owner blocks no top-level account for the check)',
        restore: async () => undefined,
      };
    const blocked = await owner.blockCustomer(a, send.notes);
    if (blocked.status !== 200)
      return {
        note: `its owner could not block it first (${blocked.status}), as the caller's own was`,
        restore: async () => undefined,
      };
    return {
      note: "blocked by its owner first, as the caller's own was",
      restore: async () =>
        (await owner.unblockCustomer(a, send.notes)).status === 200
          ? undefined
          : 'its owner could not unblock it again',
    };
  };
  const rows: WriteRow[] = [
    {
      row: 'createUnder',
      tier: 1,
      send: () => send.createUnder(a),
      judge: refusedNamedInBody,
      undo: (r) => {
        const created = (r.body as CustomerCreateResponse | undefined)?.customerAccountNumber;
        return created
          ? byOwner(`its owner closed the sub-customer ${created} created under it`, () =>
              owner!.closeCustomer(created, send.notes)
            )
          : Promise.resolve('no account number answered: nothing to close');
      },
    },
    {
      row: 'updateDetail',
      tier: 1,
      send: () => send.updateDetail(a),
      undo: async () =>
        target.record?.customerName
          ? byOwner('its owner put its name back', () =>
              owner!.updateCustomerDetail(a, { customerName: target.record!.customerName! })
            )
          : 'could not be undone: its name before is unknown (its owner cannot read it)',
    },
    {
      row: 'blockCustomer',
      tier: 1,
      send: () => send.blockCustomer(a),
      undo: () => byOwner('its owner unblocked it', () => owner!.unblockCustomer(a, send.notes)),
    },
    {
      row: 'unblockCustomer',
      tier: 1,
      send: () => send.unblockCustomer(a),
      parity,
      undo: async () => 'nothing to put back: it unblocked what was blocked for the check',
    },
    {
      row: 'orderCards',
      tier: 2,
      send: () => send.orderCards(a),
      judge: refusedNamedInBody,
      undo: async (r) =>
        `cannot be undone: the order stays (orderReference ${(r.body as { orderReference?: string } | undefined)?.orderReference ?? 'not answered'})`,
    },
    {
      row: 'closeCustomer',
      tier: 2,
      send: () => send.closeCustomer(a),
      undo: async () => 'cannot be undone: closed permanently',
    },
  ];
  return rows.filter((w) => columnsOf(w.row).includes(column));
}

const ROWS_IN_ORDER = [
  'createUnder',
  'updateDetail',
  'blockCustomer',
  'unblockCustomer',
  'orderCards',
  'closeCustomer',
] as const;

interface CreatedForeign {
  /** The customers of the depths the second client's hierarchy lacked, created by it. */
  targets: Partial<Record<Depth, ForeignCustomer>>;
  /** Why a depth has no customer, when the second client could not create one either. */
  notes: Partial<Record<Depth, string>>;
  /** Closes what it created, children first. */
  close(): Promise<void>;
}

/**
 * The sub-customer and the sub-customer's sub-customer of the second client's hierarchy, when it
 * shows none: created by the second client, marked with the run id, closed by it afterwards.
 */
async function createdForeign(d: CustomerWriteDeps): Promise<CreatedForeign> {
  const owner = d.foreign.owner?.api;
  const result: CreatedForeign = { targets: {}, notes: {}, close: async () => undefined };
  const made: string[] = [];
  result.close = async () => {
    for (const accountNumber of made.reverse())
      await owner?.closeCustomer(accountNumber, { notes: `${d.runId} teardown` }).catch(() => undefined);
  };
  let parent = d.foreign.customers[0]?.accountNumber;
  for (const depth of [1, 2] as const) {
    const found = d.foreign.customers[depth];
    if (found || !owner || !parent) {
      parent = found?.accountNumber;
      continue;
    }
    // Under the top level by leaving the parent out: whether it may be named is not shown (ASSUME-TOP-LEVEL-PARENT).
    const body = subCustomerBody(
      d.runId,
      `${d.serial}f${depth}`,
      placesOf(d.foreign.owner?.masterData),
      depth === 1 ? {} : { customerAccountNumber: parent }
    );
    const created = await owner.createSubCustomer(body);
    const accountNumber = accountOf(created);
    if (!accountNumber) {
      result.notes[depth] =
        `${d.foreign.missing.customers[columnOf('foreign', depth)]}, and the second client could not create one (${created.status})`;
      parent = undefined;
      continue;
    }
    made.push(accountNumber);
    result.targets[depth] = {
      accountNumber,
      record: { customerAccountNumber: accountNumber, customerName: body.customerName },
    };
    parent = accountNumber;
  }
  return result;
}

/**
 * Every cell of the customer write rows: the caller's own chain and the three foreign customers at
 * once, each foreign row once the own requests of that row are in (a row no own request of which
 * was served is not tried).
 */
export async function customerWriteCells(d: CustomerWriteDeps): Promise<void> {
  const send = requests(d);
  const own = ownChain(d, send).finally(() => d.matrix.endControls());
  const foreign = (async () => {
    const created = await createdForeign(d);
    try {
      await Promise.all(
        DEPTHS.map(async (depth) => {
          const column = columnOf('foreign', depth);
          const target = d.foreign.customers[depth] ?? created.targets[depth];
          if (target)
            await foreignWrites(
              d.matrix,
              column,
              target.accountNumber,
              foreignRows(d, send, column, target),
              d.foreign.owner !== undefined
            );
          else
            for (const row of ROWS_IN_ORDER.filter((r) => columnsOf(r).includes(column)))
              await d.matrix.notRun(
                row,
                column,
                created.notes[depth] ?? d.foreign.missing.customers[column] ?? 'no such customer'
              );
        })
      );
    } finally {
      await created.close();
    }
  })();
  await settledBoth(own, foreign);
}

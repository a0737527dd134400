/**
 * The matrix's card write rows. The caller's own chains, one card of the pool for each depth of the
 * hierarchy that holds pool cards (block, unblock, PIN reprint, replace, then cancel of the replaced
 * original: the positive controls), and the same requests on a card of each of the second client's
 * top-level account, sub-customer and sub-customer's sub-customer, all at once, each foreign row
 * once the own requests of that row are in. The
 * statusReasonId is one both hierarchies' master data hold (for the cards' type where they can), so
 * that the request differs only in whose card it names; where they hold none in common, the foreign
 * card gets a reason of its owner's.
 */
import type { FleetApi } from '../api.js';
import type { ApiResponse } from '../client.js';
import { cardTypeIdOf, reasonFor } from '../discovery.js';
import { pinLetterAddress } from '../factories/card.js';
import type { Card, MasterData } from '../types.generated.js';
import { refusedWithTheirReason } from './judges.js';
import { type ColumnId, columnOf, DEPTHS, type Depth, type RowId } from './matrix.js';
import type { OwnTargets } from './own.js';
import type { MatrixRecorder } from './recorder.js';
import type { ForeignTargets } from './targets.js';
import { foreignWrites, ownerDid, type Parity, settledBoth, type WriteRow } from './writes.js';

export interface CardWriteDeps {
  api: FleetApi;
  matrix: MatrixRecorder;
  foreign: ForeignTargets;
  own: OwnTargets;
  masterData: MasterData;
  /** An Active card of the pool customer `owner`, held by this test (fixtures/test.ts `poolCards`), or undefined. */
  takeOf(owner: string): Promise<Card | undefined>;
  runId: string;
}

export interface Reasons {
  /** What the caller sends for its own card, and for the foreign one. */
  own: number;
  foreign: number;
  /** What the foreign card's owner sends (to block it for the check, and to undo). */
  owner: number;
  note?: string;
}

/** A statusReasonId valid in both hierarchies, for the two cards' types where one is. */
export function reasonsFor(mine: MasterData, own: Card, theirs: MasterData, foreign: Card): Reasons {
  const owner = reasonFor(theirs, foreign);
  const theirIds = new Map((theirs.reason ?? []).map((r) => [r.id, r]));
  const common = (mine.reason ?? []).filter(
    (r) => r.id !== undefined && theirIds.get(r.id)?.cardTypeId === r.cardTypeId
  );
  const ownType = cardTypeIdOf(mine, own);
  const foreignType = cardTypeIdOf(theirs, foreign);
  const shared =
    common.find((r) => r.cardTypeId === ownType && r.cardTypeId === foreignType) ??
    common.find((r) => r.cardTypeId === foreignType) ??
    common[0];
  if (shared?.id !== undefined) return { own: shared.id, foreign: shared.id, owner };
  return {
    own: reasonFor(mine, own),
    foreign: owner,
    owner,
    note: `statusReasonId ${owner} of its owner's master data (the two hold no reason id in common)`,
  };
}

const ROWS_IN_ORDER = ['blockCard', 'unblockCard', 'reprintPIN', 'replaceCard', 'cancelCard'] as const;

/** The caller's own chain on one pool card. */
async function ownChain(d: CardWriteDeps, column: ColumnId, card: Card, reason: number, notes: string): Promise<void> {
  const id = card.cardIdentifier!;
  const control = (row: RowId, response: ApiResponse) => d.matrix.control(row, column, id, response);
  if (await control('blockCard', await d.api.blockCard(id, { statusReasonId: reason, notes })))
    await control('unblockCard', await d.api.unblockCard(id, { statusReasonId: reason, notes }));
  else await d.matrix.notRun('unblockCard', column, "not tried: the caller's own card could not be blocked first", id);
  await control('reprintPIN', await d.api.reprintPIN(id, { cardAddress: pinLetterAddress() }));
  await control('replaceCard', await d.api.replaceCard(id, {}));
  // The original, replaced (blocked) or not: one pool card for the whole chain.
  await control('cancelCard', await d.api.cancelCard(id, { statusReasonId: reason, notes }));
}

function foreignRows(api: FleetApi, owner: FleetApi, id: number, reasons: Reasons, notes: string): WriteRow[] {
  const asCaller = { statusReasonId: reasons.foreign, notes };
  const asOwner = { statusReasonId: reasons.owner, notes };
  const extra = reasons.note ? `; ${reasons.note}` : '';
  const parity = async (): Promise<Parity> => {
    const blocked = await owner.blockCard(id, asOwner);
    if (blocked.status !== 200)
      return {
        note: `its owner could not block it first (${blocked.status}), as the caller's own was${extra}`,
        restore: async () => undefined,
      };
    return {
      note: `blocked by its owner first, as the caller's own was${extra}`,
      restore: async () =>
        (await owner.unblockCard(id, asOwner)).status === 200 ? undefined : 'its owner could not unblock it again',
    };
  };
  const unblockByOwner = () => ownerDid('its owner unblocked it', owner.unblockCard(id, asOwner));
  // A reason only the owner's master data holds may be refused as an invalid parameter before whose card it is (ASSUME-UNKNOWN-RESOURCE-404).
  const theirReason = reasons.note ? { judge: refusedWithTheirReason } : {};
  return [
    { row: 'blockCard', tier: 1, send: () => api.blockCard(id, asCaller), undo: unblockByOwner, ...theirReason },
    {
      row: 'unblockCard',
      tier: 1,
      send: () => api.unblockCard(id, asCaller),
      parity,
      undo: async () => 'nothing to put back: it unblocked what was blocked for the check',
      ...theirReason,
    },
    {
      row: 'reprintPIN',
      tier: 2,
      send: () => api.reprintPIN(id, { cardAddress: pinLetterAddress() }),
      undo: async () => 'cannot be undone: a PIN letter was requested',
    },
    {
      row: 'replaceCard',
      tier: 2,
      send: () => api.replaceCard(id, {}),
      undo: async () => `${await unblockByOwner()}; the replacement card stays`,
    },
    {
      row: 'cancelCard',
      tier: 2,
      send: () => api.cancelCard(id, asCaller),
      undo: async () => 'cannot be undone: cancelled permanently',
      ...theirReason,
    },
  ];
}

/** Why the caller's own column of `depth` has no card to write. */
function noPoolCard(d: CardWriteDeps, depth: Depth): string {
  const owner = d.own.pool[depth];
  if (owner)
    return `not tried: no Active card of the card pool's customer ${owner} is free in this run's share of the pool`;
  const pool = Object.values(d.own.pool);
  return `not tried: the suite writes only cards of the card pool (FLEET_CARD_POOL_CUSTOMER${pool.length ? `: ${pool.join(', ')}` : ', not set'}), and none of its customers is at this depth of the caller's hierarchy`;
}

/**
 * Every cell of the card write rows: the caller's own chains, then the foreign cards. Returns why
 * no cell could be judged when the card pool held no card to write.
 */
export async function cardWriteCells(d: CardWriteDeps): Promise<string | undefined> {
  const owned = await Promise.all(
    DEPTHS.map(async (depth) => {
      const owner = d.own.pool[depth];
      return { depth, column: columnOf('own', depth), card: owner ? await d.takeOf(owner) : undefined };
    })
  );
  const theirs = d.foreign.owner;
  const anyForeign = DEPTHS.map((depth) => d.foreign.cards[depth]).find(Boolean);
  const anyOwn = owned.find((o) => o.card)?.card;
  const reasonsOf = (mine: Card, depth: Depth) => {
    const foreign = d.foreign.cards[depth] ?? anyForeign;
    return foreign && theirs
      ? reasonsFor(d.masterData, mine, theirs.masterData, foreign)
      : { own: reasonFor(d.masterData, mine), foreign: 0, owner: 0 };
  };
  const notes = `${d.runId} authorization matrix`;
  const own = Promise.all(
    owned.map(async ({ depth, column, card }) => {
      if (card) await ownChain(d, column, card, reasonsOf(card, depth).own, notes);
      else for (const row of ROWS_IN_ORDER) await d.matrix.notRun(row, column, noPoolCard(d, depth));
    })
  ).finally(() => d.matrix.endControls());
  // Each foreign row once the own requests of that row are in.
  const foreign = Promise.all(
    DEPTHS.map(async (depth) => {
      const column = columnOf('foreign', depth);
      const card = d.foreign.cards[depth];
      if (!card || !theirs || !anyOwn) {
        const why = !anyOwn
          ? "not tried: the card pool holds no card of the caller's to compare with"
          : (d.foreign.missing.cards[column] ?? 'no such card');
        for (const row of ROWS_IN_ORDER) await d.matrix.notRun(row, column, why);
        return;
      }
      const reasons = reasonsFor(d.masterData, anyOwn, theirs.masterData, card);
      await foreignWrites(
        d.matrix,
        column,
        card.cardIdentifier!,
        foreignRows(d.api, theirs.api, card.cardIdentifier!, reasons, notes)
      );
    })
  );
  await settledBoth(own, foreign);
  if (anyOwn) return undefined;
  const pool = Object.values(d.own.pool);
  return pool.length
    ? `no Active card of the card pool (${pool.join(', ')}) is free in this run's share of the pool`
    : 'no card pool configured (FLEET_CARD_POOL_CUSTOMER)';
}

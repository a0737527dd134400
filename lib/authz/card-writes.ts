/**
 * The matrix's card write rows. The caller's own chain first, on two cards of the pool (block,
 * unblock, PIN reprint and replace on one, cancel on the other: the positive controls), then the
 * same requests on a card of the second client. The statusReasonId is one both hierarchies' master
 * data hold (for the cards' type where they can), so that the request differs only in whose card it
 * names; where they hold none in common, the foreign card gets a reason of its owner's.
 */
import type { FleetApi } from '../api.js';
import type { ApiResponse } from '../client.js';
import { cardTypeIdOf, reasonFor } from '../discovery.js';
import { pinLetterAddress } from '../factories/card.js';
import type { Card, MasterData } from '../types.generated.js';
import type { RowId } from './matrix.js';
import type { MatrixRecorder } from './recorder.js';
import type { ForeignTargets } from './targets.js';
import { foreignWrites, ownerDid, type Parity, type WriteRow } from './writes.js';

export interface CardWriteDeps {
  api: FleetApi;
  matrix: MatrixRecorder;
  foreign: ForeignTargets;
  masterData: MasterData;
  /** A pool card of the caller's, held by this test (fixtures/test.ts `poolCards`). */
  take(): Promise<Card>;
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
  const common = (mine.reason ?? []).filter((r) => r.id !== undefined && theirIds.get(r.id)?.cardTypeId === r.cardTypeId);
  const ownType = cardTypeIdOf(mine, own);
  const foreignType = cardTypeIdOf(theirs, foreign);
  const shared = common.find((r) => r.cardTypeId === ownType && r.cardTypeId === foreignType) ?? common.find((r) => r.cardTypeId === foreignType) ?? common[0];
  if (shared?.id !== undefined) return { own: shared.id, foreign: shared.id, owner };
  return { own: reasonFor(mine, own), foreign: owner, owner, note: `statusReasonId ${owner} of its owner's master data (the two hold no reason id in common)` };
}

/** The caller's own chain; the rows served. */
async function ownChain(d: CardWriteDeps, card: Card, spare: Card, reason: number, notes: string): Promise<Set<RowId>> {
  const served = new Set<RowId>();
  const control = async (row: RowId, id: number, response: ApiResponse) => {
    if (await d.matrix.control(row, id, response)) served.add(row);
  };
  const id = card.cardIdentifier!;
  await control('blockCard', id, await d.api.blockCard(id, { statusReasonId: reason, notes }));
  if (served.has('blockCard')) await control('unblockCard', id, await d.api.unblockCard(id, { statusReasonId: reason, notes }));
  else await d.matrix.notRun('unblockCard', 'own', 'not tried: the caller\'s own card could not be blocked first', id);
  await control('reprintPIN', id, await d.api.reprintPIN(id, { cardAddress: pinLetterAddress() }));
  await control('replaceCard', id, await d.api.replaceCard(id, {}));
  await control('cancelCard', spare.cardIdentifier!, await d.api.cancelCard(spare.cardIdentifier!, { statusReasonId: reason, notes }));
  return served;
}

function foreignRows(api: FleetApi, owner: FleetApi, id: number, reasons: Reasons, notes: string): WriteRow[] {
  const asCaller = { statusReasonId: reasons.foreign, notes };
  const asOwner = { statusReasonId: reasons.owner, notes };
  const extra = reasons.note ? `; ${reasons.note}` : '';
  const parity = async (): Promise<Parity> => {
    const blocked = await owner.blockCard(id, asOwner);
    if (blocked.status !== 200) return { note: `its owner could not block it first (${blocked.status}), as the caller's own was${extra}`, restore: async () => undefined };
    return { note: `blocked by its owner first, as the caller's own was${extra}`, restore: async () => ((await owner.unblockCard(id, asOwner)).status === 200 ? undefined : 'its owner could not unblock it again') };
  };
  const unblockByOwner = () => ownerDid('its owner unblocked it', owner.unblockCard(id, asOwner));
  return [
    { row: 'blockCard', tier: 1, send: () => api.blockCard(id, asCaller), undo: unblockByOwner },
    { row: 'unblockCard', tier: 1, send: () => api.unblockCard(id, asCaller), parity, undo: async () => 'nothing to put back: it unblocked what was blocked for the check' },
    { row: 'reprintPIN', tier: 2, send: () => api.reprintPIN(id, { cardAddress: pinLetterAddress() }), undo: async () => 'cannot be undone: a PIN letter was requested' },
    { row: 'replaceCard', tier: 2, send: () => api.replaceCard(id, {}), undo: async () => `${await unblockByOwner()}; the replacement card stays` },
    { row: 'cancelCard', tier: 2, send: () => api.cancelCard(id, asCaller), undo: async () => 'cannot be undone: cancelled permanently' },
  ];
}

/** Every cell of the card write rows: the caller's own chain, then the foreign card. */
export async function cardWriteCells(d: CardWriteDeps): Promise<void> {
  const [card, spare] = [await d.take(), await d.take()];
  const foreign = d.foreign.card;
  const owner = d.foreign.owner;
  const reasons = foreign && owner ? reasonsFor(d.masterData, card, owner.masterData, foreign) : { own: reasonFor(d.masterData, card), foreign: 0, owner: 0 };
  const notes = `${d.runId} authorization matrix`;
  const controls = await ownChain(d, card, spare, reasons.own, notes);
  if (!foreign || !owner) {
    for (const row of ['blockCard', 'unblockCard', 'reprintPIN', 'replaceCard', 'cancelCard'] as const) await d.matrix.notRun(row, 'foreignCard', d.foreign.missing.foreignCard ?? 'no such card');
    return;
  }
  await foreignWrites(d.matrix, 'foreignCard', foreign.cardIdentifier!, foreignRows(d.api, owner.api, foreign.cardIdentifier!, reasons, notes), controls);
}

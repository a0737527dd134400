/**
 * The card model: cards of the pool customer (and replacements a run makes), each active, blocked,
 * replaced or cancelled. Simpler than the server: Active is the one status it knows (id 1, the only
 * one the document shows); blocked (by the run's block) and replaced (the original of the run's
 * replace) are "no longer Active"; cancelled is whatever the card showed right after its
 * cancellation, for good. A status id keeps the name it was first
 * seen with, and no command changes any field of a card but its status. A card enters a run only
 * Active: what brought a card found in another status there is not the run's history, and no
 * transition is judged on it.
 */

import type { FleetApi } from '../../api.js';
import type { Config } from '../../config.js';
import { ACTIVE, reasonFor } from '../../discovery.js';
import type { Sightings } from '../../field-lengths.js';
import { expect, forRule } from '../../judge.js';
import type { RuleId } from '../../rules/catalogue.js';
import { statusIdOf } from '../../steps/card-steps.js';
import { type StatusNames, untouchedFields } from '../../steps/card-views.js';
import { goneAfterEnd } from '../../steps/ended.js';
import type { Card, MasterData } from '../../types.generated.js';
import type { TestClock } from '../../waits.js';

/**
 * Blocked and replaced stay apart: the document says block leaves a card "temporarily blocked" and
 * unblock applies to a card "previously blocked", but of a replaced original only that it is
 * blocked, not that it can be unblocked.
 */
export type CardState = 'active' | 'blocked' | 'replaced' | 'cancelled';

export interface ModelCard {
  cardIdentifier: number;
  state: CardState;
  /** The card as last read: the properties a replacement copies. */
  card: Card;
  /** A replacement this run made: the only cards a run cancels, so the pool is never used up. */
  madeByRun: boolean;
  /** What the card showed right after its cancellation; it never changes afterwards. */
  cancelledStatus?: Card['status'];
  /** Cancelled, then answered 404 (ASSUME-ENDED-READABLE): every later read must answer 404 too. */
  gone?: boolean;
}

/** Writes a run may make at most, to spare the pool and the target: cancel consumes a card, replace and order create them. */
export const perRun = { cancels: 1, replaces: 2, orders: 1 } as const;

/** The cards a run works on at most (read, and unblocked if needed, at its start). */
export const CARDS_PER_RUN = 3;

export class CardModel {
  readonly cards: ModelCard[] = [];
  readonly done = { cancels: 0, replaces: 0, orders: 0 };

  /** The `index`-th (modulo) card that `accept`s, or undefined when none does. */
  pick(index: number, accept: (c: ModelCard) => boolean): ModelCard | undefined {
    const candidates = this.cards.filter(accept);
    return candidates.length ? candidates[index % candidates.length] : undefined;
  }
}

/** The test's cards, shared by its runs: taken from the pool, plus replacements; cancelled cards leave it. */
export interface CardShelf {
  cards: number[];
}

export interface CardReal {
  api: FleetApi;
  config: Config;
  masterData: MasterData;
  nextSerial: () => string;
  /** The pool customer: whose cards the run uses and for whom it orders. */
  customerAccountNumber: string;
  shelf: CardShelf;
  /** The running test's clock: a wait (a replacement to show up) ends within its time. */
  clock?: TestClock;
  /** What the target chose where the document is silent (a value of unstated length refused). */
  assumptions: Sightings;
  /** Says once that a silence could not be settled on the target (a replacement not seen in time). */
  notice(entry: string, text: string): void;
  /** The name each status id was first seen with, over the test's runs. */
  names: StatusNames;
}

/** The rule that holds a card in its state, for checks not tied to one command. */
const stateRule: Record<CardState, RuleId> = {
  active: 'CARD-UNBLOCK-REACTIVATES',
  blocked: 'CARD-BLOCK',
  replaced: 'CARD-REPLACE-BLOCKS-ORIGINAL',
  cancelled: 'CARD-CANCEL-PERMANENT',
};

/**
 * GET the card and compare it with the model: its status (by its id, under the name that id was
 * first seen with) and every other field as it was last read; the model keeps what it read.
 */
export async function verifyCard(real: CardReal, c: ModelCard, rule = stateRule[c.state]): Promise<void> {
  const response = await real.api.getCard(c.cardIdentifier);
  if (c.gone) {
    await forRule('CARD-CANCEL-PERMANENT', () =>
      expect(response, `cancelled card ${c.cardIdentifier} answered 404 once: gone for good`).toHaveStatus(404)
    );
    return;
  }
  await forRule(rule, () => expect(response, `reading card ${c.cardIdentifier}`).toHaveStatus(200));
  const where = `card ${c.cardIdentifier} should be ${c.state}`;
  const statusId = await statusIdOf(response.body);
  await forRule(rule, () => {
    if (c.state === 'active') expect(statusId, `${where} (Active, id ${ACTIVE})`).toBe(ACTIVE);
    else if (c.state !== 'cancelled') expect(statusId, `${where}: no longer Active`).not.toBe(ACTIVE);
    else
      expect(
        { id: statusId, name: response.body.status?.name },
        `${where}: it showed ${JSON.stringify(c.cancelledStatus)} when it was cancelled`
      ).toEqual({ id: c.cancelledStatus?.id, name: c.cancelledStatus?.name });
    expect(real.names.contradiction(response.body.status), `${where}: a status keeps its name`).toBeUndefined();
    expect(untouchedFields(response.body), `${where}: every field but its status as it was`).toEqual(
      untouchedFields(c.card)
    );
  });
  c.card = response.body;
}

/** A card right after its cancellation: read no longer Active, every other field as it was. */
export async function readCancelled(real: CardReal, c: ModelCard): Promise<void> {
  const read = await real.api.getCard(c.cardIdentifier);
  if (
    await goneAfterEnd(
      read,
      `cancelled card (card ${c.cardIdentifier})`,
      'CARD-CANCEL-PERMANENT',
      real.config,
      real.assumptions
    )
  ) {
    c.gone = true;
    return;
  }
  await forRule('CARD-CANCEL-PERMANENT', () =>
    expect(read, `reading cancelled card ${c.cardIdentifier}`).toHaveStatus(200)
  );
  const statusId = await statusIdOf(read.body);
  await forRule('CARD-CANCEL-PERMANENT', () => {
    expect(statusId, `cancelled card ${c.cardIdentifier} is no longer Active`).not.toBe(ACTIVE);
    expect(
      untouchedFields(read.body),
      `cancelled card ${c.cardIdentifier}: every field but its status as it was`
    ).toEqual(untouchedFields(c.card));
    expect(
      real.names.contradiction(read.body.status),
      `cancelled card ${c.cardIdentifier}: a status keeps its name`
    ).toBeUndefined();
  });
  c.card = read.body;
  c.cancelledStatus = read.body.status;
}

function notes(real: CardReal, what: string): string {
  return `${real.config.runId} lifecycle ${what}`;
}

export function statusChange(real: CardReal, c: ModelCard, what: string): { statusReasonId: number; notes: string } {
  return { statusReasonId: reasonFor(real.masterData, c.card), notes: notes(real, what) };
}

/**
 * The last CARDS_PER_RUN cards of the shelf, as they are now: an Active one joins the run; one in
 * any other status leaves the shelf, untouched (a card an earlier run left blocked, its teardown
 * could not unblock, or someone else changed: how it got there is not this run's history).
 */
export async function readyCards(model: CardModel, real: CardReal): Promise<void> {
  for (const cardIdentifier of real.shelf.cards.slice(-CARDS_PER_RUN)) {
    const response = await real.api.getCard(cardIdentifier);
    if (response.status === 200 && response.body.status?.id === ACTIVE)
      model.cards.push({ cardIdentifier, state: 'active', card: response.body, madeByRun: false });
    else real.shelf.cards = real.shelf.cards.filter((id) => id !== cardIdentifier);
  }
}

/**
 * Housekeeping, never a verdict: tries to put back Active what the run left not Active (a replaced
 * original too, which a server may refuse to unblock); never throws.
 */
export async function unblockLeftBlocked(model: CardModel, real: CardReal): Promise<void> {
  for (const c of model.cards.filter((x) => x.state !== 'cancelled')) {
    const response = await real.api.getCard(c.cardIdentifier).catch(() => undefined);
    if (response?.status !== 200 || response.body.status?.id === ACTIVE) continue;
    await real.api
      .unblockCard(c.cardIdentifier, {
        statusReasonId: reasonFor(real.masterData, response.body),
        notes: notes(real, 'teardown'),
      })
      .catch(() => undefined);
  }
}

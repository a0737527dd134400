/**
 * Card statuses as the document exposes them ({id, name}; only Active = 1 is shown:
 * ASSUME-CARD-STATES), and the steps a test takes to bring a card where it needs it. A step's
 * answer and effect are its own rule's to judge: refused or without effect, the test is blocked by
 * that rule (forRule), unless that rule is the test's own, which then fails.
 */

import type { FleetApi } from '../api.js';
import type { ApiResponse } from '../client.js';
import type { Config } from '../config.js';
import { ACTIVE } from '../discovery.js';
import type { Sightings } from '../field-lengths.js';
import { expect, forRule, judgingPlaces } from '../judge.js';
import { placeOf } from '../judgements.js';
import { BlockedError } from '../ledger.js';
import { answerOrReadBack } from '../read-back.js';
import type { Card, CardStatusChangeRequest } from '../types.generated.js';
import { goneAfterEnd } from './ended.js';

/** The card as GET /cards/{cardIdentifier} shows it: that card (CARD-GET), or the test is blocked. */
export async function cardOf(api: FleetApi, cardIdentifier: number): Promise<Card> {
  return cardIn(api, await api.getCard(cardIdentifier), cardIdentifier);
}

/** The card an answer to GET /cards/{cardIdentifier} shows: that card (CARD-GET), or the test is blocked. */
async function cardIn(api: FleetApi, read: ApiResponse<Card>, cardIdentifier: number): Promise<Card> {
  const { body } = api.need(read, `reading card ${cardIdentifier}`);
  await forRule('CARD-GET', () =>
    expect(body?.cardIdentifier, `GET /cards/${cardIdentifier} answers that card`).toBe(cardIdentifier)
  );
  return body;
}

/**
 * The status id of a card ({id: integer, name}): what every verdict on a card's state reads. A
 * status of another shape is CARD-SHAPE's breach and blocks the verdict (a blocked card read as
 * "no longer Active" would pass blind); a card that shows no status (which fields are always
 * present: not shown) leaves the state unknown, and the test blocked.
 */
export async function statusIdOf(card: Card): Promise<number> {
  const status = card.status as unknown;
  if (status === undefined || status === null)
    throw new BlockedError({ reason: `card ${card.cardIdentifier} shows no status: its state cannot be judged` });
  const id = (status as { id?: unknown }).id;
  if (typeof status !== 'object' || !Number.isInteger(id))
    await forRule('CARD-SHAPE', () =>
      judgingPlaces(placeOf(card, '/status'), () => {
        throw new Error(
          `card ${card.cardIdentifier}: status ${JSON.stringify(status)} is not {id: integer, name: string}`
        );
      })
    );
  return id as number;
}

export async function cardStatusOf(api: FleetApi, cardIdentifier: number): Promise<number> {
  return statusIdOf(await cardOf(api, cardIdentifier));
}

/**
 * The status id of a card the run cancelled, or 'gone' when it answers 404: whether a cancelled
 * card can still be read is not shown (ASSUME-ENDED-READABLE; FLEET_STRICT requires a 200).
 */
export async function cancelledStatusOf(
  api: FleetApi,
  config: Config,
  seen: Sightings,
  cardIdentifier: number
): Promise<number | 'gone'> {
  const read = await api.getCard(cardIdentifier);
  const gone = await goneAfterEnd(
    read,
    `cancelled card (card ${cardIdentifier})`,
    'CARD-CANCEL-PERMANENT',
    config,
    seen
  );
  return gone ? 'gone' : statusIdOf(await cardIn(api, read, cardIdentifier));
}

/**
 * Blocks an Active card for a test that needs it blocked: no longer Active after it (CARD-BLOCK).
 * `acceptedUnder`: the rule that says this block must be accepted (its notes' limit, say), when not
 * CARD-BLOCK. Its answer; undefined when the answer was lost and the card read back blocked.
 */
export async function blockCardFirst(
  api: FleetApi,
  cardIdentifier: number,
  body: CardStatusChangeRequest,
  acceptedUnder?: string
): Promise<ApiResponse | undefined> {
  const response = await answerOrReadBack(
    () => api.blockCard(cardIdentifier, body),
    async () => (await cardStatusOf(api, cardIdentifier)) !== ACTIVE
  );
  if (response) api.need(response, `blocking card ${cardIdentifier}`, acceptedUnder);
  const after = await cardStatusOf(api, cardIdentifier);
  await forRule('CARD-BLOCK', () =>
    expect(after, `status of card ${cardIdentifier} after its block: status id ${after}, Active`).not.toBe(ACTIVE)
  );
  return response;
}

/** Unblocks a card the test blocked: Active again after it (CARD-UNBLOCK-REACTIVATES). Its answer; undefined when lost and the card read back Active. */
export async function unblockCardFirst(
  api: FleetApi,
  cardIdentifier: number,
  body: CardStatusChangeRequest,
  acceptedUnder?: string
): Promise<ApiResponse | undefined> {
  const response = await answerOrReadBack(
    () => api.unblockCard(cardIdentifier, body),
    async () => (await cardStatusOf(api, cardIdentifier)) === ACTIVE
  );
  if (response) api.need(response, `unblocking card ${cardIdentifier}`, acceptedUnder);
  const after = await cardStatusOf(api, cardIdentifier);
  await forRule('CARD-UNBLOCK-REACTIVATES', () =>
    expect(after, `status of card ${cardIdentifier} after its unblock`).toBe(ACTIVE)
  );
  return response;
}

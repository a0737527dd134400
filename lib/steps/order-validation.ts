/**
 * An order naming an identifier the caller's master data does not hold: refused (a 4xx), or
 * accepted with 202 to be checked later, when no card of that order shows right after (when an
 * order's identifiers are checked is not shown: ASSUME-ORDER-VALIDATION). A card of it that shows,
 * or any other answer, took the identifier.
 */
import type { FleetApi } from '../api.js';
import type { ApiResponse } from '../client.js';
import type { Config } from '../config.js';
import { allCards } from '../discovery.js';
import type { Sightings } from '../field-lengths.js';
import { expect, forReading } from '../judge.js';
import type { RuleId } from '../rules/catalogue.js';

export const ORDER_VALIDATION = 'ASSUME-ORDER-VALIDATION';

/** The orders of a test that named unknown identifiers and were not refused. */
export interface UnrefusedOrders {
  /** Orders that took an identifier: a card of the order shows, or an answer neither 4xx nor 202. */
  taken: string[];
  /** Orders accepted with 202 of which no card shows: checked later. */
  later: string[];
}

/** Files the answer to the order `what` among `orders` (a refusal nowhere). */
export async function sortUnknownIdOrder(
  api: FleetApi,
  response: ApiResponse,
  what: string,
  orders: UnrefusedOrders
): Promise<void> {
  if (response.status >= 400 && response.status < 500) return;
  const { orderReference } = (response.status === 202 ? response.body : {}) as { orderReference?: unknown };
  const made =
    typeof orderReference === 'string' ? (await allCards(api, { orderReference })).map((c) => c.cardIdentifier) : [];
  if (response.status === 202 && made.length === 0) orders.later.push(`${what}: 202, no card of the order`);
  else orders.taken.push(`${what}: answered ${response.status}${made.length ? `, card ${made.join(', ')} made` : ''}`);
}

/** Records the orders left to be checked later; FLEET_STRICT requires them refused at once (judged under `rule`). */
export async function judgeLater(
  later: string[],
  rule: RuleId,
  config: Pick<Config, 'strict'>,
  seen: Sightings
): Promise<void> {
  for (const order of later) seen.saw(ORDER_VALIDATION, order);
  if (config.strict.has(ORDER_VALIDATION))
    await forReading(ORDER_VALIDATION, rule, () =>
      expect(later, 'orders naming an unknown id accepted, to be checked later (strict reading)').toEqual([])
    );
}

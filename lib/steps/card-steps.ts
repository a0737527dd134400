/**
 * Card statuses as the document exposes them ({id, name}; only Active = 1 is shown:
 * ASSUME-CARD-STATES), and the steps a test takes to bring a card where it needs it. A step's
 * answer and effect are its own rule's to judge: refused or without effect, the test is blocked by
 * that rule (forRule), unless that rule is the test's own, which then fails.
 */
import { expect, forRule } from '../../fixtures/test.js';
import type { FleetApi } from '../api.js';
import type { ApiResponse } from '../client.js';
import { ACTIVE } from '../discovery.js';
import type { CardStatusChangeRequest } from '../types.generated.js';

export async function cardStatusOf(api: FleetApi, cardIdentifier: number): Promise<number | undefined> {
  return api.need(await api.getCard(cardIdentifier), `reading card ${cardIdentifier}`).body.status?.id;
}

/**
 * Blocks an Active card for a test that needs it blocked: no longer Active after it (CARD-BLOCK).
 * `acceptedUnder`: the rule that says this block must be accepted (its notes' limit, say), when not CARD-BLOCK.
 */
export async function blockCardFirst(api: FleetApi, cardIdentifier: number, body: CardStatusChangeRequest, acceptedUnder?: string): Promise<ApiResponse> {
  const response = api.need(await api.blockCard(cardIdentifier, body), `blocking card ${cardIdentifier}`, acceptedUnder);
  const after = await cardStatusOf(api, cardIdentifier);
  await forRule('CARD-BLOCK', () => expect(after, `status of card ${cardIdentifier} after its block`).not.toBe(ACTIVE));
  return response;
}

/** Unblocks a card the test blocked: Active again after it (CARD-UNBLOCK-REACTIVATES). */
export async function unblockCardFirst(api: FleetApi, cardIdentifier: number, body: CardStatusChangeRequest, acceptedUnder?: string): Promise<ApiResponse> {
  const response = api.need(await api.unblockCard(cardIdentifier, body), `unblocking card ${cardIdentifier}`, acceptedUnder);
  const after = await cardStatusOf(api, cardIdentifier);
  await forRule('CARD-UNBLOCK-REACTIVATES', () => expect(after, `status of card ${cardIdentifier} after its unblock`).toBe(ACTIVE));
  return response;
}

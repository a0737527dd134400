/**
 * The checks of the matrix's foreign cells, one named function each: what a conforming server
 * answers to a request that differs from one it served only in whose resource it names.
 */
import type { FleetApi } from '../api.js';
import type { ApiResponse } from '../client.js';
import type { CustomerListFields } from '../config.js';
import { customerPage } from '../discovery.js';
import type { Card, CardList, CardSearchRequest } from '../types.generated.js';

export interface Judgement {
  verdict: 'passed' | 'failed';
  note: string;
  /** What the target chose where the document is silent (recorded under ASSUME-UNKNOWN-RESOURCE-404). */
  chose?: string;
  /** Passed by the default reading only: the stricter one (FLEET_STRICT=ASSUME-UNKNOWN-RESOURCE-404) requires 403. */
  lenient?: true;
}

/**
 * A refusal of another client's customer named in a body or a filter, or of a statusReasonId only
 * its owner's master data holds, by another code than 403: an invalid parameter (400, or the 422 a
 * server may use for one: ASSUME-REJECTION-STATUS) or one the caller does not know (404). It shows
 * and changes nothing; whether that is a permission question is not shown
 * (ASSUME-UNKNOWN-RESOURCE-404). A 401 is the token's question, a 429 the throttle's: neither refuses the resource.
 */
function refusedOtherwise(status: number, named: string): Judgement | undefined {
  if (status < 400 || status >= 500 || status === 401 || status === 403 || status === 429) return undefined;
  return { verdict: 'passed', note: `refused: ${status}`, chose: `${named} refused with ${status}`, lenient: true };
}

export interface JudgeContext {
  /** The foreign customer account number or card the request named. */
  resource: string | number;
  customerListFields: CustomerListFields;
  /** Account numbers known to be another hierarchy's (the second client's list). */
  foreignCustomers: ReadonlySet<string>;
  /** The foreign card a search by number must not show. */
  foreignCard?: Card;
  /** Which of `cards` (shown to the caller) belong to another hierarchy. */
  foreignAmong(cards: Card[]): Promise<Card[]>;
}

export type Judge = (response: ApiResponse, ctx: JudgeContext) => Judgement | Promise<Judgement>;

const served = (status: number) => status >= 200 && status < 300;

function otherAnswer(status: number): Judgement {
  const why =
    status === 404
      ? ' (404 says it does not exist; ASSUME-UNKNOWN-RESOURCE-404: 404 only for what does not exist)'
      : '';
  return {
    verdict: 'failed',
    note: `answered ${status}${why}: the same request is served for the caller's own resource, so for another client's named in the path the only refusal is 403`,
  };
}

/** Refused with 403: a valid token without permission. */
export function refused403(response: ApiResponse): Judgement {
  if (response.status === 403) return { verdict: 'passed', note: 'refused: 403' };
  if (served(response.status))
    return { verdict: 'failed', note: `served (${response.status}): the caller reached another client's resource` };
  return otherAnswer(response.status);
}

/** A foreign customer named in a body (the parent of a new sub-customer, the customer of an order): 403, or refused with another 4xx (400, 404, 422). */
export function refusedNamedInBody(response: ApiResponse): Judgement {
  return refusedOtherwise(response.status, 'a customer of another hierarchy named in a body') ?? refused403(response);
}

/** A write on a foreign card whose statusReasonId only its owner's master data holds: 403, or refused with another 4xx (400, 404, 422). */
export function refusedWithTheirReason(response: ApiResponse): Judgement {
  return (
    refusedOtherwise(
      response.status,
      "a status change of a foreign card with a reason id of its owner's master data"
    ) ?? refused403(response)
  );
}

/** The customer list filtered by a foreign customer: 403, another 4xx refusal (400, 404, 422), or a page showing none of its sub-accounts. */
export const noForeignCustomerListed: Judge = (response, ctx) => {
  if (response.status === 403) return { verdict: 'passed', note: 'refused: 403' };
  if (!served(response.status))
    return (
      refusedOtherwise(response.status, 'a customer list filtered by a foreign customer') ??
      otherAnswer(response.status)
    );
  const shown = customerPage(response, ctx.customerListFields).customers;
  const leaked = shown.filter(
    (c) => c.parentCustomerAccountNumber === ctx.resource || ctx.foreignCustomers.has(c.customerAccountNumber ?? '')
  );
  if (leaked.length)
    return {
      verdict: 'failed',
      note: `shows ${leaked.length} customer${leaked.length > 1 ? 's' : ''} of another hierarchy: ${leaked
        .map((c) => c.customerAccountNumber)
        .slice(0, 5)
        .join(', ')}`,
    };
  return {
    verdict: 'passed',
    note: `${response.status} with none of its customers (${shown.length} shown)`,
    chose: 'a customer list filtered by a foreign customer answers 200 with none of its sub-accounts',
    lenient: true,
  };
};

/** Card search filtered by a foreign customer: 403, another 4xx refusal (400, 404, 422), or none of its cards. */
export const noForeignCardListed: Judge = async (response, ctx) => {
  if (response.status === 403) return { verdict: 'passed', note: 'refused: 403' };
  if (!served(response.status))
    return (
      refusedOtherwise(response.status, 'a card search filtered by a foreign customer') ?? otherAnswer(response.status)
    );
  const shown = (response.body as CardList | undefined)?.cards ?? [];
  const leaked = shown.length ? await ctx.foreignAmong(shown) : [];
  if (leaked.length)
    return {
      verdict: 'failed',
      note: `shows ${leaked.length} card${leaked.length > 1 ? 's' : ''} of another hierarchy: ${leaked
        .map((c) => c.cardIdentifier)
        .slice(0, 5)
        .join(', ')}`,
    };
  const own = shown.length
    ? `; the ${shown.length} it shows are the caller's own (whether the filter applies is CARD-SEARCH-CUSTOMER's to judge)`
    : '';
  return {
    verdict: 'passed',
    note: `${response.status} with none of its cards${own}`,
    chose: 'a card search filtered by a foreign customer answers 200 with none of its cards',
    lenient: true,
  };
};

/** Card search by a foreign card's number: that card is not shown (403 is a refusal too). */
export const foreignCardNotShown: Judge = (response, ctx) => {
  if (response.status === 403)
    return { verdict: 'passed', note: 'refused: 403', chose: "a search by a foreign card's number refused with 403" };
  if (!served(response.status)) return otherAnswer(response.status);
  const card = ctx.foreignCard!;
  const shown = (response.body as CardList | undefined)?.cards ?? [];
  const leaked = shown.filter(
    (c) =>
      c.cardIdentifier === card.cardIdentifier ||
      (card.primaryVisualCardNumber !== undefined && c.primaryVisualCardNumber === card.primaryVisualCardNumber)
  );
  if (leaked.length)
    return { verdict: 'failed', note: `shows card ${card.cardIdentifier} of another client's hierarchy` };
  return { verdict: 'passed', note: `${response.status} without it (${shown.length} shown)` };
};

/**
 * Which of `cards` belong to another hierarchy: those the second client's same search shows, or
 * (without a second client) those the caller may not read (403).
 */
export async function foreignCardsAmong(
  cards: Card[],
  caller: FleetApi,
  owner: FleetApi | undefined,
  search: CardSearchRequest
): Promise<Card[]> {
  if (owner) {
    const theirs = await owner.cardSearch({ ...search, limit: Math.max(cards.length, 20) });
    const ids = new Set((theirs.body.cards ?? []).map((c) => c.cardIdentifier));
    return cards.filter((c) => ids.has(c.cardIdentifier));
  }
  const answers = await Promise.all(
    cards.slice(0, 3).map(async (c) => ({
      c,
      status: c.cardIdentifier === undefined ? 0 : (await caller.getCard(c.cardIdentifier)).status,
    }))
  );
  return answers.filter((a) => a.status === 403).map((a) => a.c);
}

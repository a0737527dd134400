/**
 * What the suite needs to know about the target and learns through the interface itself, never
 * through a back door: the top-level account, master-data ids, cards of a customer.
 */
import type { FleetApi } from './api.js';
import { forRule, judgingPlace } from './judge.js';
import { BlockedError, ConfigurationNotice } from './ledger.js';
import { type CustomerListFields, documentedPage, guessCustomerListFields, type PagePlaces } from './list-page.js';
import type { PageAnswer } from './list-page-places.js';
import type { Card, CardSearchRequest, Customer, CustomerListQuery, MasterData } from './types.generated.js';

/** The Active status (id 1) is the one status the document shows, for cards and customers alike. */
export const ACTIVE = 1;

/**
 * An Active card, read leniently for discovery: status id 1 even as the text "1", or the name Active
 * when the status is a bare name. That the status has the documented shape is CARD-SHAPE's check.
 */
export function isActive(card: Card): boolean {
  const status = card.status as unknown;
  if (typeof status === 'string') return status === 'Active';
  return Number((status as { id?: unknown } | undefined)?.id) === ACTIVE;
}

/**
 * The caller's top-level account: walk up from any listed customer; the top-level account is the
 * first one without a parent, or the first parent the caller may not read.
 */
export async function topLevelFrom(api: FleetApi, start: Customer): Promise<string | undefined> {
  let current = start;
  for (let depth = 0; depth < 4; depth++) {
    const parent = current.parentCustomerAccountNumber;
    if (!parent) return current.customerAccountNumber;
    const response = await api
      .call<Customer>('getCustomer', { params: { customerAccountNumber: parent } })
      .catch(() => undefined);
    if (response?.status !== 200) return parent;
    current = response.body;
  }
  return undefined;
}

/** Every card matching `search`, following nextCursor while hasNextPage (bounded). */
export async function allCards(api: FleetApi, search: CardSearchRequest, maxPages = 200): Promise<Card[]> {
  const cards: Card[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const response = await api.cardSearch({ ...search, ...(cursor ? { cursor } : {}) });
    const { body } = api.need(response, `card search, page ${page + 1}`, cursor ? 'CARD-SEARCH-CURSOR' : undefined);
    cards.push(...(body.cards ?? []));
    // A page that shows nothing yet says more follow would page for ever.
    if (!body.cards?.length && body.hasNextPage)
      await forRule('CARD-SEARCH-PAGE-FLAGS', () =>
        judgingPlace(response, '/hasNextPage', () => {
          throw new Error(`card search page ${page + 1} shows no card but hasNextPage true`);
        })
      );
    if (!body.hasNextPage || !body.nextCursor) return cards;
    cursor = body.nextCursor;
  }
  throw new Error(`card search still had pages after ${maxPages}: nextCursor never ends`);
}

/**
 * Whether the card search `search`, filtered by a customer, left out some card that the same search
 * without that filter shows: `cards` are what it answered. A card shows no owner, so this is all that
 * says they are that customer's; a server that ignores the filter answers every card the caller may
 * see, and the suite must write to none of them (nor when the customer holds every card there is).
 * The wider search is read at its default page size (a limit may be refused) until it shows such a
 * card, or more cards than `cards` hold.
 */
export async function leftOutSome(api: FleetApi, search: CardSearchRequest, cards: Card[]): Promise<boolean> {
  const { customerAccountNumber: _, cursor: __, limit: ___, ...wider } = search;
  const held = new Set(cards.map((c) => c.cardIdentifier));
  let cursor: string | undefined;
  for (let seen = 0; seen <= cards.length; ) {
    const answer = await api.cardSearch({ ...wider, ...(cursor ? { cursor } : {}) }).catch(() => undefined);
    if (answer?.status !== 200) return false;
    const page = answer.body?.cards ?? [];
    if (page.some((c) => !held.has(c.cardIdentifier))) return true;
    seen += page.length;
    if (!page.length || !answer.body.hasNextPage || !answer.body.nextCursor) return false;
    cursor = answer.body.nextCursor;
  }
  return false;
}

export function cardTypeIdOf(master: MasterData, card: Card): number | undefined {
  return master.cardType.find((t) => t.name === card.cardType)?.id;
}

/** An id that no element of the master-data array `key` holds: what a request names to be refused. */
export function unknownId(master: MasterData, key: keyof MasterData): number {
  return Math.max(0, ...master[key].map((e) => e.id ?? 0)) + 1_000;
}

/** A reason id for a status change of `card`: one tied to its card type when the master data has one. */
export function reasonFor(master: MasterData, card?: Card): number {
  if (!Array.isArray(master.reason))
    throw new BlockedError({
      rule: 'MASTER-TEN-ARRAYS',
      reason: 'the master data has no reason array: card block, unblock and cancel need a statusReasonId',
    });
  const typeId = card ? cardTypeIdOf(master, card) : undefined;
  const reason = master.reason.find((r) => typeId !== undefined && r.cardTypeId === typeId) ?? master.reason[0];
  if (reason?.id === undefined)
    throw new BlockedError({
      reason: 'the master data holds no reason: card block, unblock and cancel need a statusReasonId',
    });
  return reason.id;
}

/** The register entry of the customer list page's shape. */
const LIST_PAGE = 'ASSUME-CUSTOMER-LIST-PAGE';

/** A customer list page read where FLEET_CUSTOMER_LIST_FIELDS says, or where its fields were found (ASSUME-CUSTOMER-LIST-PAGE). */
export interface CustomerPage {
  customers: Customer[];
  hasNextPage: boolean;
  nextCursor?: string;
  /** Where this page kept its fields (placesText: a FLEET_CUSTOMER_LIST_FIELDS that reads it, what the drift report shows). */
  places: PagePlaces;
  /** Why the list cannot be followed past this page (it cannot tell whether more follow, or where): a configuration notice. */
  unfollowable?: string;
}

/**
 * The page of a customer list answer (`before`: the walk's page before it). A page whose customers
 * cannot be found cannot be read at all: the test is blocked, with the setting the page suggests.
 */
export function customerPage(response: PageAnswer, fields: CustomerListFields, before?: CustomerPage): CustomerPage {
  const read = documentedPage(response, fields, before?.places);
  if (!read.fits) {
    const guess = guessCustomerListFields(response);
    throw new BlockedError({
      reason: `${read.why}${guess ? `; this page reads with FLEET_CUSTOMER_LIST_FIELDS=${guess}` : ''} (${LIST_PAGE})`,
    });
  }
  const { customers, hasNextPage, nextCursor } = read.page;
  return {
    customers: customers as Customer[],
    hasNextPage: hasNextPage === true,
    ...(typeof nextCursor === 'string' ? { nextCursor } : {}),
    places: read.places,
    ...(read.unfollowable ? { unfollowable: read.unfollowable } : {}),
  };
}

/**
 * The cursor of the page after `page`; undefined when the list ends there. A page that cannot say
 * is never taken for the list's end: the test that needs the rest is not run, with the notice.
 */
export function nextCursorOf(page: CustomerPage): string | undefined {
  if (page.unfollowable) throw new ConfigurationNotice(LIST_PAGE, page.unfollowable);
  return page.hasNextPage ? page.nextCursor : undefined;
}

/** The first `count` pages of a customer list (fewer when it ends), following the cursor while hasNextPage. */
export async function firstCustomerPages(
  api: FleetApi,
  fields: CustomerListFields,
  query: CustomerListQuery,
  count: number
): Promise<CustomerPage[]> {
  const pages: CustomerPage[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < count; n++) {
    const response = await api.listCustomers({ ...query, ...(cursor ? { cursor } : {}) });
    api.need(response, `customer list, page ${n + 1}`, cursor ? 'CUST-LIST-CURSOR' : undefined);
    const page = customerPage(response, fields, pages.at(-1));
    if (!page.customers.length && page.hasNextPage)
      await forRule('CUST-LIST-CURSOR', () => {
        throw new Error(`customer list page ${n + 1} shows no customer but says more follow`);
      });
    pages.push(page);
    cursor = nextCursorOf(page);
    if (!cursor) break;
  }
  return pages;
}

/** Every page of a customer list, following the cursor while hasNextPage (bounded). */
export async function customerPages(
  api: FleetApi,
  fields: CustomerListFields,
  query: CustomerListQuery = {},
  maxPages = 500
): Promise<CustomerPage[]> {
  const pages = await firstCustomerPages(api, fields, query, maxPages);
  const last = pages.at(-1);
  if (pages.length === maxPages && last?.hasNextPage && last.nextCursor)
    throw new Error(`the customer list still had pages after ${maxPages}: nextCursor never ends`);
  return pages;
}

/** Every customer of a list, in the order of its pages. */
export async function allCustomers(
  api: FleetApi,
  fields: CustomerListFields,
  query: CustomerListQuery = {}
): Promise<Customer[]> {
  return (await customerPages(api, fields, query)).flatMap((p) => p.customers);
}

/**
 * Scopes that no test of any run changes while a test reads them over several pages or answers:
 * direct sub-accounts of the top level that no run made (no run mark, lib/cleanup.ts) and that
 * neither are a customer of the card pool nor stand above one. The suite writes only the pool's
 * cards and sub-customers it creates (under the top level or under its own), so a walk over such a
 * customer's cards or sub-accounts reads one state, however long it takes and whatever runs beside
 * it. A walk over the whole hierarchy meets the run's own blocks, unblocks, replaces and creations
 * between its pages: an order, a total or a cursor judged there can turn red on a conforming server.
 */

import type { FleetApi } from '../api.js';
import { isMarked } from '../cleanup.js';
import { type Config, RUN_PREFIX } from '../config.js';
import { type CustomerPage, customerPage, nextCursorOf } from '../discovery.js';
import type { Card, Customer } from '../types.generated.js';

/** How many untouched customers are looked at, at most: a few requests each. */
const CANDIDATES = 8;
/** Pages of the top level's sub-accounts read to find them. */
const LIST_PAGES = 10;

/** The pool customers and their ancestors: a search of a customer may show its sub-customers' cards (whether it does: not shown). */
async function poolAndAbove(api: FleetApi, config: Config): Promise<Set<string>> {
  const touched = new Set(config.poolCustomers);
  for (const account of config.poolCustomers) {
    let current: string | undefined = account;
    for (let depth = 0; current && depth < 3; depth++) {
      const got = await api.getCustomer(current);
      current = got.status === 200 ? got.body.parentCustomerAccountNumber : undefined;
      if (current) touched.add(current);
    }
  }
  return touched;
}

/** Direct sub-accounts of `topLevel` whose cards and sub-accounts no test writes (at most CANDIDATES). */
export async function untouchedSubAccounts(api: FleetApi, config: Config, topLevel: string): Promise<Customer[]> {
  const touched = await poolAndAbove(api, config);
  const found: Customer[] = [];
  let cursor: string | undefined;
  let before: CustomerPage | undefined;
  for (let page = 0; page < LIST_PAGES && found.length < CANDIDATES; page++) {
    const listed = customerPage(
      await api.listCustomers({ customerAccountNumber: topLevel, limit: 50, ...(cursor ? { cursor } : {}) }),
      config.customerListFields,
      before
    );
    before = listed;
    found.push(
      ...listed.customers.filter(
        (c) => c.customerAccountNumber && !touched.has(c.customerAccountNumber) && !isMarked(c, RUN_PREFIX)
      )
    );
    // Candidates, not the whole list: a page that cannot tell whether more follow ends the search.
    if (listed.unfollowable) break;
    cursor = nextCursorOf(listed);
    if (!cursor) break;
  }
  return found.slice(0, CANDIDATES);
}

/** An untouched customer and the first page (50) of its cards in the default order. */
export interface CardHolder {
  account: string;
  cards: Card[];
  /** The first page did not hold them all. */
  more: boolean;
}

/** The untouched customers that hold cards, each with the first page of them. */
export async function untouchedCardHolders(api: FleetApi, config: Config, topLevel: string): Promise<CardHolder[]> {
  const holders: CardHolder[] = [];
  for (const c of await untouchedSubAccounts(api, config, topLevel)) {
    const { status, body } = await api.cardSearch({ customerAccountNumber: c.customerAccountNumber!, limit: 50 });
    if (status === 200 && body.cards?.length)
      holders.push({ account: c.customerAccountNumber!, cards: body.cards, more: body.hasNextPage === true });
  }
  return holders;
}

/** The untouched customer with the most direct sub-accounts (at least `min`), with them as its first page (50) lists them. */
export async function untouchedParent(
  api: FleetApi,
  config: Config,
  topLevel: string,
  min: number
): Promise<{ account: string; children: Customer[] } | undefined> {
  let best: { account: string; children: Customer[] } | undefined;
  for (const c of await untouchedSubAccounts(api, config, topLevel)) {
    const listed = await api.listCustomers({ customerAccountNumber: c.customerAccountNumber!, limit: 50 });
    if (listed.status !== 200) continue;
    const page = customerPage(listed, config.customerListFields);
    if (nextCursorOf(page) === undefined && page.customers.length >= Math.max(min, (best?.children.length ?? 0) + 1))
      best = { account: c.customerAccountNumber!, children: page.customers };
  }
  return best;
}

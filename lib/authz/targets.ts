/**
 * The foreign resources of the matrix, found through the second client (FLEET_FOREIGN_CLIENT_ID):
 * its top-level account, an Active sub-customer directly under it, an Active sub-customer of that
 * one, an Active card of each of the three, and its master data. Without a second client,
 * FLEET_FOREIGN_CUSTOMER stands for another client's top-level account and the other columns
 * cannot be filled. Found once per worker, reading only: what the hierarchy lacks, the write test
 * creates (customers-writes.ts); a card it cannot make (an order completes in 24 to 36 hours).
 */
import type { FleetApi } from '../api.js';
import type { CustomerListFields } from '../config.js';
import { ACTIVE, customerPage, isActive } from '../discovery.js';
import type { Card, Customer, MasterData } from '../types.generated.js';
import { type ColumnId, columnOf, type Depth } from './matrix.js';

/** What the matrix needs of the second client (fixtures/test.ts `foreignFound` is it). */
export interface SecondClient {
  api: FleetApi;
  /** The customers its list shows (a first page). */
  customers: Customer[];
  masterData: MasterData;
}

export interface ForeignCustomer {
  accountNumber: string;
  /** As its owner reads it (to put back an update a faulty target applied); undefined when its owner cannot read it. */
  record?: Customer;
}

export interface ForeignTargets {
  /** The second client, which owns the foreign resources: it puts back what a faulty target let the caller change. */
  owner?: SecondClient;
  customers: Partial<Record<Depth, ForeignCustomer>>;
  /** An Active card of a customer of each depth (its owner: the customer the card search named). */
  cards: Partial<Record<Depth, Card>>;
  /** Why a column of the customer table, or of the card table, cannot be filled. */
  missing: { customers: Partial<Record<ColumnId, string>>; cards: Partial<Record<ColumnId, string>> };
  /** What the cells of a column should say about its resource. */
  notes: Partial<Record<ColumnId, string>>;
  /** Account numbers known to be another hierarchy's. */
  foreignCustomers: Set<string>;
}

const NO_SECOND_CLIENT = 'no second client configured (FLEET_FOREIGN_CLIENT_ID / FLEET_FOREIGN_CLIENT_SECRET)';
const CANNOT_ORDER = 'the suite cannot give it one (an order completes in 24 to 36 hours)';
const DEPTH_WORDS: Record<Depth, string> = {
  0: 'top-level account',
  1: 'sub-customer directly under its top-level account',
  2: 'sub-customer two levels below its top-level account',
};

/** One of the first few candidates, by the run id: runs at once rarely pick the same one. */
export function pick<T>(candidates: T[], runId: string): T | undefined {
  if (!candidates.length) return undefined;
  const hash = [...runId].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0, 0x811c9dc5);
  return candidates[hash % Math.min(candidates.length, 4)];
}

/** The owner's top-level account above `start`: the first ancestor without a parent, or the first it may not read. */
async function topOf(owner: FleetApi, start: Customer): Promise<ForeignCustomer | undefined> {
  let current = start;
  for (let depth = 0; depth < 4; depth++) {
    const parent = current.parentCustomerAccountNumber;
    if (!parent) return { accountNumber: current.customerAccountNumber!, record: current };
    const response = await owner.getCustomer(parent);
    if (response.status !== 200) return { accountNumber: parent };
    current = response.body;
  }
  return undefined;
}

const activeUnder = (customers: Customer[], parent: string | undefined) =>
  customers.filter(
    (c) =>
      parent !== undefined &&
      c.parentCustomerAccountNumber === parent &&
      Number(c.statusIdentifier) === ACTIVE &&
      c.customerAccountNumber
  );

/** Active customers directly under `parent`: among those listed already, or listed under it. */
async function childrenOf(
  owner: FleetApi,
  listed: Customer[],
  parent: string | undefined,
  fields: CustomerListFields
): Promise<Customer[]> {
  const known = activeUnder(listed, parent);
  if (known.length || parent === undefined) return known;
  const page = await owner.listCustomers({ customerAccountNumber: parent, limit: 20 });
  return page.status === 200 ? activeUnder(customerPage(page, fields).customers, parent) : [];
}

/** An Active card with a number of one of `accounts` (the first that holds one; at most three searched). */
export async function cardOfOne(api: FleetApi, accounts: string[], runId: string): Promise<Card | undefined> {
  for (const customerAccountNumber of accounts.slice(0, 3)) {
    const found = await api.cardSearch({ customerAccountNumber, statusIdentifiers: [ACTIVE], limit: 5 });
    const cards =
      found.status === 200
        ? (found.body.cards ?? []).filter(
            (c) => isActive(c) && c.cardIdentifier !== undefined && c.primaryVisualCardNumber
          )
        : [];
    const card = pick(cards, runId);
    if (card) return card;
  }
  return undefined;
}

export async function discoverForeign(
  second: SecondClient | undefined,
  foreignCustomer: string | undefined,
  runId: string,
  fields: CustomerListFields
): Promise<ForeignTargets> {
  if (!second) {
    const only = (why: string) => ({ foreignSub: why, foreignSubSub: why });
    return {
      customers: foreignCustomer ? { 0: { accountNumber: foreignCustomer } } : {},
      cards: {},
      missing: {
        customers: {
          ...(foreignCustomer ? {} : { foreignTop: `${NO_SECOND_CLIENT}, and no FLEET_FOREIGN_CUSTOMER` }),
          ...only(`${NO_SECOND_CLIENT}: a sub-customer of another hierarchy is found only through it`),
        },
        cards: {
          foreignTop: `${NO_SECOND_CLIENT}: a card of another hierarchy is found only through it`,
          ...only(`${NO_SECOND_CLIENT}: a card of another hierarchy is found only through it`),
        },
      },
      foreignCustomers: new Set(foreignCustomer ? [foreignCustomer] : []),
      notes: foreignCustomer
        ? {
            foreignTop:
              "FLEET_FOREIGN_CUSTOMER, taken for another client's top-level account (its level cannot be told without a second client)",
          }
        : {},
    };
  }
  const owner = second.api;
  const listed = second.customers;
  const named = foreignCustomer ? listed.find((c) => c.customerAccountNumber === foreignCustomer) : undefined;
  const start = named ?? listed[0];
  const top = start ? await topOf(owner, start) : undefined;
  const subs = await childrenOf(owner, listed, top?.accountNumber, fields);
  const sub = (named && subs.includes(named) ? named : undefined) ?? pick(subs, runId);
  const subSubs = await childrenOf(owner, listed, sub?.customerAccountNumber, fields);
  const subSub = pick(subSubs, runId);
  const customers: ForeignTargets['customers'] = {
    ...(top ? { 0: top } : {}),
    ...(sub ? { 1: { accountNumber: sub.customerAccountNumber!, record: sub } } : {}),
    ...(subSub ? { 2: { accountNumber: subSub.customerAccountNumber!, record: subSub } } : {}),
  };
  // A card of the chosen customer of each depth, or of another of the same depth.
  const sameDepth: Record<Depth, string[]> = {
    0: top ? [top.accountNumber] : [],
    1: [sub, ...subs.filter((s) => s !== sub)].flatMap((c) =>
      c?.customerAccountNumber ? [c.customerAccountNumber] : []
    ),
    2: [subSub, ...subSubs.filter((s) => s !== subSub)].flatMap((c) =>
      c?.customerAccountNumber ? [c.customerAccountNumber] : []
    ),
  };
  const found = await Promise.all(
    ([0, 1, 2] as const).map(async (depth) => [depth, await cardOfOne(owner, sameDepth[depth], runId)] as const)
  );
  const cards: ForeignTargets['cards'] = Object.fromEntries(found.filter(([, card]) => card));
  const missingCustomers: ForeignTargets['missing']['customers'] = {};
  const missingCards: ForeignTargets['missing']['cards'] = {};
  for (const depth of [0, 1, 2] as const) {
    const column = columnOf('foreign', depth);
    if (!customers[depth]) {
      const why =
        depth === 0
          ? 'the second client lists no customer: its top-level account cannot be found'
          : `the second client's hierarchy shows no Active ${DEPTH_WORDS[depth]}`;
      missingCustomers[column] = why;
      missingCards[column] = `${why}, and ${CANNOT_ORDER}`;
    } else if (!cards[depth]) {
      missingCards[column] =
        `no Active card of the second client's ${DEPTH_WORDS[depth]} (${sameDepth[depth].slice(0, 3).join(', ')}), and ${CANNOT_ORDER}`;
    }
  }
  return {
    owner: second,
    customers,
    cards,
    missing: { customers: missingCustomers, cards: missingCards },
    foreignCustomers: new Set(
      [...listed, ...subs, ...subSubs]
        .map((c) => c.customerAccountNumber!)
        .concat(top ? [top.accountNumber] : [])
        .filter(Boolean)
    ),
    notes: {},
  };
}

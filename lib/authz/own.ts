/**
 * The caller's own resources the matrix's own columns name, found once per worker: its top-level
 * account, a sub-customer (the card pool's customer of that depth when there is one) and one of
 * that sub-customer's sub-customers, an Active card of each, and which depths hold cards of the
 * card pool (FLEET_CARD_POOL_CUSTOMER): the only cards the suite may write.
 */
import type { FleetApi } from '../api.js';
import type { CustomerListFields } from '../config.js';
import { ACTIVE, customerPage } from '../discovery.js';
import type { Card } from '../types.generated.js';
import { type ColumnId, columnOf, type Depth } from './matrix.js';
import { cardOfOne } from './targets.js';

export interface OwnTargets {
  /** Account numbers by depth. */
  customers: Partial<Record<Depth, string>>;
  /** An Active card of the customer of each depth (to read: get, search by its number). */
  cards: Partial<Record<Depth, Card>>;
  /** The card pool's customers by depth: whose cards the suite may write. */
  pool: Partial<Record<Depth, string>>;
  /** Why a column of the customer table, or of the card table, cannot be filled. */
  missing: { customers: Partial<Record<ColumnId, string>>; cards: Partial<Record<ColumnId, string>> };
}

/** The depth of a customer of the caller's hierarchy below `topLevel`, by its parent; undefined when it cannot be read. */
async function depthOf(api: FleetApi, account: string, topLevel: string): Promise<Depth | undefined> {
  if (account === topLevel) return 0;
  const read = await api.getCustomer(account);
  const parent = read.status === 200 ? read.body.parentCustomerAccountNumber : undefined;
  if (!parent) return undefined;
  return parent === topLevel ? 1 : 2;
}

/** An Active customer directly under `parent`, or undefined. */
async function childOf(api: FleetApi, parent: string, fields: CustomerListFields): Promise<string | undefined> {
  const page = await api.listCustomers({ customerAccountNumber: parent, limit: 5 });
  if (page.status !== 200) return undefined;
  return customerPage(page, fields).customers.find(
    (c) => c.parentCustomerAccountNumber === parent && Number(c.statusIdentifier) === ACTIVE && c.customerAccountNumber
  )?.customerAccountNumber;
}

export async function discoverOwn(
  api: FleetApi,
  topLevel: string,
  poolCustomers: readonly string[],
  fields: CustomerListFields,
  runId: string
): Promise<OwnTargets> {
  const pool: OwnTargets['pool'] = {};
  for (const account of poolCustomers) {
    const depth = await depthOf(api, account, topLevel);
    if (depth !== undefined) pool[depth] ??= account;
  }
  const customers: OwnTargets['customers'] = { 0: topLevel };
  customers[1] = pool[1] ?? (await childOf(api, topLevel, fields));
  customers[2] = pool[2] ?? (customers[1] ? await childOf(api, customers[1], fields) : undefined);
  const found = await Promise.all(
    ([0, 1, 2] as const).map(
      async (depth) => [depth, customers[depth] ? await cardOfOne(api, [customers[depth]!], runId) : undefined] as const
    )
  );
  const cards: OwnTargets['cards'] = {};
  const missing: OwnTargets['missing'] = { customers: {}, cards: {} };
  for (const [depth, card] of found) {
    const column = columnOf('own', depth);
    if (card) cards[depth] = card;
    if (!customers[depth]) {
      missing.customers[column] =
        `the caller's hierarchy shows no Active customer at depth ${depth} (under ${customers[(depth - 1) as Depth]})`;
      missing.cards[column] = missing.customers[column];
    } else if (!card) {
      missing.cards[column] =
        `customer ${customers[depth]} of the caller's shows no Active card (the suite cannot give it one: an order completes in 24 to 36 hours)`;
    }
  }
  return { customers, cards, pool, missing };
}

/**
 * The foreign resources of the matrix, found through the second client (FLEET_FOREIGN_CLIENT_ID):
 * its top-level account, an Active sub-customer directly under it (the depth of the caller's own
 * sub-customer, so that creating under it differs only in whose it is), an Active card, and its
 * master data. Without a second client, FLEET_FOREIGN_CUSTOMER stands for another client's
 * top-level account and the other columns cannot be filled.
 */
import type { FleetApi } from '../api.js';
import type { CustomerListFields } from '../config.js';
import { ACTIVE, customerPage } from '../discovery.js';
import type { Card, Customer, MasterData } from '../types.generated.js';
import type { ColumnId } from './matrix.js';

/** What the matrix needs of the second client (fixtures/test.ts `Foreign` is it). */
export interface SecondClient {
  api: FleetApi;
  /** The customers its list shows (a first page). */
  customers: Customer[];
  /** Active cards of its hierarchy (a first page). */
  cards: Card[];
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
  top?: ForeignCustomer;
  sub?: ForeignCustomer;
  card?: Card;
  /** Why a column cannot be filled. */
  missing: Partial<Record<ColumnId, string>>;
  /** What the cells of a column should say about its resource. */
  notes: Partial<Record<ColumnId, string>>;
  /** Account numbers known to be another hierarchy's. */
  foreignCustomers: Set<string>;
}

const NO_SECOND_CLIENT = 'no second client configured (FLEET_FOREIGN_CLIENT_ID / FLEET_FOREIGN_CLIENT_SECRET)';

/** One of the first few candidates, by the run id: runs at once rarely pick the same one. */
function pick<T>(candidates: T[], runId: string): T | undefined {
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

export async function discoverForeign(second: SecondClient | undefined, foreignCustomer: string | undefined, runId: string, fields: CustomerListFields): Promise<ForeignTargets> {
  if (!second) {
    return {
      ...(foreignCustomer ? { top: { accountNumber: foreignCustomer } } : {}),
      missing: {
        ...(foreignCustomer ? {} : { foreignTop: `${NO_SECOND_CLIENT}, and no FLEET_FOREIGN_CUSTOMER` }),
        foreignSub: `${NO_SECOND_CLIENT}: a sub-customer of another hierarchy is found only through it`,
        foreignCard: `${NO_SECOND_CLIENT}: a card of another hierarchy is found only through it`,
      },
      foreignCustomers: new Set(foreignCustomer ? [foreignCustomer] : []),
      notes: foreignCustomer ? { foreignTop: 'FLEET_FOREIGN_CUSTOMER, taken for another client\'s top-level account (its level cannot be told without a second client)' } : {},
    };
  }
  const owner = second.api;
  const listed = second.customers;
  const named = foreignCustomer ? listed.find((c) => c.customerAccountNumber === foreignCustomer) : undefined;
  const start = named ?? listed[0];
  const top = start ? await topOf(owner, start) : undefined;
  const under = (customers: Customer[]) => customers.filter((c) => c.parentCustomerAccountNumber === top?.accountNumber && Number(c.statusIdentifier) === ACTIVE && c.customerAccountNumber);
  let subs = under(listed);
  if (top && !subs.length) {
    const page = await owner.listCustomers({ customerAccountNumber: top.accountNumber, limit: 20 });
    subs = page.status === 200 ? under(customerPage(page, fields).customers) : [];
  }
  const sub = (named && subs.includes(named) ? named : undefined) ?? pick(subs, runId);
  const card = pick(second.cards.filter((c) => c.cardIdentifier !== undefined && c.primaryVisualCardNumber), runId);
  return {
    owner: second,
    ...(top ? { top } : {}),
    ...(sub ? { sub: { accountNumber: sub.customerAccountNumber!, record: sub } } : {}),
    ...(card ? { card } : {}),
    missing: {
      ...(top ? {} : { foreignTop: 'the second client lists no customer: its top-level account cannot be found' }),
      ...(sub ? {} : { foreignSub: 'the second client\'s hierarchy shows no Active sub-customer directly under its top-level account' }),
      ...(card ? {} : { foreignCard: 'the second client\'s hierarchy shows no Active card' }),
    },
    foreignCustomers: new Set([...listed.map((c) => c.customerAccountNumber!), ...(top ? [top.accountNumber] : [])].filter(Boolean)),
    notes: {},
  };
}

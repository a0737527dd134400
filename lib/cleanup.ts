/**
 * What a run left behind, found through the interface: the customers whose name or business
 * reference starts with a run prefix (lib/config.ts RUN_PREFIX, or one run's id), parents after
 * their children, so that they can be closed in that order.
 */
import type { FleetApi } from './api.js';
import type { Config } from './config.js';
import type { Customer } from './types.generated.js';

const MAX_PAGES = 1000;

/** The run mark of a customer: its name or business reference starts with `prefix`. */
export function isMarked(customer: Customer, prefix: string): boolean {
  return [customer.customerName, customer.customerBusinessReference].some((v) => typeof v === 'string' && v.startsWith(prefix));
}

/** Every listed customer marked with `prefix` (all pages), children before their parents. */
export async function markedCustomers(api: FleetApi, fields: Config['customerListFields'], prefix: string): Promise<Customer[]> {
  const found: Customer[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { body } = await api.listCustomers({ searchText: prefix, limit: 200, ...(cursor ? { cursor } : {}) });
    const record = (body ?? {}) as Record<string, unknown>;
    const items = record[fields.customers];
    found.push(...(Array.isArray(items) ? (items as Customer[]) : []).filter((c) => isMarked(c, prefix)));
    const next = record[fields.nextCursor];
    if (record[fields.hasNextPage] !== true || typeof next !== 'string' || next === cursor) return childrenFirst(found);
    cursor = next;
  }
  throw new Error(`the customer list still had pages after ${MAX_PAGES}: nextCursor never ends`);
}

/** Orders customers so that each comes before its parent (depth counted within the list). */
export function childrenFirst(customers: Customer[]): Customer[] {
  const byNumber = new Map(customers.map((c) => [c.customerAccountNumber, c]));
  const depth = (c: Customer, seen = new Set<string>()): number => {
    const parent = c.parentCustomerAccountNumber ? byNumber.get(c.parentCustomerAccountNumber) : undefined;
    if (!parent || seen.has(parent.customerAccountNumber!)) return 0;
    seen.add(parent.customerAccountNumber!);
    return 1 + depth(parent, seen);
  };
  return customers.map((c) => ({ c, d: depth(c) })).sort((a, b) => b.d - a.d).map(({ c }) => c);
}

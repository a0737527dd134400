/**
 * What a run left behind, found through the interface: the customers whose name or business
 * reference starts with a run prefix (lib/config.ts RUN_PREFIX, or one run's id), parents after
 * their children, so that they can be closed in that order.
 */
import type { FleetApi } from './api.js';
import type { Config } from './config.js';
import { allCustomers } from './discovery.js';
import type { Customer } from './types.generated.js';

/** The run mark of a customer: its name or business reference starts with `prefix`. */
export function isMarked(customer: Customer, prefix: string): boolean {
  return [customer.customerName, customer.customerBusinessReference].some((v) => typeof v === 'string' && v.startsWith(prefix));
}

/** Every listed customer marked with `prefix` (all pages), children before their parents. */
export async function markedCustomers(api: FleetApi, fields: Config['customerListFields'], prefix: string): Promise<Customer[]> {
  const listed = await allCustomers(api, fields, { searchText: prefix, limit: 200 });
  return childrenFirst(listed.filter((c) => isMarked(c, prefix)));
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

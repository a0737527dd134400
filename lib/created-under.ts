/**
 * Where a sub-customer was created, told by the two views that say so independently: its
 * parentCustomerAccountNumber, and the parent's list of direct sub-accounts. Either one agreeing
 * is enough: one alone wrong is its own rule's fault, not the creation's.
 */
import type { FleetApi } from './api.js';
import type { Config } from './config.js';
import { allCustomers } from './discovery.js';
import { NotRunError } from './ledger.js';

/** Whether `child` sits under `parent` by either view, and in words where it sits when not. */
export async function createdUnder(
  api: FleetApi,
  config: Pick<Config, 'customerListFields'>,
  child: string,
  parent: string
): Promise<{ under: boolean; words: string }> {
  const shown = (await api.getCustomer(child)).body.parentCustomerAccountNumber;
  // A parent the caller may not list (another hierarchy's) lists nothing; a list the suite cannot follow says nothing.
  const listed = (
    await allCustomers(api, config.customerListFields, { customerAccountNumber: parent }).catch((e: unknown) => {
      if (e instanceof NotRunError) throw e;
      return [];
    })
  ).some((c) => c.customerAccountNumber === child);
  return {
    under: shown === parent || listed,
    words: `customer ${child}, created under ${parent}: its parent is shown as ${shown}, and ${parent} does not list it`,
  };
}

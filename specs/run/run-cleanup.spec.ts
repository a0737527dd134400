/**
 * Runs after every other conformance test (the teardown project of playwright.config.ts): every
 * sub-customer this run created carries its run id and was closed at teardown, so none is left
 * open, in the caller's hierarchy and in the second client's (which creates one for the
 * authorization matrix when its hierarchy shows none). Read-only: it runs in production too, where
 * it finds nothing.
 */
import { expect, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { markedCustomers } from '../../lib/cleanup.js';
import { ACTIVE } from '../../lib/discovery.js';
import { parseLease } from '../../lib/run-lease.js';
import type { Customer } from '../../lib/types.generated.js';

/** `customers` with their status: a list item need not show every Customer field, GET then shows it (ten at a time). */
async function withStatus(api: FleetApi, customers: Customer[]): Promise<Customer[]> {
  const shown: Customer[] = [];
  for (let i = 0; i < customers.length; i += 10) {
    shown.push(...await Promise.all(customers.slice(i, i + 10).map(async (c) => {
      if (c.statusIdentifier !== undefined || !c.customerAccountNumber) return c;
      const read = await api.getCustomer(c.customerAccountNumber);
      return read.status === 200 ? { ...c, ...read.body } : c;
    })));
  }
  return shown;
}

test('no sub-customer created by this run is left open after the suite [SUITE-CLEANUP]', async ({ api, config, foreignFound }, testInfo) => {
  const marked = await withStatus(api, await markedCustomers(api, config.customerListFields, config.runId));
  const second = foreignFound.value ? await withStatus(foreignFound.value.api, await markedCustomers(foreignFound.value.api, config.customerListFields, config.runId)) : [];
  // The run's lease (npm run conformance) is its tool's, closed after the suite, not by a test.
  const left = [...marked, ...second].filter((c) => c.statusIdentifier === ACTIVE && parseLease(c)?.runId !== config.runId);
  testInfo.annotations.push({ type: 'cleanup', description: `${marked.length + second.length} customers marked ${config.runId} listed (${second.length} of the second client's), ${left.length} open` });
  expect(left.map((c) => `${c.customerAccountNumber} "${c.customerName}" (${c.status})`), `open customers marked ${config.runId} (npm run cleanup -- --run ${config.runId} closes them)`).toEqual([]);
});

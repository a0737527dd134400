/**
 * Runs after every other conformance test (the teardown project of playwright.config.ts): every
 * sub-customer this run created carries its run id and was closed at teardown, so none is left
 * open. Read-only: it runs in production too, where it finds nothing.
 */
import { expect, test } from '../../fixtures/test.js';
import { markedCustomers } from '../../lib/cleanup.js';
import { ACTIVE } from '../../lib/discovery.js';
import { parseLease } from '../../lib/run-lease.js';

test('no sub-customer created by this run is left open after the suite [SUITE-CLEANUP]', async ({ api, config }, testInfo) => {
  const marked = await markedCustomers(api, config.customerListFields, config.runId);
  // The run's lease (npm run conformance) is its tool's, closed after the suite, not by a test.
  const left = marked.filter((c) => c.statusIdentifier === ACTIVE && parseLease(c)?.runId !== config.runId);
  testInfo.annotations.push({ type: 'cleanup', description: `${marked.length} customers marked ${config.runId} listed, ${left.length} open` });
  expect(left.map((c) => `${c.customerAccountNumber} "${c.customerName}" (${c.status})`), `open customers marked ${config.runId} (npm run cleanup -- --run ${config.runId} closes them)`).toEqual([]);
});

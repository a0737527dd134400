/** close-customer: closes customers created beforehand for it, one per slot (closing is permanent). */
import { fillPath, operations } from '../../lib/operations.js';
import { budgetedSlots, type Scenario } from './scenario.js';

export function createCloseCustomerScenario(): Scenario {
  let accounts: string[] = [];
  let tag = 'perf';
  let starved = 0;
  let short: string | undefined;
  return {
    name: 'close-customer.perf.ts',
    operations: ['close-customer'],
    async prepare(ctx) {
      tag = ctx.resources.runTag;
      const budgeted = budgetedSlots(ctx, 'close-customer');
      short = budgeted.why;
      accounts = await ctx.resources.takeCustomers(budgeted.slots);
    },
    supply: () => accounts.length,
    request: (_op, n) => {
      const account = accounts[n];
      if (!account) {
        starved += 1;
        return undefined;
      }
      return {
        method: 'POST',
        path: fillPath(operations.closeCustomer.path, { customerAccountNumber: account }),
        body: { notes: `${tag} latency check` },
      };
    },
    notes: () => [
      ...(short ? [short] : []),
      ...(starved ? [`${starved} slots not sent: not enough customers created for it`] : []),
    ],
  };
}

/** update-customer: renames customers this run created (never a seeded one). */
import { fillPath, operations } from '../../lib/operations.js';
import type { Scenario } from './scenario.js';

export function createUpdateCustomerScenario(): Scenario {
  let accounts: string[] = [];
  let tag = 'perf';
  return {
    name: 'update-customer.perf.ts',
    operations: ['update-customer'],
    async prepare(ctx) {
      tag = ctx.resources.runTag;
      accounts = await ctx.resources.customers(10);
    },
    request: (_op, n) => ({
      method: 'POST',
      path: fillPath(operations.updateCustomerDetail.path, { customerAccountNumber: accounts[n % accounts.length]! }),
      body: { customerName: `${tag} customer renamed ${n}` },
    }),
  };
}

/** create-subcustomer: generated valid bodies; the customers created feed the later customer phases. */
import { operations } from '../../lib/operations.js';
import { isSuccess, parseBody, slotsPerOperation, type Scenario } from './scenario.js';
import type { Resources } from './resources.js';

export function createCreateSubCustomerScenario(): Scenario {
  let resources: Resources | undefined;
  return {
    name: 'create-subcustomer.perf.ts',
    operations: ['create-subcustomer'],
    async prepare(ctx) {
      ctx.resources.afford({ customers: slotsPerOperation(ctx) }, `create-subcustomer: ${slotsPerOperation(ctx)} creations`);
      resources = ctx.resources;
    },
    request: () => ({
      method: 'POST',
      path: operations.createSubCustomer.path,
      body: resources!.customerBody(),
      onDone: (outcome) => {
        const account = isSuccess(outcome) ? (parseBody(outcome) as { customerAccountNumber?: string } | undefined)?.customerAccountNumber : undefined;
        if (account) resources!.adoptCustomer(account);
      },
    }),
  };
}

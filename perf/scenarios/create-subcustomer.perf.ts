/** create-subcustomer: generated valid bodies; the customers created feed the later customer phases. */
import { operations } from '../../lib/operations.js';
import type { Resources } from './resources.js';
import { budgetedSlots, isSuccess, parseBody, type Scenario } from './scenario.js';

export function createCreateSubCustomerScenario(): Scenario {
  let resources: Resources | undefined;
  let slots = 0;
  let short: string | undefined;
  return {
    name: 'create-subcustomer.perf.ts',
    operations: ['create-subcustomer'],
    async prepare(ctx) {
      ({ slots, why: short } = budgetedSlots(ctx, 'create-subcustomer'));
      ctx.resources.afford({ customers: slots }, `create-subcustomer: ${slots} creations`);
      resources = ctx.resources;
    },
    supply: () => slots,
    notes: () => (short ? [short] : []),
    request: () => ({
      method: 'POST',
      path: operations.createSubCustomer.path,
      body: resources!.customerBody(),
      onDone: (outcome) => {
        const account = isSuccess(outcome)
          ? (parseBody(outcome) as { customerAccountNumber?: string } | undefined)?.customerAccountNumber
          : undefined;
        if (account) resources!.adoptCustomer(account);
      },
    }),
  };
}

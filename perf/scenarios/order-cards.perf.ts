/** order-cards: one generated, master-data-consistent card per order, for the pool customer. */
import { operations } from '../../lib/operations.js';
import type { CardOrderItem } from '../../lib/types.generated.js';
import type { Resources } from './resources.js';
import { budgetedSlots, isSuccess, parseBody, type Scenario } from './scenario.js';

export function createOrderCardsScenario(): Scenario {
  let resources: Resources | undefined;
  let item: CardOrderItem | undefined;
  let slots = 0;
  let short: string | undefined;
  return {
    name: 'order-cards.perf.ts',
    operations: ['order-cards'],
    async prepare(ctx) {
      resources = ctx.resources;
      ({ slots, why: short } = budgetedSlots(ctx, 'order-cards'));
      ctx.resources.afford({ cards: slots }, `order-cards: ${slots} orders of one card`);
      item = await ctx.resources.orderItem();
    },
    supply: () => slots,
    notes: () => (short ? [short] : []),
    request: (_op, n) => ({
      method: 'POST',
      path: operations.orderCards.path,
      body: { customerAccountNumber: resources!.poolCustomer, cards: [{ ...item!, driverName: `Perf Driver ${n}` }] },
      onDone: (outcome) => {
        const ref = isSuccess(outcome)
          ? (parseBody(outcome) as { orderReference?: string } | undefined)?.orderReference
          : undefined;
        if (ref) resources!.adoptOrder(ref);
      },
    }),
  };
}

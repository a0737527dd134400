/** order-cards: one generated, master-data-consistent card per order, for the pool customer. */
import { operations } from '../../lib/operations.js';
import type { CardOrderItem } from '../../lib/types.generated.js';
import type { Resources } from './resources.js';
import { isSuccess, parseBody, slotsPerOperation, type Scenario } from './scenario.js';

export function createOrderCardsScenario(): Scenario {
  let resources: Resources | undefined;
  let item: CardOrderItem | undefined;
  return {
    name: 'order-cards.perf.ts',
    operations: ['order-cards'],
    async prepare(ctx) {
      resources = ctx.resources;
      ctx.resources.afford({ cards: slotsPerOperation(ctx) }, `order-cards: ${slotsPerOperation(ctx)} orders of one card`);
      item = await ctx.resources.orderItem();
    },
    request: (_op, n) => ({
      method: 'POST',
      path: operations.orderCards.path,
      body: { customerAccountNumber: resources!.poolCustomer, cards: [{ ...item!, driverName: `Perf Driver ${n}` }] },
      onDone: (outcome) => {
        const ref = isSuccess(outcome) ? (parseBody(outcome) as { orderReference?: string } | undefined)?.orderReference : undefined;
        if (ref) resources!.adoptOrder(ref);
      },
    }),
  };
}

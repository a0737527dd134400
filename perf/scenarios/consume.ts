/**
 * cancel-card and replace-card consume a card per request: they use only cards this run may
 * consume (consumable-cards.ts: FLEET_PERF_CARDS, or cards the run ordered where orders show up at
 * once), never pool cards. With fewer cards than slots the phase runs shorter; with none the
 * operation is not measured, with the reason.
 */
import type { OperationId } from '../../lib/operations.js';
import { fillPath, operations } from '../../lib/operations.js';
import type { ConsumingKey } from './consumable-cards.js';
import { budgetedSlots, type PhaseContext, type Scenario, slotsPerOperation } from './scenario.js';

export function consumingScenario(
  name: string,
  op: ConsumingKey,
  id: OperationId,
  body: (ctx: PhaseContext, n: number) => Promise<object>
): Scenario {
  let cards: number[] = [];
  let bodies: object[] = [];
  let short: string | undefined;
  let warmup = 0;
  return {
    name,
    operations: [op],
    async prepare(ctx) {
      warmup = ctx.warmup;
      const budgeted = budgetedSlots(ctx, op);
      const taken = await ctx.resources.consumable.take(op, budgeted.slots, ctx.warmup, await body(ctx, 0));
      cards = taken.cards;
      bodies = await Promise.all(cards.map((_, n) => body(ctx, n)));
      short = taken.why
        ? `measured on ${cards.length - warmup} requests, not ${slotsPerOperation(ctx) - warmup}: ${taken.why}`
        : budgeted.why;
      if (short) ctx.log(`  setup: ${op} ${short}`);
    },
    supply: () => cards.length,
    request: (_op, n) => ({
      method: 'POST',
      path: fillPath(operations[id].path, { cardIdentifier: cards[n]! }),
      body: bodies[n],
    }),
    notes: () => (short ? [short] : []),
  };
}

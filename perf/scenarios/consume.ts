/**
 * cancel-card and replace-card consume a card per request: they use only cards this run may
 * consume (ordered by it in the sandbox, or listed in FLEET_PERF_CARDS), never pool cards.
 */
import type { LatencyKey, OperationId } from '../../lib/operations.js';
import { fillPath, operations } from '../../lib/operations.js';
import { slotsPerOperation, type PhaseContext, type Scenario } from './scenario.js';

export function consumingScenario(name: string, op: LatencyKey, id: OperationId, body: (ctx: PhaseContext, n: number) => Promise<object>): Scenario {
  let cards: number[] = [];
  let bodies: object[] = [];
  let starved = 0;
  let wanted = 0;
  return {
    name,
    operations: [op],
    async prepare(ctx) {
      wanted = slotsPerOperation(ctx);
      cards = await ctx.resources.takeConsumableCards(wanted);
      bodies = await Promise.all(cards.map((_, n) => body(ctx, n)));
      if (cards.length < wanted) ctx.log(`  setup: only ${cards.length} of ${wanted} consumable cards for ${op}`);
    },
    request: (_op, n) => {
      const card = cards[n];
      if (card === undefined) {
        starved += 1;
        return undefined;
      }
      return { method: 'POST', path: fillPath(operations[id].path, { cardIdentifier: card }), body: bodies[n] };
    },
    notes: () => (starved ? [`${starved} of ${wanted} slots not sent: only ${cards.length} cards this run may consume (set FLEET_PERF_CARDS off the sandbox)`] : []),
  };
}

/** reprint-pin: PIN letters for the pool's Active cards (the card's state does not change). */
import { fillPath, operations } from '../../lib/operations.js';
import type { AddressComplete } from '../../lib/types.generated.js';
import type { Scenario } from './scenario.js';

export function createReprintPinScenario(): Scenario {
  let ids: number[] = [];
  let address: AddressComplete | undefined;
  return {
    name: 'reprint-pin.perf.ts',
    operations: ['reprint-pin'],
    async prepare(ctx) {
      ids = (await ctx.resources.poolCards()).map((c) => c.cardIdentifier!);
      address = ctx.resources.address();
    },
    request: (_op, n) => ({
      method: 'POST',
      path: fillPath(operations.reprintPIN.path, { cardIdentifier: ids[n % ids.length]! }),
      body: { cardAddress: address },
    }),
  };
}

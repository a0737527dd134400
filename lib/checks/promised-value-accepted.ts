import type { Check } from './types.js';

/**
 * A value a stated rule promises the server accepts (lib/promised-values.ts: limit 1 of a card
 * search) was refused in a valid request, and the same request without it was accepted (the client
 * sent it so): the refusal is that rule's breach, whichever test sent it.
 */
export const promisedValueAccepted: Check = {
  name: 'promised_value_accepted',
  rule: 'CARD-SEARCH-LIMIT-MIN-1',
  run({ exchange }) {
    if (!exchange.refusedPromise) return [];
    const { promised: refused, without } = exchange.refusedPromise;
    return [
      {
        kind: 'failure' as const,
        check: this.name,
        rule: refused.rule,
        title: `refused ${refused.field} ${JSON.stringify(refused.value)} in a valid request, which the same request without ${refused.field} was not (${without.response.status})`,
        where: '/',
        received: String(exchange.response.status),
        documented: refused.words,
      },
    ];
  },
};

/**
 * The run's footprint on the target: requests sent per operation, and what they created and
 * changed there (sub-customers cannot be deleted, only closed; ordered cards stay). Counted from
 * the answers the target accepted, per worker, attached to each test (`fleet-footprint.json`) and
 * summed by the reporter.
 */
import type { Exchange } from './exchange.js';
import type { OperationId } from './operations.js';

export const FOOTPRINT_ATTACHMENT = 'fleet-footprint.json';

/** What an accepted request of each writing operation adds to the footprint. */
export const WRITES = {
  customersCreated: 'createSubCustomer',
  customersUpdated: 'updateCustomerDetail',
  customersBlocked: 'blockCustomer',
  customersUnblocked: 'unblockCustomer',
  customersClosed: 'closeCustomer',
  cardsOrdered: 'orderCards',
  cardsBlocked: 'blockCard',
  cardsUnblocked: 'unblockCard',
  cardsCancelled: 'cancelCard',
  cardsReplaced: 'replaceCard',
  pinLettersRequested: 'reprintPIN',
} as const satisfies Record<string, OperationId>;

export type WriteKind = keyof typeof WRITES;

export interface Footprint {
  requests: number;
  byOperation: Partial<Record<OperationId, number>>;
  /** Requests of each operation the target answered with a success (2xx). */
  served?: Partial<Record<OperationId, number>>;
  writes: Record<WriteKind, number>;
}

export function emptyFootprint(): Footprint {
  return {
    requests: 0,
    byOperation: {},
    served: {},
    writes: Object.fromEntries(Object.keys(WRITES).map((k) => [k, 0])) as Record<WriteKind, number>,
  };
}

/** Adds one exchange: a request, and a write when the target accepted it (an order counts its cards). */
export function count(footprint: Footprint, exchange: Exchange): void {
  countRequest(footprint, exchange.operationId, exchange.response.status, exchange.request.body);
}

/** Adds one request of `operationId` with `body`; `status` undefined when no answer came. */
export function countRequest(
  footprint: Footprint,
  operationId: OperationId,
  status: number | undefined,
  body: unknown
): void {
  footprint.requests += 1;
  footprint.byOperation[operationId] = (footprint.byOperation[operationId] ?? 0) + 1;
  if (status === undefined || status < 200 || status >= 300) return;
  footprint.served = { ...footprint.served, [operationId]: (footprint.served?.[operationId] ?? 0) + 1 };
  for (const [kind, id] of Object.entries(WRITES) as [WriteKind, OperationId][]) {
    if (operationId !== id) continue;
    const cards = (body as { cards?: unknown } | undefined)?.cards;
    footprint.writes[kind] += kind === 'cardsOrdered' && Array.isArray(cards) ? cards.length : 1;
  }
}

export function add(into: Footprint, more: Footprint): Footprint {
  into.requests += more.requests;
  for (const [op, n] of Object.entries(more.byOperation) as [OperationId, number][])
    into.byOperation[op] = (into.byOperation[op] ?? 0) + n;
  for (const [op, n] of Object.entries(more.served ?? {}) as [OperationId, number][])
    into.served = { ...into.served, [op]: (into.served?.[op] ?? 0) + n };
  for (const kind of Object.keys(WRITES) as WriteKind[]) into.writes[kind] += more.writes[kind] ?? 0;
  return into;
}

/**
 * Values a stated rule promises the server accepts in a request. A test that pages with limit 1
 * relies on CARD-SEARCH-LIMIT-MIN-1: when a server refuses that valid request, and accepts the same
 * request without the value, the refusal is that rule's breach (a finding that blocks the test), not
 * a failure of every rule whose test happened to send it.
 */
import type { OperationId } from './operations.js';
import type { RuleId } from './rules/catalogue.js';

export interface PromisedValue {
  operationId: OperationId;
  rule: RuleId;
  /** The body field that holds it. */
  field: string;
  value: unknown;
  /** What the document says of the field. */
  words: string;
  /** Fields beside it that leave a refusal unjudged: what else the server may refuse the request for. */
  notWith: readonly string[];
}

export const promisedValues: readonly PromisedValue[] = [
  {
    operationId: 'cardSearch',
    rule: 'CARD-SEARCH-LIMIT-MIN-1',
    field: 'limit',
    value: 1,
    words: 'limit (integer, minimum 1)',
    // A cursor sent with another page size than its own page's is a silence (a server may refuse it).
    notWith: ['cursor'],
  },
];

/** The promised value `body` holds for `operationId`, if any. */
export function promisedIn(operationId: OperationId, body: unknown): PromisedValue | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  return promisedValues.find(
    (p) =>
      p.operationId === operationId && fields[p.field] === p.value && p.notWith.every((f) => fields[f] === undefined)
  );
}

/**
 * One request per operation, addressed at resources that exist (discovered through the interface
 * by reading only). Operations that write carry a body the document says must be refused: the
 * auth and hostile-path tables send these with something else wrong (the token, the path), and
 * even a server that skipped that check would change nothing.
 */
import { test as base } from '../../fixtures/test.js';
import type { CallOptions } from '../../lib/client.js';
import { BlockedError, type Found } from '../../lib/ledger.js';
import { type OperationId, operation, operationIds } from '../../lib/operations.js';

export type ServiceOperationId = Exclude<OperationId, 'requestToken'>;

/** Every operation that requires the bearer token: all of them but the token request. */
export const serviceOperations = operationIds.filter((id): id is ServiceOperationId => id !== 'requestToken');

export interface SampleIds {
  customerAccountNumber: string;
  cardIdentifier?: number;
  sessionId?: string;
}

const notes201 = { notes: 'n'.repeat(201) };

/** Read-only operations: a valid body. Writes: a missing required field, an incomplete address, a wrong type, notes over 200. */
const bodies: Partial<Record<ServiceOperationId, unknown>> = {
  createSubCustomer: {},
  updateCustomerDetail: { customerAddress: {} },
  blockCustomer: notes201,
  unblockCustomer: notes201,
  closeCustomer: notes201,
  orderCards: {},
  cardSearch: { limit: 1 },
  blockCard: {},
  unblockCard: {},
  cancelCard: { statusReasonId: 'not-a-reason' },
  replaceCard: { cardTypeId: 'not-a-card-type' },
  reprintPIN: { cardAddress: {} },
  geosearchRectangle: {},
};

const queries: Partial<Record<ServiceOperationId, CallOptions['query']>> = {
  listCustomers: { limit: 1 },
  geosearchRectangle: { topLatitude: 52.6, bottomLatitude: 52.3, leftLongitude: 4.7, rightLongitude: 5.1 },
};

/** The path parameter an operation takes, if any. */
export function pathParameterOf(id: ServiceOperationId): keyof SampleIds | undefined {
  return /\{(\w+)\}/.exec(operation(id).path)?.[1] as keyof SampleIds | undefined;
}

/** The request for `id` at the sample resources; undefined when the target has no such resource. */
export function sampleRequest(id: ServiceOperationId, ids: SampleIds): CallOptions | undefined {
  const name = pathParameterOf(id);
  const value = name ? ids[name] : undefined;
  if (name && value === undefined) return undefined;
  const body = bodies[id];
  const query = queries[id];
  return {
    ...(name ? { params: { [name]: value! } } : {}),
    ...(query ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
  };
}

/** The sample resources, discovered once per worker. */
export const test = base.extend<{ sampleIds: SampleIds }, { sampleIdsFound: Found<SampleIds> }>({
  sampleIdsFound: [
    async ({ workerApi, workerLedger, topLevelFound, config }, use) => {
      await use(
        await workerLedger.discover(async () => {
          const search = workerApi.need(await workerApi.cardSearch({ limit: 1 }), 'searching cards');
          const cardIdentifier = search.body.cards?.[0]?.cardIdentifier;
          if (topLevelFound.blocker) throw new BlockedError(topLevelFound.blocker);
          return {
            customerAccountNumber: topLevelFound.value!,
            ...(cardIdentifier !== undefined ? { cardIdentifier } : {}),
            ...(config.sessionIds[0] ? { sessionId: config.sessionIds[0] } : {}),
          };
        })
      );
    },
    { scope: 'worker' },
  ],
  sampleIds: async ({ sampleIdsFound, testLedger }, use) => use(testLedger.adopt(sampleIdsFound)),
});

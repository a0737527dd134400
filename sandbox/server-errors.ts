/**
 * The server's own errors as faults (sandbox/faults/server-errors.ts): a write that is performed
 * and then answered 500 with the standard error body, and a read answered unavailable (503 with
 * Retry-After and the standard error body) every time. App-wide hooks keyed by the route's
 * operation, so that every route keeps doing exactly what it does.
 */
import type { FastifyInstance } from 'fastify';
import type { OperationId } from '../lib/operations.js';
import { ApiError, errorBody } from './errors.js';
import type { FaultId, Faults } from './faults.js';

/** Each write operation's "performed, then answered 500" fault. */
export const performedThen500: Partial<Record<FaultId, OperationId>> = {
  'customer-create-performed-500': 'createSubCustomer',
  'customer-update-performed-500': 'updateCustomerDetail',
  'customer-block-performed-500': 'blockCustomer',
  'customer-unblock-performed-500': 'unblockCustomer',
  'customer-close-performed-500': 'closeCustomer',
  'order-performed-500': 'orderCards',
  'card-block-performed-500': 'blockCard',
  'card-unblock-performed-500': 'unblockCard',
  'card-cancel-performed-500': 'cancelCard',
  'card-replace-performed-500': 'replaceCard',
  'card-reprint-pin-performed-500': 'reprintPIN',
};

/** The read operation `card-types-503-unavailable` makes unavailable. */
export const UNAVAILABLE_OPERATION: OperationId = 'getCustomerCardTypes';

export function installServerErrorFaults(app: FastifyInstance, faults: Faults): void {
  const failing = new Set(
    Object.entries(performedThen500)
      .filter(([id]) => faults.has(id as FaultId))
      .map(([, op]) => op)
  );
  if (failing.size) {
    app.addHook('onSend', async (request, reply, payload) => {
      const operationId = request.routeOptions.config.operationId;
      if (!operationId || !failing.has(operationId) || reply.statusCode < 200 || reply.statusCode >= 300)
        return payload;
      reply.code(500).type('application/json; charset=utf-8');
      return JSON.stringify(errorBody(operationId, ApiError.internal()));
    });
  }
  if (faults.has('card-types-503-unavailable')) {
    app.addHook('preHandler', async (request, reply) => {
      if (request.routeOptions.config.operationId !== UNAVAILABLE_OPERATION) return;
      return reply.code(503).header('retry-after', '1').type('application/json; charset=utf-8').send({
        errorCode: 'SERVICE_UNAVAILABLE',
        errorDescription: 'the service is unavailable; retry after 1 second',
      });
    });
  }
}

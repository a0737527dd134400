/**
 * The one onSend hook that app.ts installs once: the faults that change only what is sent carry that
 * change in their row (`send`, sandbox/faults/send.ts); a route handler holds the document's
 * behaviour and the faults that must act inside it (a state change not made, the wrong items
 * selected, a filter ignored).
 */
import type { FastifyInstance } from 'fastify';
import { operations } from '../lib/operations.js';
import type { SendFault, Sent } from './faults/send.js';
import { type FaultId, type Faults, faultCatalogue } from './faults.js';

/** The send faults that are on, in the order of the catalogue, applied to each answer of their operations with their status, before any other onSend hook. */
export function installSendFaults(app: FastifyInstance, faults: Faults): void {
  const on = Object.entries(faultCatalogue as Record<FaultId, { send?: SendFault }>).flatMap(([id, fault]) =>
    fault.send && faults.has(id as FaultId) ? [fault.send] : []
  );
  if (!on.length) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const operationId = request.routeOptions.config.operationId;
    if (!operationId || typeof payload !== 'string') return payload;
    const applying = on.filter(
      (f) => f.operations.includes(operationId) && reply.statusCode === (f.status ?? operations[operationId].success)
    );
    if (!applying.length) return payload;
    let sent: Sent = { status: reply.statusCode, body: payload.trim() === '' ? undefined : JSON.parse(payload) };
    for (const fault of applying) sent = fault.change(sent, operationId, request);
    reply.code(sent.status);
    return sent.body === undefined ? '' : JSON.stringify(sent.body);
  });
}

/**
 * The faults that change only what is sent (a field renamed, retyped or left out, a status code, an
 * empty body): what such a change is, and the builders the fault tables write it with. One onSend
 * hook (sandbox/send-faults.ts) applies the changes of the faults that are on.
 */

import type { FastifyRequest } from 'fastify';
import type { OperationId } from '../../lib/operations.js';

/** An answer as it goes out: its status and its JSON body (undefined: an empty body). Its content type stays the route's. */
export interface Sent {
  status: number;
  body: unknown;
}

export interface SendFault {
  /** The operations whose answers it changes. */
  operations: readonly OperationId[];
  /** The status of the answers it changes: the operation's success status when not given. */
  status?: number;
  change(sent: Sent, operationId: OperationId, request: FastifyRequest): Sent;
}

export type Fields = Record<string, unknown>;
export type Items = Fields[];

/** A fault of the body alone. */
export const body = (on: readonly OperationId[], change: (body: Fields) => unknown, status?: number): SendFault => ({
  operations: on,
  ...(status === undefined ? {} : { status }),
  change: (sent) => ({ ...sent, body: change(sent.body as Fields) }),
});

/** A fault of each customer shown: the customer GET answers, and each item of the list. */
export const eachCustomer = (change: (customer: Fields) => Fields): SendFault => ({
  operations: ['getCustomer', 'listCustomers'],
  change: (sent, operationId) => {
    const page = sent.body as Fields;
    return {
      ...sent,
      body:
        operationId === 'getCustomer' ? change(page) : { ...page, customers: (page.customers as Items).map(change) },
    };
  },
});

/** The operation status answered with an empty body instead of {}. */
export const emptyOpStatus = (operationId: OperationId): SendFault => ({
  operations: [operationId],
  change: (sent) => ({ ...sent, body: undefined }),
});

/** The same instant written with a +0h:00 offset instead of Z. */
export function withOffset(utc: string, hours: number): string {
  return `${new Date(Date.parse(utc) + hours * 3_600_000).toISOString().replace(/(\.000)?Z$/, '')}+0${hours}:00`;
}

export const session = (change: (s: Fields) => Fields) => body(['getSession'], change);

/**
 * Variant column-sizes-short: a server that keeps the string fields whose length the document does
 * not state (ASSUME-FIELD-LENGTHS) in short columns, as a real one does, and refuses a longer value
 * of a write with 400 ER-001 "<field> must be at most N characters" (the card order: one error
 * object per field). Sizes of a plate, an embossing line, a mailing label.
 */
import type { FastifyInstance } from 'fastify';
import type { OperationId } from '../lib/operations.js';
import { ApiError } from './errors.js';

const columns: ReadonlyMap<string, number> = new Map([
  ['vehicleRegNumber', 10],
  ['driverName', 24],
  ['additionalEmbossing', 20],
  ['companyName', 35],
  ['addressLines', 35],
  ['city', 35],
  ['region', 35],
  ['country', 35],
  ['zipCode', 10],
  ['countryCode', 3],
  ['firstName', 35],
  ['middleName', 35],
  ['lastName', 35],
  ['emailAddress', 80],
  ['mobilePhone', 20],
  ['telephone', 20],
]);

/** The writes whose bodies carry these fields. */
const writes: ReadonlySet<OperationId> = new Set([
  'createSubCustomer',
  'updateCustomerDetail',
  'orderCards',
  'replaceCard',
  'reprintPIN',
]);

type Holder = Record<string, unknown>;

const object = (value: unknown): Holder[] =>
  value && typeof value === 'object' && !Array.isArray(value) ? [value as Holder] : [];

/**
 * The objects of a body that hold these fields: the body, each card order item, and their contact
 * and address. Read before the card order's own validation (any part may be missing or of another type).
 */
function holders(body: unknown): Holder[] {
  const top = object(body);
  const items = top.flatMap((b) => (Array.isArray(b.cards) ? b.cards.flatMap(object) : []));
  return [...top, ...items].flatMap((o) => [
    o,
    ...object(o.customerContact),
    ...object(o.customerAddress),
    ...object(o.cardContact),
    ...object(o.cardAddress),
  ]);
}

/** A problem for every value longer than its column. */
function overlong(body: unknown): string[] {
  return holders(body).flatMap((holder) =>
    [...columns].flatMap(([field, size]) => {
      const value = holder[field];
      return typeof value === 'string' && [...value].length > size
        ? [`${field} must be at most ${size} characters`]
        : [];
    })
  );
}

export function installColumnSizes(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const operationId = request.routeOptions.config.operationId;
    if (!operationId || !writes.has(operationId)) return;
    const problems = [...new Set(overlong(request.body))];
    if (problems.length)
      throw new ApiError(
        400,
        problems.map((description) => ({ code: 'ER-001', description }))
      );
  });
}

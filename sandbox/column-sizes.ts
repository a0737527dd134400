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
  ['vehicleRegNumber', 10], ['driverName', 24], ['additionalEmbossing', 20], ['companyName', 35],
  ['addressLines', 35], ['city', 35], ['region', 35], ['country', 35], ['zipCode', 10], ['countryCode', 3],
  ['firstName', 35], ['middleName', 35], ['lastName', 35], ['emailAddress', 80], ['mobilePhone', 20], ['telephone', 20],
]);

/** The writes whose bodies carry these fields. */
const writes: ReadonlySet<OperationId> = new Set(['createSubCustomer', 'updateCustomerDetail', 'orderCards', 'replaceCard', 'reprintPIN']);

/** A problem for every value of `value`, at any depth, longer than its column. */
function overlong(value: unknown, field?: string): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => overlong(v));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => overlong(v, k));
  const size = field === undefined ? undefined : columns.get(field);
  return typeof value === 'string' && size !== undefined && [...value].length > size ? [`${field} must be at most ${size} characters`] : [];
}

export function installColumnSizes(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const operationId = request.routeOptions.config.operationId;
    if (!operationId || !writes.has(operationId)) return;
    const problems = [...new Set(overlong(request.body))];
    if (problems.length) throw new ApiError(400, problems.map((description) => ({ code: 'ER-001', description })));
  });
}

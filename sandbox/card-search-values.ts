/**
 * Values of the listed card search properties a server may refuse where the document shows no
 * format (variant search-values-validated, register ASSUME-SEARCH-VALUES): an empty filter text,
 * an empty id array, an orderReference not shaped as the ones this sandbox issues.
 */
import type { CardSearchRequest } from '../lib/types.generated.js';
import { ApiError } from './errors.js';
import type { Variants } from './variants.js';

/** Order references of card orders (store.newOrderReference) and of the seeded ordered cards. */
const ORDER_REFERENCE = /^ORD-(\d{8}-\d{6}|SEED-\d{4}-\d{3})$/;
/** Order references under formats-other. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function refuseUnshapedSearchValues(body: CardSearchRequest, variants: Variants): void {
  if (!variants.has('search-values-validated')) return;
  const { orderReference, filter } = body;
  if (
    typeof orderReference === 'string' &&
    !ORDER_REFERENCE.test(orderReference) &&
    !(variants.has('formats-other') && UUID.test(orderReference))
  )
    throw ApiError.badRequest('orderReference is not an order reference');
  for (const name of ['cardTypeIdentifiers', 'statusIdentifiers'] as const) {
    if (Array.isArray(body[name]) && body[name].length === 0) throw ApiError.badRequest(`${name} is empty`);
  }
  for (const name of ['primaryVisualCardNumber', 'driverName', 'vehicleRegNumber'] as const) {
    if (filter?.[name] === '') throw ApiError.badRequest(`filter.${name} is empty`);
  }
}

/**
 * What every core route plugin shares: route options built from the operation table (path, method,
 * success status, request and response schemas by `$ref`), the caller's hierarchy checks (404 for
 * an unknown customer or card, 403 outside the caller's hierarchy), opaque cursors, and the
 * documented fields of the contacts and addresses it keeps.
 */
import type { FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import { type OperationId, operation } from '../lib/operations.js';
import type { Address, Contact } from '../lib/types.generated.js';
import type { Caller } from './context.js';
import { ApiError } from './errors.js';
import type { FaultId, Faults } from './faults.js';
import type { CardRecord, CustomerRecord, Store } from './store.js';
import type { Variants } from './variants.js';

/** `/cards/{cardIdentifier}` → `/cards/:cardIdentifier` (Fastify's syntax). */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

export const accountParams = {
  type: 'object',
  required: ['customerAccountNumber'],
  properties: { customerAccountNumber: { type: 'string' } },
} as const;

export const cardParams = {
  type: 'object',
  required: ['cardIdentifier'],
  properties: { cardIdentifier: { type: 'integer' } },
} as const;

/**
 * Method, url, config and schema of an operation's route, all from lib/operations.ts: the body by
 * its request schema, the success response by its schema. `extra` adds params or querystring.
 */
export function routeOf(
  id: OperationId,
  extra: Pick<FastifySchema, 'params' | 'querystring'> = {}
): RouteShorthandOptions & { method: string; url: string } {
  const op = operation(id);
  const success = op.responses[op.success];
  const schema: FastifySchema = {
    ...extra,
    ...(op.requestSchema ? { body: { $ref: op.requestSchema } } : {}),
    ...(success && 'schema' in success ? { response: { [op.success]: { $ref: success.schema } } } : {}),
  };
  return { method: op.method, url: fastifyPath(op.path), config: { operationId: id }, schema };
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw ApiError.unauthorized();
  return request.caller;
}

/** The faults that bend the lookup of each kind of record: an unknown id answers 400, a foreign one 200. */
const lookupFaults = {
  customer: { unknown: 'customer-unknown-400', foreign: 'customer-foreign-200' },
  card: { unknown: 'card-unknown-400', foreign: 'card-foreign-200' },
} as const satisfies Record<string, { unknown: FaultId; foreign: FaultId }>;

/**
 * `found`, the `kind` with id `id`, as the caller may see it: 404 when unknown, 403 outside its
 * hierarchy (unless `foreignServed`: a fault of one operation that serves another hierarchy's).
 */
function visible<T extends { topLevel: string }>(
  kind: keyof typeof lookupFaults,
  id: string | number,
  found: T | undefined,
  caller: Caller,
  faults: Faults,
  foreignServed = false
): T {
  if (!found) {
    if (faults.has(lookupFaults[kind].unknown)) throw ApiError.badRequest(`${kind} ${id} is not valid`);
    throw ApiError.notFound(`${kind} ${id} not found`);
  }
  if (found.topLevel !== caller.topLevel && !faults.has(lookupFaults[kind].foreign) && !foreignServed) {
    if (kind === 'card' && faults.has('card-foreign-404')) throw ApiError.notFound(`card ${id} not found`);
    throw ApiError.forbidden(`${kind} ${id} is outside the caller's customer hierarchy`);
  }
  return found;
}

/** The customer `accountNumber` as the caller may see it: 404 when unknown, 403 outside its hierarchy. */
export function customerFor(
  store: Store,
  caller: Caller,
  accountNumber: string,
  faults: Faults,
  foreignServed = false
): CustomerRecord {
  const key = faults.has('customer-number-trimmed') ? accountNumber.trim() : accountNumber;
  return visible('customer', accountNumber, store.customers.get(key), caller, faults, foreignServed);
}

/** Whether `accountNumber` names a customer outside the caller's hierarchy that no fault serves. */
function foreignCustomer(
  store: Store,
  caller: Caller,
  accountNumber: string,
  faults: Faults,
  foreignServed: boolean
): boolean {
  const found = store.customers.get(accountNumber);
  return (
    found !== undefined &&
    found.topLevel !== caller.topLevel &&
    !faults.has(lookupFaults.customer.foreign) &&
    !foreignServed
  );
}

/**
 * The customer a list or card search is filtered by: as customerFor, but under the
 * foreign-filter-empty variant one outside the caller's hierarchy filters everything out (undefined),
 * and under foreign-filter-404 it is not found.
 */
export function filterCustomerFor(
  store: Store,
  caller: Caller,
  accountNumber: string,
  faults: Faults,
  variants: Variants,
  foreignServed = false
): CustomerRecord | undefined {
  if (foreignCustomer(store, caller, accountNumber, faults, foreignServed)) {
    if (variants.has('foreign-filter-empty')) return undefined;
    if (variants.has('foreign-filter-404')) throw ApiError.notFound(`customer ${accountNumber} not found`);
  }
  return customerFor(store, caller, accountNumber, faults, foreignServed);
}

/** The customer a request's body names (a parent, an order's customer): as customerFor, but an invalid parameter (400) under foreign-body-400. */
export function bodyCustomerFor(
  store: Store,
  caller: Caller,
  accountNumber: string,
  faults: Faults,
  variants: Variants
): CustomerRecord {
  if (variants.has('foreign-body-400') && foreignCustomer(store, caller, accountNumber, faults, false))
    throw ApiError.badRequest(`customerAccountNumber ${accountNumber} is not valid`);
  return customerFor(store, caller, accountNumber, faults);
}

/** The card `cardIdentifier` as the caller may see it: 404 when unknown, 403 outside its hierarchy. */
export function cardFor(
  store: Store,
  caller: Caller,
  cardIdentifier: number,
  faults: Faults,
  foreignServed = false
): CardRecord {
  return visible('card', cardIdentifier, existing(store.cards.get(cardIdentifier)), caller, faults, foreignServed);
}

/** The card, unless it does not exist yet (a variant where the cards of an order or a replacement appear later). */
export function existing(card: CardRecord | undefined, now = Date.now()): CardRecord | undefined {
  return card && (card.visibleFrom === undefined || card.visibleFrom <= now) ? card : undefined;
}

/** An opaque cursor: base64url of JSON. */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** Decodes a cursor of `encodeCursor`; anything else is a 400 ER-001. */
export function decodeCursor<T>(cursor: string, check: (value: unknown) => value is T): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw ApiError.badRequest('cursor is not a cursor of this operation');
  }
  if (!check(value)) throw ApiError.badRequest('cursor is not a cursor of this operation');
  return value;
}

/**
 * Whose page a cursor leads to. A cursor names the top-level account of the client it was issued to
 * (`issuedTo`); sent by another client it leads to that client's own page from the same position,
 * or (variants) is refused or leads to an empty page, or (a fault of one operation, `served`) to
 * the page of the client it was issued to.
 */
export function cursorReader(
  caller: Caller,
  issuedTo: string | undefined,
  served: boolean,
  variants: Variants,
  refusal: () => ApiError
): { reader: Caller; empty: boolean } {
  if (issuedTo === undefined || issuedTo === caller.topLevel) return { reader: caller, empty: false };
  if (served) return { reader: { ...caller, topLevel: issuedTo }, empty: false };
  if (variants.has('foreign-cursor-refused')) throw refusal();
  return { reader: caller, empty: variants.has('foreign-cursor-empty-page') };
}

export const ADDRESS_FIELDS = ['addressLines', 'city', 'country', 'countryCode', 'region', 'zipCode'] as const;
const CONTACT_FIELDS = ['emailAddress', 'firstName', 'lastName', 'middleName', 'mobilePhone', 'telephone'] as const;

/** The documented fields `value` holds: what the sandbox keeps of a contact or an address it is sent (unknown-nested-properties-ignored lets others through). */
function documented<T extends object>(value: T, fields: readonly (keyof T)[]): T {
  return Object.fromEntries(fields.filter((f) => value[f] !== undefined).map((f) => [f, value[f]])) as T;
}

export const contactOf = (contact: Contact): Contact => documented(contact, CONTACT_FIELDS);

/** A card delivery address: the address fields and companyName. */
export const cardAddressOf = (address: Address): Address => documented(address, [...ADDRESS_FIELDS, 'companyName']);

/** What a list or search item shows of a resource's view under a summary variant: the fields `kept`, the rest only GET shows. */
export function summaryOf(view: Record<string, unknown>, kept: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(view).filter(([k]) => kept.has(k)));
}

/**
 * What a fault's probe runs against: the sandbox as a client calls it (an operation by id, or a
 * method and a URL), the way proof/tests/sandbox/core-harness.ts drives it; and the helpers the
 * probes share. A probe holds on a clean sandbox and fails with its fault.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { OperationId } from '../../lib/operations.js';
import { operations } from '../../lib/operations.js';
import { createAjv, type SchemaError } from '../../lib/validation.js';
import { sandboxDefaults as d } from '../defaults.js';

export const TOKEN_PATH = operations.requestToken.path;

// biome-ignore lint/suspicious/noExplicitAny: the sandbox's answers, faulty shapes included, are read field by field as they came
export type Row = Record<string, any>;

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the sandbox's answers, faulty shapes included, are read field by field as they came
  body: any;
  text: string;
  contentType: string | undefined;
  headers: Record<string, unknown>;
}

export type Client = 'main' | 'foreign';

export interface CallOptions {
  body?: unknown;
  /** Raw payload with its own content type (form bodies, broken JSON). */
  raw?: { payload: string; contentType: string };
  query?: Record<string, string | number | boolean | undefined>;
  /** `main` (default), `foreign`, `none` or a literal Authorization header value. */
  auth?: Client | 'none' | { header: string };
}

export interface ProbeTarget {
  call(method: 'GET' | 'POST', url: string, options?: CallOptions): Promise<Answer>;
  /** A fresh token of a client (main by default). */
  token(client?: Client): Promise<string>;
  /** Calls an operation by id: path parameters filled, 2xx bodies validated against the schema. */
  op(id: OperationId, params?: Record<string, string | number>, options?: CallOptions): Promise<Answer>;
}

export interface Probe {
  /** Build options for both sandboxes (the fault is added to one). */
  options?: { tokenTtlSeconds?: number };
  /** True when the rule holds. */
  holds(h: ProbeTarget): Promise<boolean>;
}

/**
 * The project schemas, each compiled on first use only (a probe needs a handful of the registry's
 * schemas; compiling all of them up front costs more than the probes themselves).
 */
function lazySchemas(): { validate(schemaId: string, data: unknown): SchemaError[] } {
  let ajv: ReturnType<typeof createAjv> | undefined;
  const compiled = new Map<string, ValidateFunction>();
  return {
    validate(schemaId, data) {
      let fn = compiled.get(schemaId);
      if (!fn) {
        ajv ??= createAjv();
        fn = ajv.getSchema(schemaId);
        if (!fn) throw new Error(`no schema ${schemaId} in schemas/`);
        compiled.set(schemaId, fn);
      }
      return fn(data)
        ? []
        : (fn.errors ?? []).map((e) => ({ pointer: e.instancePath || '/', message: e.message ?? e.keyword }));
    },
  };
}

export const registry = lazySchemas();

export function form(fields: Record<string, string>): { payload: string; contentType: string } {
  return { payload: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' };
}

/** A valid customer address (all six fields). */
export const address = {
  addressLines: 'Industriestraße 12',
  city: 'Augsburg',
  country: 'Germany',
  countryCode: 'DE',
  region: 'Bavaria',
  zipCode: '86150',
};
export const contact = {
  emailAddress: 'eva.huber@example.com',
  firstName: 'Eva',
  lastName: 'Huber',
  middleName: 'Maria',
  mobilePhone: '+49 151 1234567',
  telephone: '+49 89 123456',
};

/** A create-sub-customer body (under the top-level unless `parent` is given). */
export function newCustomer(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { customerName: name, customerContact: contact, customerAddress: address, ...extra };
}

/** Creates a sub-customer and answers its account number. */
export async function createCustomer(
  h: ProbeTarget,
  name: string,
  extra: Record<string, unknown> = {}
): Promise<string> {
  const res = await h.op('createSubCustomer', {}, { body: newCustomer(name, extra) });
  if (res.status !== 200 || typeof res.body?.customerAccountNumber !== 'string')
    throw new Error(`create ${name}: ${res.status} ${res.text}`);
  return res.body.customerAccountNumber as string;
}

/** Every card of a search, following nextCursor; answers the pages too. */
export async function searchAll(
  h: ProbeTarget,
  body: Record<string, unknown>,
  maxPages = 100
): Promise<{ cards: Answer['body'][]; pages: Answer[] }> {
  const pages: Answer[] = [];
  let cursor: string | undefined;
  do {
    const res = await h.op('cardSearch', {}, { body: { ...body, ...(cursor ? { cursor } : {}) } });
    if (res.status !== 200) throw new Error(`search: ${res.status} ${res.text}`);
    pages.push(res);
    cursor = res.body.hasNextPage === true ? res.body.nextCursor : undefined;
  } while (cursor && pages.length < maxPages);
  return { cards: pages.flatMap((p) => p.body.cards), pages };
}

/** Every customer of a list, following nextCursor. */
export async function listAll(
  h: ProbeTarget,
  query: Record<string, string | number | undefined>,
  maxPages = 100
): Promise<{ customers: Answer['body'][]; pages: Answer[] }> {
  const pages: Answer[] = [];
  let cursor: string | undefined;
  do {
    const res = await h.op('listCustomers', {}, { query: { ...query, cursor } });
    if (res.status !== 200) throw new Error(`list: ${res.status} ${res.text}`);
    pages.push(res);
    cursor = res.body.hasNextPage === true ? res.body.nextCursor : undefined;
  } while (cursor && pages.length < maxPages);
  return { customers: pages.flatMap((p) => p.body.customers), pages };
}

/** Active cards of the pool customer, `n` of them starting at `offset` (tests take disjoint slices). */
export async function poolCards(h: ProbeTarget, n: number, offset = 0): Promise<number[]> {
  const { cards } = await searchAll(h, { customerAccountNumber: d.poolCustomer, statusIdentifiers: [1], limit: 200 });
  const ids = cards.map((c) => c.cardIdentifier as number).slice(offset, offset + n);
  if (ids.length < n) throw new Error(`only ${ids.length} active pool cards from offset ${offset}`);
  return ids;
}

/** A reason id of the caller's master data. */
export async function reasonId(h: ProbeTarget): Promise<number> {
  const res = await h.op('getMasterData');
  return res.body.reason[0].id as number;
}

export const status = async (h: ProbeTarget, acc: string) =>
  (await h.op('getCustomer', { customerAccountNumber: acc })).body;
export const cardOf = async (h: ProbeTarget, id: number) => (await h.op('getCard', { cardIdentifier: id })).body;
const maxCardId = async (h: ProbeTarget) =>
  Math.max(...(await searchAll(h, { limit: 200 })).cards.map((c) => c.cardIdentifier as number));
/** The replacement created by `replace` of the first pool card. */
export async function replacement(
  h: ProbeTarget,
  body?: Row
): Promise<{ original: Row; copy: Row | undefined; after: Row }> {
  const [id] = await poolCards(h, 1);
  const original = await cardOf(h, id!);
  const before = await maxCardId(h);
  await h.op('replaceCard', { cardIdentifier: id! }, body ? { body } : {});
  const { cards } = await searchAll(h, { limit: 200 });
  return { original, copy: cards.find((c) => c.cardIdentifier > before), after: await cardOf(h, id!) };
}
export const codes = (res: { body: unknown }) => (Array.isArray(res.body) ? res.body.map((e: Row) => e.errorCode) : []);
export const depth1WithSubs = '7000000002';
/**
 * Each write of a "performed, then 500" fault (sandbox/server-errors.ts): how it is sent on a fresh
 * resource, and whether its effect shows afterwards (undefined: a PIN letter shows none).
 */
export interface PerformedWrite {
  send(h: ProbeTarget): Promise<{ answer: Answer; effect?: () => Promise<boolean> }>;
}
export const blockedCard = async (h: ProbeTarget) => {
  const [id] = await poolCards(h, 1);
  await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
  return id!;
};
export const isUtc = (t: string) => registry.validate('timestamp.json', t).length === 0 && t.endsWith('Z');

/**
 * The sandbox core as its tests drive it: a fresh app per harness (buildApp + inject, never a
 * socket), tokens for both seeded clients, and every 2xx answer checked against the response
 * schema lib/operations.ts gives for the operation.
 */
import { test } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { type OperationId, operations } from '../../../lib/operations.js';
import { loadSchemas, type SchemaError } from '../../../lib/validation.js';
import { type BuildOptions, buildApp } from '../../../sandbox/app.js';
import { sandboxDefaults as d } from '../../../sandbox/defaults.js';
import { Faults } from '../../../sandbox/faults.js';
import { Variants } from '../../../sandbox/variants.js';

export const TOKEN_PATH = operations.requestToken.path;
export const schemas = loadSchemas();

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the sandbox's answers, faulty shapes included, are read field by field as they came
  body: any;
  text: string;
  contentType: string | undefined;
  headers: Record<string, unknown>;
}

export interface CallOptions {
  body?: unknown;
  /** Raw payload with its own content type (form bodies, broken JSON). */
  raw?: { payload: string; contentType: string };
  query?: Record<string, string | number | undefined>;
  /** `main` (default), `foreign`, `none` or a literal Authorization header value. */
  auth?: 'main' | 'foreign' | 'none' | { header: string };
}

export interface Harness {
  app: FastifyInstance;
  call(method: 'GET' | 'POST', url: string, options?: CallOptions): Promise<Answer>;
  /** A fresh token of a client (main by default). */
  token(client?: 'main' | 'foreign'): Promise<string>;
  /** Calls an operation by id: path parameters filled, 2xx bodies validated against the schema. */
  op(id: OperationId, params?: Record<string, string | number>, options?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

export interface HarnessOptions extends Omit<BuildOptions, 'faults' | 'variants'> {
  faults?: string[];
  variants?: string[];
}

const credentials = {
  main: { client_id: d.clientId, client_secret: d.clientSecret },
  foreign: { client_id: d.foreignClientId, client_secret: d.foreignClientSecret },
};

export function form(fields: Record<string, string>): { payload: string; contentType: string } {
  return { payload: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' };
}

export async function startSandbox(options: HarnessOptions = {}): Promise<Harness> {
  const { faults, variants, ...rest } = options;
  const app = await buildApp({ ...rest, faults: new Faults(faults ?? []), variants: new Variants(variants ?? []) });
  const cached: Partial<Record<'main' | 'foreign', string>> = {};

  async function call(method: 'GET' | 'POST', url: string, o: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const auth = o.auth ?? 'main';
    if (auth === 'main' || auth === 'foreign') {
      cached[auth] ??= await token(auth);
      headers.authorization = `Bearer ${cached[auth]}`;
    } else if (typeof auth === 'object') headers.authorization = auth.header;
    let payload: string | undefined;
    if (o.raw) {
      payload = o.raw.payload;
      headers['content-type'] = o.raw.contentType;
    } else if (o.body !== undefined) {
      payload = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    const query = o.query
      ? Object.fromEntries(
          Object.entries(o.query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)])
        )
      : undefined;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(query ? { query } : {}),
    });
    let body: unknown;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = undefined;
    }
    return {
      status: res.statusCode,
      body,
      text: res.body,
      contentType: res.headers['content-type'] as string | undefined,
      headers: res.headers,
    };
  }

  async function token(client: 'main' | 'foreign' = 'main'): Promise<string> {
    const res = await call('POST', TOKEN_PATH, {
      auth: 'none',
      raw: form({ grant_type: 'client_credentials', ...credentials[client] }),
    });
    if (res.status !== 200) throw new Error(`token for ${client}: ${res.status} ${res.text}`);
    return res.body.access_token as string;
  }

  async function op(
    id: OperationId,
    params: Record<string, string | number> = {},
    o: CallOptions = {}
  ): Promise<Answer> {
    const operation = operations[id];
    const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
    return call(operation.method, url, o);
  }

  return { app, call, token, op, close: () => app.close() };
}

/**
 * A fresh sandbox for every test of the file (built before each, closed after each), through one
 * Harness that stands for the current test's sandbox; used outside a test, it throws.
 */
export function sandboxPerTest(options: HarnessOptions = {}): Harness {
  let current: Harness | undefined;
  test.beforeEach(async () => {
    current = await startSandbox(options);
  });
  test.afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const now = (): Harness => {
    if (!current) throw new Error('the per-test sandbox exists only inside a test');
    return current;
  };
  return {
    get app() {
      return now().app;
    },
    call: (method, url, o) => now().call(method, url, o),
    token: (client) => now().token(client),
    op: (id, params, o) => now().op(id, params, o),
    close: () => now().close(),
  };
}

/** Schema errors of an answer against the schema lib/operations.ts documents for its status. */
export function schemaErrors(id: OperationId, answer: Answer): SchemaError[] {
  const spec = (operations[id].responses as Record<number, { schema?: string }>)[answer.status];
  if (!spec?.schema) return [];
  return schemas.validate(spec.schema, answer.body);
}

export const defaults = d;

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
export async function createCustomer(h: Harness, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await h.op('createSubCustomer', {}, { body: newCustomer(name, extra) });
  if (res.status !== 200 || typeof res.body?.customerAccountNumber !== 'string')
    throw new Error(`create ${name}: ${res.status} ${res.text}`);
  return res.body.customerAccountNumber as string;
}

/** Every card of a search, following nextCursor; answers the pages too. */
export async function searchAll(
  h: Harness,
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
  h: Harness,
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
export async function poolCards(h: Harness, n: number, offset = 0): Promise<number[]> {
  const { cards } = await searchAll(h, { customerAccountNumber: d.poolCustomer, statusIdentifiers: [1], limit: 200 });
  const ids = cards.map((c) => c.cardIdentifier as number).slice(offset, offset + n);
  if (ids.length < n) throw new Error(`only ${ids.length} active pool cards from offset ${offset}`);
  return ids;
}

/** A reason id of the caller's master data. */
export async function reasonId(h: Harness): Promise<number> {
  const res = await h.op('getMasterData');
  return res.body.reason[0].id as number;
}

/**
 * The sandbox core as its tests drive it: a fresh app per harness (buildApp + inject, never a
 * socket), tokens for both seeded clients, and every 2xx answer checked against the response
 * schema lib/operations.ts gives for the operation; and the runner of the faults' probes.
 */
import { expect, test } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { type OperationId, operations } from '../../../lib/operations.js';
import { loadSchemas, type SchemaError } from '../../../lib/validation.js';
import { type BuildOptions, buildApp } from '../../../sandbox/app.js';
import { sandboxDefaults as d } from '../../../sandbox/defaults.js';
import {
  type Answer,
  type CallOptions,
  form,
  type Probe,
  type ProbeTarget,
  TOKEN_PATH,
} from '../../../sandbox/faults/probe.js';
import { Faults, faultCatalogue } from '../../../sandbox/faults.js';
import { Variants } from '../../../sandbox/variants.js';

export {
  type Answer,
  address,
  type CallOptions,
  contact,
  createCustomer,
  form,
  listAll,
  newCustomer,
  poolCards,
  reasonId,
  searchAll,
  TOKEN_PATH,
} from '../../../sandbox/faults/probe.js';

export const schemas = loadSchemas();

/** The sandbox as a probe calls it (sandbox/faults/probe.ts), built and closed here. */
export interface Harness extends ProbeTarget {
  app: FastifyInstance;
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

/**
 * A test for each fault `which` picks: its probe (sandbox/faults/) holds on a clean sandbox and
 * fails on one with the fault, and only that fault, switched on. One clean sandbox per worker
 * serves every probe without build options (probes take fresh resources: new customers, the next
 * Active pool card); the faulty sandbox is always fresh.
 */
export function testFaultProbes(which: (id: string) => boolean): void {
  let sharedClean: Promise<Harness> | undefined;
  test.afterAll(async () => {
    const clean = sharedClean;
    sharedClean = undefined;
    if (clean) await (await clean).close();
  });
  for (const [id, fault] of Object.entries(faultCatalogue)) {
    if (!('probe' in fault) || !which(id)) continue;
    const probe: Probe = fault.probe;
    test(`${id} breaks ${fault.rule}`, async () => {
      const own = probe.options !== undefined;
      if (!own) sharedClean ??= startSandbox();
      const [clean, faulty] = await Promise.all([
        own ? startSandbox(probe.options) : sharedClean!,
        startSandbox({ ...probe.options, faults: [id] }),
      ]);
      try {
        const [onClean, onFaulty] = await Promise.all([probe.holds(clean), probe.holds(faulty)]);
        expect(onClean, 'the rule holds on the clean sandbox').toBe(true);
        expect(onFaulty, `with ${id}: ${fault.description}`).toBe(false);
      } finally {
        await Promise.all([faulty.close(), own ? clean.close() : undefined]);
      }
    });
  }
}

/**
 * The sandbox as the locations and sessions tests drive it: the real app (sandbox/app.ts
 * buildApp, with the given faults) called through `inject`, never a socket, with bearer tokens
 * obtained from its token route with the seeded credentials of sandbox/defaults.ts.
 */
import { expect } from '@playwright/test';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { operations } from '../../../lib/operations.js';
import { createAjv, type SchemaError } from '../../../lib/validation.js';
import { sandboxDefaults as d } from '../../../sandbox/defaults.js';
import { faultCatalogue } from '../../../sandbox/faults.js';

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the sandbox's answers, faulty shapes included, are read field by field as they came
  body: any;
  contentType: string | undefined;
}

export type Client = 'main' | 'foreign';

export interface CallOptions {
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** Whose token to send (main by default), or none. */
  auth?: Client | 'none';
}

export interface TestApp {
  call(method: 'GET' | 'POST' | 'PUT', url: string, options?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

const credentials: Record<Client, { client_id: string; client_secret: string }> = {
  main: { client_id: d.clientId, client_secret: d.clientSecret },
  foreign: { client_id: d.foreignClientId, client_secret: d.foreignClientSecret },
};

async function tokenOf(app: FastifyInstance, client: Client): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: operations.requestToken.path,
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', ...credentials[client] }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`token for ${client}: ${res.statusCode} ${res.body}`);
  return (JSON.parse(res.body) as { access_token: string }).access_token;
}

export async function startApp(faultIds: string[] = []): Promise<TestApp> {
  // Imported here, not at the top: Playwright's runner loads the test files only to list their
  // tests, and has no use for the whole sandbox.
  const [{ buildApp }, { Faults }] = await Promise.all([
    import('../../../sandbox/app.js'),
    import('../../../sandbox/faults.js'),
  ]);
  const app = await buildApp({ faults: new Faults(faultIds) });
  const tokens: Partial<Record<Client, string>> = {};
  return {
    async call(method, url, options = {}) {
      const auth = options.auth ?? 'main';
      const headers: Record<string, string> = { accept: 'application/json' };
      if (auth !== 'none') {
        tokens[auth] ??= await tokenOf(app, auth);
        headers.authorization = `Bearer ${tokens[auth]}`;
      }
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const res = await app.inject({
        method,
        url,
        headers,
        ...(options.query
          ? { query: Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) }
          : {}),
        ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
      });
      let body: unknown = res.body;
      try {
        body = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        /* keep the text */
      }
      return { status: res.statusCode, body, contentType: res.headers['content-type'] as string | undefined };
    },
    close: () => app.close(),
  };
}

/** Whether the rule a fault breaks holds on `a`. */
export type FaultProbe = (a: TestApp) => Promise<boolean>;

/** Every fault of sandbox/faults.ts whose id starts with one of `prefixes` has a probe, and there are at least `atLeast`. */
export function expectProbeForEveryFault(
  prefixes: string[],
  probes: Record<string, FaultProbe>,
  atLeast: number
): void {
  const ours = Object.keys(faultCatalogue).filter((id) => prefixes.some((prefix) => id.startsWith(prefix)));
  expect(ours.sort()).toEqual(Object.keys(probes).sort());
  expect(ours.length).toBeGreaterThanOrEqual(atLeast);
}

/** The title of a fault's test: the fault and the rule it breaks. */
export function faultTitle(id: string): string {
  return `fault ${id} breaks ${(faultCatalogue as Record<string, { rule: string }>)[id]?.rule}`;
}

/** The probe holds on the clean sandbox and fails on a sandbox with the fault `id`. */
export async function expectFaultBreaks(id: string, holds: FaultProbe, clean: TestApp): Promise<void> {
  expect(await holds(clean), 'the rule holds on the clean sandbox').toBe(true);
  const faulty = await startApp([id]);
  try {
    expect(await holds(faulty), 'the rule is broken with the fault').toBe(false);
  } finally {
    await faulty.close();
  }
}

/**
 * The project schemas, each compiled on first use only (these tests need a handful of the
 * registry's schemas; compiling all of them up front costs more than the tests themselves).
 */
export function lazySchemas(): { validate(schemaId: string, data: unknown): SchemaError[] } {
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

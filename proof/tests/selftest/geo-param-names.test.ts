/**
 * The names of the four unnamed geosearch parameters (ASSUME-GEO-PARAM-NAMES, lib/geo-params.ts):
 * found on a sandbox by what each one does, with few requests where the sandbox's names are the
 * server's; a server's own names found too; a name set in FLEET_GEO_PARAM_NAMES used as it is; a
 * parameter the server honours wrongly (a fault) still found, so that its rule judges it. And a
 * server whose names no candidate covers: a run says so once (a configuration notice naming the
 * setting) and does not run the rules that need them, none red.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { TokenProvider } from '../../../lib/auth.js';
import { FleetClient } from '../../../lib/client.js';
import { type GeoParamNames, loadConfig } from '../../../lib/config.js';
import { discoverGeoParams } from '../../../lib/geo-params.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { loadSchemas } from '../../../lib/validation.js';
import { hostSandbox } from '../../../sandbox/host.js';
import { redRules, runSuite } from '../../selftest/suite-run.js';

/** Discovery against a sandbox hosted here with `settings`: what it found, and the geosearches it sent. */
async function discover(settings: Record<string, string>, set: Partial<GeoParamNames> = {}) {
  const { app, baseUrl } = await hostSandbox(settings);
  const context = await request.newContext();
  try {
    let searches = 0;
    const counting = {
      fetch: (url: string, options: object) => {
        if (url.includes('/locations/')) searches += 1;
        return context.fetch(url, options);
      },
    } as unknown as APIRequestContext;
    const config = loadConfig({ FLEET_BASE_URL: baseUrl, FLEET_TARGET: 'sandbox' });
    const client = new FleetClient({
      request: counting,
      config,
      tokens: new TokenProvider(config),
      schemas: loadSchemas(),
      secrets: new SecretRegistry(),
    });
    return { ...(await discoverGeoParams(client, set)), searches };
  } finally {
    await context.dispose();
    await app.close();
  }
}

const all = (how: string) => ({ count: how, aggregate: how, precision: how, language: how });

test("the sandbox's names are found in seven searches; a server's own names (geo-param-names-found) further down the candidates", async () => {
  const own = await discover({});
  expect([own.names, own.origin, own.notice, own.searches]).toEqual([
    { count: 'count', aggregate: 'aggregate', precision: 'precision', language: 'language' },
    all('found'),
    undefined,
    7,
  ]);
  const other = await discover({ SANDBOX_VARIANTS: 'geo-param-names-found' });
  expect([other.names, other.origin, other.notice]).toEqual([
    { count: 'maxResults', aggregate: 'isAggregated', precision: 'gridPrecision', language: 'lang' },
    all('found'),
    undefined,
  ]);
});

test('a name set in FLEET_GEO_PARAM_NAMES is used as it is: nothing is sent to find it, and all four set send nothing at all', async () => {
  const some = await discover({ SANDBOX_VARIANTS: 'geo-param-names-other' }, { count: 'limit', aggregate: 'cluster' });
  expect([some.names, some.origin]).toEqual([
    { count: 'limit', aggregate: 'cluster', precision: 'zoom', language: 'lang' },
    { count: 'set', aggregate: 'set', precision: 'found', language: 'found' },
  ]);
  const set = { count: 'wrong', aggregate: 'wrong', precision: 'wrong', language: 'wrong' };
  expect(await discover({}, set)).toEqual({ names: set, origin: all('set'), searches: 0 });
});

test('a parameter the server honours wrongly is still found, so that its own rule judges it', async () => {
  for (const fault of [
    'geo-count-exceeded',
    'geo-aggregate-with-locations',
    'geo-precision-10-accepted',
    'geo-precision-inverted',
    'geo-language-cy-refused',
  ]) {
    expect((await discover({ SANDBOX_FAULTS: fault })).origin, fault).toEqual(all('found'));
  }
});

/** A server's own names, none of them a candidate: in front of the sandbox, they become its names; every other parameter is dropped (ignored). */
const UNGUESSABLE: Record<string, string> = {
  howMany: 'count',
  bundled: 'aggregate',
  granularity: 'precision',
  speech: 'language',
};
const BOUNDS = ['topLatitude', 'bottomLatitude', 'leftLongitude', 'rightLongitude'];

async function renamingFront(target: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url!, target);
    if (url.pathname.startsWith('/locations/')) {
      const kept = [...url.searchParams]
        .filter(([k]) => BOUNDS.includes(k) || k in UNGUESSABLE)
        .map(([k, v]): [string, string] => [UNGUESSABLE[k] ?? k, v]);
      url.search = new URLSearchParams(kept).toString();
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers)
        .filter(([k]) => k !== 'host' && k !== 'connection')
        .map(([k, v]) => [k, String(v)])
    );
    const answer = await fetch(url, {
      method: req.method!,
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('a server whose names no candidate covers: one configuration notice naming the setting, the rules that need them not run, none red', async () => {
  test.setTimeout(300_000);
  const reportsDir = mkdtempSync(join(tmpdir(), 'fleet-geo-names-'));
  const run = await runSuite({ sandbox: {}, reportsDir, suite: { FLEET_GREP: 'GEO-' }, front: renamingFront });
  expect(run.coverage, run.tail).toBeDefined();
  expect(redRules(run.coverage!), run.tail).toEqual([]);
  const status = Object.fromEntries(run.coverage!.rules.map((r) => [r.id, r.status]));
  const needing = [
    'GEO-COUNT-HONOURED',
    'GEO-COUNT-MAX-300',
    'GEO-PRECISION-2-9',
    'GEO-AGGREGATE-ON',
    'GEO-AGGREGATE-COUNTS',
    'GEO-PRECISION-FINER',
    'GEO-COUNT-IGNORED-AGGREGATED',
    'GEO-LANGUAGE-SUPPORTED',
    'GEO-MAX-300',
  ];
  expect(needing.map((id) => `${id} ${status[id]}`)).toEqual(needing.map((id) => `${id} not-run`));
  expect(['GEO-INSIDE-RECTANGLE', 'GEO-LAT-BOUNDS', 'GEO-FILTER-CONNECTOR'].map((id) => status[id])).toEqual([
    'passed',
    'passed',
    'passed',
  ]);
  const driftFile = join(reportsDir, 'drift.json');
  expect(existsSync(driftFile), run.tail).toBe(true);
  const drift = JSON.parse(readFileSync(driftFile, 'utf8')) as {
    notices: { entry: string; text: string }[];
    assumptions: { id: string; seen: string[] }[];
  };
  expect(drift.notices).toEqual([
    {
      entry: 'ASSUME-GEO-PARAM-NAMES',
      text: 'geosearch: the server ignored count/aggregate/precision/language under every name tried; their parameter names are not shown in the document: set FLEET_GEO_PARAM_NAMES (count=<name>,aggregate=<name>,precision=<name>,language=<name>)',
    },
  ]);
  expect(drift.assumptions.find((a) => a.id === 'ASSUME-GEO-PARAM-NAMES')?.seen).toEqual([
    'not found: count (sent as count), aggregate (sent as aggregate), precision (sent as precision), language (sent as language)',
  ]);
  expect(run.code, run.tail).toBe(0);
});

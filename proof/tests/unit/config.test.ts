import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { banner, ConfigError, knownVariables, loadConfig, readEnv } from '../../../lib/config.js';
import { sandboxDefaults } from '../../../sandbox/defaults.js';

const remote = {
  FLEET_BASE_URL: 'https://fleet-test.example.com',
  FLEET_CLIENT_ID: 'qa',
  FLEET_CLIENT_SECRET: 's3cr3t-value',
};

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('expected a ConfigError');
}

test('no FLEET_BASE_URL: the embedded sandbox with its own defaults', () => {
  const config = loadConfig({});
  expect(config.sandbox).toBe(true);
  expect(config.target).toBe('sandbox');
  expect(config.baseUrl).toBe(`http://127.0.0.1:${sandboxDefaults.port}`);
  expect(config.tokenUrl).toBe(`${config.baseUrl}/identity/realms/fleet/protocol/openid-connect/token`);
  expect([config.poolCustomer, config.poolCustomers]).toEqual([
    sandboxDefaults.poolCustomer,
    sandboxDefaults.poolCustomers,
  ]);
  expect(config.sessionIds).toEqual(sandboxDefaults.sessionIds);
  // None set: the four are found on the target (lib/geo-params.ts).
  expect(config.geoParamNames).toEqual({});
});

test('the embedded sandbox answers where the run hosted it (FLEET_SANDBOX_URL), npm run sandbox stays on SANDBOX_PORT', () => {
  const config = loadConfig({ FLEET_SANDBOX_URL: 'http://127.0.0.1:39517' });
  expect([config.sandbox, config.baseUrl, config.sandboxPort]).toEqual([
    true,
    'http://127.0.0.1:39517',
    sandboxDefaults.port,
  ]);
  expect(config.tokenUrl).toBe('http://127.0.0.1:39517/identity/realms/fleet/protocol/openid-connect/token');
  expect(banner(config)).not.toContain('39517');
});

test('a base URL means target test, with its own token URL default and no sandbox ids', () => {
  const config = loadConfig(remote);
  expect(config.target).toBe('test');
  expect(config.baseUrl).toBe('https://fleet-test.example.com');
  expect(config.tokenUrl).toBe('https://fleet-test.example.com/identity/realms/fleet/protocol/openid-connect/token');
  expect(config.sessionIds).toEqual([]);
  expect([config.poolCustomer, config.poolCustomers]).toEqual([undefined, []]);
  expect(config.perf.rate).toBeLessThanOrEqual(5);
});

test('FLEET_CARD_POOL_CUSTOMER takes one customer or several: the first names the pool (its lease, its orders)', () => {
  const several = loadConfig({ ...remote, FLEET_CARD_POOL_CUSTOMER: ' 7000000010 , 7000000001,7000000109 ' });
  expect([several.poolCustomer, several.poolCustomers]).toEqual([
    '7000000010',
    ['7000000010', '7000000001', '7000000109'],
  ]);
  expect(loadConfig({ ...remote, FLEET_CARD_POOL_CUSTOMER: '7000000010' }).poolCustomers).toEqual(['7000000010']);
});

test('FLEET_GEO_PARAM_NAMES sets the names of any of the four unnamed parameters; the others are left to be found', () => {
  const config = loadConfig({ ...remote, FLEET_GEO_PARAM_NAMES: 'count=maxResults,language=lang' });
  expect(config.geoParamNames).toEqual({ count: 'maxResults', language: 'lang' });
});

const bad: [string, Record<string, string>, RegExp][] = [
  ['a malformed URL', { ...remote, FLEET_BASE_URL: 'fleet test' }, /^FLEET_BASE_URL: "fleet test" is not a valid URL/],
  [
    'plain http to a remote host',
    { ...remote, FLEET_BASE_URL: 'http://fleet-test.example.com' },
    /^FLEET_BASE_URL: plain http to fleet-test.example.com/,
  ],
  ['an unknown target', { ...remote, FLEET_TARGET: 'staging' }, /^FLEET_TARGET: "staging" is unknown/],
  [
    'missing credentials',
    { FLEET_BASE_URL: 'https://fleet-test.example.com' },
    /^FLEET_CLIENT_ID and FLEET_CLIENT_SECRET: required for target "test"/,
  ],
  ['production without a base URL', { FLEET_TARGET: 'production' }, /^FLEET_TARGET: "production" needs FLEET_BASE_URL/],
  [
    'a bad geo parameter override',
    { ...remote, FLEET_GEO_PARAM_NAMES: 'radius=r' },
    /^FLEET_GEO_PARAM_NAMES: "radius=r" is not one of/,
  ],
  [
    'a rate above 5/s against a test environment',
    { ...remote, FLEET_PERF_RATE: '50' },
    /^FLEET_PERF_RATE: 50 requests\/s against a test environment/,
  ],
  [
    'write operations in production perf',
    { ...remote, FLEET_TARGET: 'production', FLEET_PERF_OPS: 'get-card,cancel-card' },
    /^FLEET_PERF_OPS: cancel-card would write to production/,
  ],
  ['a non-numeric seed', { FLEET_FC_SEED: 'abc' }, /^FLEET_FC_SEED: "abc" is not a whole number/],
  [
    'an embedded sandbox URL off loopback',
    { FLEET_SANDBOX_URL: 'https://fleet.example.com' },
    /^FLEET_SANDBOX_URL: "https:\/\/fleet.example.com" is not a loopback address/,
  ],
];
for (const [what, env, message] of bad) {
  test(`a clear one-line error for ${what}`, () => {
    const text = errorOf(env);
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
    expect(text).not.toContain(remote.FLEET_CLIENT_SECRET);
  });
}

test('the banner names target and mode, never the secret', () => {
  const line = banner(loadConfig({ ...remote, FLEET_TARGET: 'production' }));
  expect(line).toContain('production');
  expect(line).toContain('read-only');
  expect(line).not.toContain(remote.FLEET_CLIENT_SECRET);
});

test('a malformed .env line and an unknown FLEET_ variable are reported with their line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'env-'));
  const file = join(dir, '.env');
  writeFileSync(file, '# comment\nFLEET_TARGET=test\nthis is not a variable\n');
  expect(() => readEnv(file, {})).toThrow(/\.env:3: "this …" is not NAME=value/);
  // A secret whose '=' went missing is not shown.
  writeFileSync(file, 'FLEET_CLIENT_SECRET s3cr3t-value\n');
  expect(() => readEnv(file, {})).toThrow(/\.env:1: "FLEET_CLIENT_SECRET …" is not NAME=value$/);
  writeFileSync(file, 'FLEET_BASEURL=https://x.example\n');
  expect(() => readEnv(file, {})).toThrow(/\.env:1: unknown variable FLEET_BASEURL/);
  writeFileSync(file, 'FLEET_CLIENT_SECRET="multi\nline"\nFLEET_CLIENT_ID=qa\n');
  expect(readEnv(file, { FLEET_CLIENT_ID: 'from-env' })).toMatchObject({
    FLEET_CLIENT_SECRET: 'multi\nline',
    FLEET_CLIENT_ID: 'from-env',
  });
});

test("a sandbox setting beside a target configured stops the run in one line, never ignored; npm run sandbox's address may stay", () => {
  expect(errorOf({ ...remote, SANDBOX_FAULTS: 'card-block-not-applied' })).toBe(
    'SANDBOX_FAULTS: a setting of the embedded sandbox, but FLEET_BASE_URL points the run at https://fleet-test.example.com, which starts none; unset it, or FLEET_BASE_URL to run against the embedded sandbox'
  );
  expect(errorOf({ ...remote, SANDBOX_VARIANTS: 'extra-fields', SANDBOX_LATENCY: 'doc' })).toMatch(
    /^SANDBOX_LATENCY, SANDBOX_VARIANTS: settings of the embedded sandbox/
  );
  expect(loadConfig({ ...remote, SANDBOX_PORT: '4011', SANDBOX_HOST: '127.0.0.1', SANDBOX_FAULTS: '' }).baseUrl).toBe(
    'https://fleet-test.example.com'
  );
  expect(loadConfig({ SANDBOX_FAULTS: 'card-block-not-applied' }).sandbox).toBe(true);
});

test('FLEET_VERBOSE: off by default, 1 or yes on, anything else one line', () => {
  expect(loadConfig({}).verbose).toBe(false);
  expect(loadConfig({ FLEET_VERBOSE: '1' }).verbose).toBe(true);
  expect(loadConfig({ FLEET_VERBOSE: 'yes' }).verbose).toBe(true);
  expect(errorOf({ FLEET_VERBOSE: 'loud' })).toBe('FLEET_VERBOSE: "loud" is not 1 or 0 (yes or no)');
});

test('every variable the configuration knows is documented in .env.example', () => {
  const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
  expect(knownVariables.filter((name) => !example.includes(name))).toEqual([]);
});

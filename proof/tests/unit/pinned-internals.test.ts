/**
 * Two dependencies are used through private parts nothing public replaces yet: Playwright's
 * TestInfo flag that keeps a verdict from being retried (lib/ledger.ts keepVerdict, guarded by
 * selftest/rerun.test.ts) and autocannon's per-connection client that sends at a fixed rate
 * (perf/measure.ts, guarded by selftest:perf). An ordinary upgrade could change what the suite
 * decides, so both are pinned to the exact version those guards proved, never a range.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot as root } from '../selftest/harness.js';

const PINNED = ['@playwright/test', 'autocannon'] as const;

test('the dependencies whose private parts the suite uses are pinned to one version, and that version is the one installed', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const require = createRequire(join(root, 'package.json'));
  for (const name of PINNED) {
    const wanted = manifest.dependencies[name];
    expect(wanted, `${name} in package.json`).toMatch(/^\d+\.\d+\.\d+$/);
    const installed = (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string })
      .version;
    expect(installed, `${name} installed`).toBe(wanted);
  }
});

test("the private parts are there: autocannon's client sends through _doRequest and resets through _resetConnection; Playwright's TestInfo has _hasNonRetriableError", () => {
  const require = createRequire(join(root, 'package.json'));
  const Client = require('autocannon/lib/httpClient.js') as { prototype: Record<string, unknown> };
  expect(typeof Client.prototype._doRequest).toBe('function');
  expect(typeof Client.prototype._resetConnection).toBe('function');
  expect(typeof (test.info() as unknown as Record<string, unknown>)._hasNonRetriableError).toBe('boolean');
});

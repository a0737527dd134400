/**
 * With a sandbox issuing tokens that live 2 seconds (SANDBOX_TOKEN_TTL=2): the suite's client
 * refreshes them mid-run and no 401 reaches the caller; the conformance spec for expired tokens
 * runs (instead of being skipped) and passes. That it catches the fault letting expired tokens
 * through is selftest:faults --quick's to prove (the fault's own SANDBOX_TOKEN_TTL=2 in sandbox/faults/).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, request, test } from '@playwright/test';
import { FleetApi } from '../../../lib/api.js';
import { TokenProvider } from '../../../lib/auth.js';
import { loadConfig } from '../../../lib/config.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { loadSchemas } from '../../../lib/validation.js';
import { playwright, startSandbox, stopAll, testsOf } from './harness.js';

test.afterEach(stopAll);

test('requests for 6 s with 2-second tokens: the client refreshes them and no 401 reaches the caller', async () => {
  const sandbox = await startSandbox({ SANDBOX_TOKEN_TTL: '2' });
  const context = await request.newContext();
  try {
    const config = loadConfig({ FLEET_BASE_URL: sandbox.baseUrl, FLEET_TARGET: 'sandbox' });
    const tokens = new TokenProvider(config);
    const api = new FleetApi({
      request: context,
      config,
      tokens,
      schemas: loadSchemas(),
      secrets: new SecretRegistry(),
    });
    const statuses: number[] = [];
    for (const end = Date.now() + 6_000; Date.now() < end; ) {
      statuses.push((await api.getMasterData()).status, (await api.listCustomers({ limit: 1 })).status);
      await sleep(100);
    }
    expect(
      statuses.filter((s) => s === 401),
      `${statuses.length} requests`
    ).toEqual([]);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(tokens.fetches, 'tokens fetched over 6 s of 2-second tokens').toBeGreaterThanOrEqual(3);
  } finally {
    await context.dispose();
    await sandbox.stop();
  }
});

test('the expired-token spec runs and passes on a sandbox of 2-second tokens [AUTH-INVALID-TOKEN-401]', async () => {
  test.setTimeout(120_000);
  const sandbox = await startSandbox({ SANDBOX_TOKEN_TTL: '2' });
  const work = mkdtempSync(join(tmpdir(), 'fleet-expiry-'));
  try {
    const report = join(work, 'report.json');
    const { output } = await playwright(
      ['specs/auth/auth-token.spec.ts', '-g', 'expired', '--reporter=json', `--output=${join(work, 'out')}`],
      {
        FLEET_BASE_URL: sandbox.baseUrl,
        FLEET_TARGET: 'sandbox',
        FLEET_REPORTS_DIR: work,
        PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      }
    );
    const expiry = testsOf(JSON.parse(readFileSync(report, 'utf8'))).filter((t) => t.title.includes('expired'));
    expect(expiry.length, output.slice(-2000)).toBe(1);
    expect(expiry[0]!.results.map((r) => r.status)).toEqual(['passed']);
  } finally {
    await sandbox.stop();
  }
});

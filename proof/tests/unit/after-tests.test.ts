/**
 * What the environment did to a run's own requests after its tests (its lease's end) joins the
 * run's coverage.json: a run alone adds them itself; a shard carries them in its trace, and the
 * merge adds every shard's.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { EnvironmentEvent } from '../../../lib/environment.js';
import { emptyFootprint } from '../../../lib/footprint.js';
import { addEventsAfterTests } from '../../../lib/report/after-tests.js';
import { buildCoverage, type CoverageReport } from '../../../lib/report/coverage.js';
import { eventsAfterTests } from '../../../lib/shards.js';

const event = (path: string, status: number): EnvironmentEvent => ({
  kind: 'gateway',
  at: '2030-06-15T01:00:00.000Z',
  operationId: 'closeCustomer',
  method: 'POST',
  path,
  status,
  outcome: 'retried',
  test: '',
});

test("events after the tests join coverage.json: from the run itself, or from the shards' traces at the merge", () => {
  const reports = mkdtempSync(join(tmpdir(), 'fleet-after-'));
  const during = event('/customers/1/block', 502);
  writeFileSync(
    join(reports, 'coverage.json'),
    JSON.stringify(buildCoverage('test', [], [], emptyFootprint(), undefined, [during]))
  );
  const blobs = join(reports, 'blob-report');
  mkdirSync(blobs);
  const trace = (shard: number, afterTests?: EnvironmentEvent[]) =>
    writeFileSync(
      join(blobs, `shard-${shard}-of-2.json`),
      JSON.stringify({
        shard,
        total: 2,
        state: 'passed',
        blob: `report-${shard}.zip`,
        startedAt: 'then',
        ...(afterTests ? { afterTests } : {}),
      })
    );
  trace(1, [event('/customers/7000001001/close', 504)]);
  trace(2);
  addEventsAfterTests(reports, eventsAfterTests(blobs));
  const coverage = JSON.parse(readFileSync(join(reports, 'coverage.json'), 'utf8')) as CoverageReport;
  expect(coverage.environment.events.map((e) => `${e.path} ${e.status}`)).toEqual([
    '/customers/1/block 502',
    '/customers/7000001001/close 504',
  ]);
  expect(coverage.environment).toMatchObject({ gatewayAnswers: 2, retries: 2 });
  addEventsAfterTests(reports, []);
  expect(
    (JSON.parse(readFileSync(join(reports, 'coverage.json'), 'utf8')) as CoverageReport).environment.events
  ).toHaveLength(2);
});

/**
 * Every answer of a conformance run is also a latency sample, and a sharded run's shards each
 * record theirs: two shards of a small selection run at once against one sandbox, each also with
 * the latency reporter on its own folder; `npm run conformance:merge` brings both together in
 * reports/latency-passive.json: every request of both shards, the samples of every operation
 * either used, each judged, with the requests in flight; the page goes into the Allure report.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PASSIVE_FILE, PASSIVE_PAGE, type PassiveReport } from '../../../lib/latency/passive-report.js';
import { hostSandbox } from '../../../sandbox/host.js';
import { run, stopAll } from './harness.js';

test.afterEach(stopAll);

/** A few tests of several areas: customers, cards, master data. */
const suite = { FLEET_GREP: '\\[(CUST-BLOCK|CARD-GET|MASTER-TEN-ARRAYS)[\\],]', FLEET_WORKERS: '1' };

test("a sharded run's passive latency series: each shard records its own, the merge brings them together", async () => {
  test.setTimeout(240_000);
  const work = mkdtempSync(join(tmpdir(), 'fleet-passive-'));
  const blobs = join(work, 'blob-report');
  const { app, baseUrl } = await hostSandbox({});
  const shard = (i: number) =>
    run(
      'node',
      [
        '--import',
        'tsx',
        'scripts/conformance.ts',
        `--shard=${i}/2`,
        '--reporter=blob,./lib/report/latency-reporter.ts',
      ],
      {
        ...suite,
        FLEET_BASE_URL: baseUrl,
        FLEET_TARGET: 'sandbox',
        FLEET_REPORTS_DIR: join(work, `shard-${i}`),
        PLAYWRIGHT_BLOB_OUTPUT_FILE: join(blobs, `report-${i}.zip`),
      }
    );
  let shards;
  try {
    shards = await Promise.all([shard(1), shard(2)]);
  } finally {
    await app.close();
  }
  const own = shards.map((s, i) => {
    const file = join(work, `shard-${i + 1}`, PASSIVE_FILE);
    expect(existsSync(file), `shard ${i + 1}: ${s.output.slice(-1500)}`).toBe(true);
    return JSON.parse(readFileSync(file, 'utf8')) as PassiveReport;
  });
  const merged = join(work, 'merged');
  const merge = await run('node', ['--import', 'tsx', 'scripts/merge-shards.ts', blobs, '--shards', '2'], {
    ...suite,
    FLEET_REPORTS_DIR: merged,
  });
  expect(merge.code, merge.output.slice(-2000)).toBe(0);
  const report = JSON.parse(readFileSync(join(merged, PASSIVE_FILE), 'utf8')) as PassiveReport;

  expect(
    own.every((r) => r.requests > 0),
    'each shard timed requests of its own'
  ).toBe(true);
  expect(report.requests).toBe(own[0]!.requests + own[1]!.requests);
  const samples = (r: PassiveReport, op: string) => r.operations.find((o) => o.operation === op)?.samples ?? 0;
  const used = [...new Set(own.flatMap((r) => r.operations.map((o) => o.operation)))];
  expect(report.operations.map((o) => o.operation).sort(), 'every operation either shard used').toEqual(used.sort());
  for (const op of used) expect(samples(report, op), op).toBe(samples(own[0]!, op) + samples(own[1]!, op));
  expect(used).toEqual(expect.arrayContaining(['block-customer', 'get-card', 'master-data']));
  for (const o of report.operations) {
    expect(
      o.verdict.targets.map((t) => t.limit),
      o.operation
    ).toHaveLength(2);
    expect(o.inFlight.max, o.operation).toBeGreaterThanOrEqual(1);
    expect(o.latencies).toHaveLength(o.samples);
  }
  expect(merge.output).toMatch(/^latency at no extra load\b/m);
  expect(readFileSync(join(merged, PASSIVE_PAGE), 'utf8')).toContain('<h1>Latency at no extra load</h1>');
  const globals = readdirSync(join(merged, 'allure-results'))
    .filter((f) => f.endsWith('-globals.json'))
    .map((f) => readFileSync(join(merged, 'allure-results', f), 'utf8'))
    .join('');
  expect(globals, "the page is among the Allure report's global attachments").toContain('(latency-passive.html)');
});

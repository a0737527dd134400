/**
 * Sharding locally as in CI, with a shard that did not run: shard 1 of 2 runs through `npm run
 * conformance` (its blob report and its trace), shard 2 of 2 is refused by bad input; `npm run
 * conformance:merge -- <blobs> --shards 2` names shard 2 and why, and shows its tests as not run
 * with that reason, never as uncovered; shard 1's verdicts are those of an unsharded run; the
 * JUnit file carries the rule ids and the Allure report is made; the gate fails the night by the
 * shard's name and makes no baseline of it. The tests are picked by FLEET_GREP, which the merge's
 * listing of shard 2 honours as the shards do.
 * A faulty sandbox, so that the verdicts compared include a failure, a block and a finding.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { GateResult } from '../../../lib/gate/compare.js';
import type { CoverageReport } from '../../../lib/report/coverage.js';
import { hostSandbox } from '../../../sandbox/host.js';
import { runSuite } from '../../selftest/suite-run.js';
import { run, stopAll } from './harness.js';

test.afterEach(stopAll);

/** The card order and search tests: about 20 tests, with the fault's rule among them. */
const suite = { FLEET_GREP: 'cards-order.spec|cards-search.spec' };
const sandbox = { SANDBOX_FAULTS: 'order-status-200' };

test('a shard that did not run is named by the merge and the gate, and its tests are not run, never uncovered', async () => {
  test.setTimeout(300_000);
  const work = mkdtempSync(join(tmpdir(), 'fleet-shards-'));
  const blobs = join(work, 'blob-report');
  const { app, baseUrl } = await hostSandbox(sandbox);
  const shard = (i: number, env: Record<string, string> = {}) =>
    run('node', ['--import', 'tsx', 'scripts/conformance.ts', `--shard=${i}/2`, '--reporter=blob'], {
      ...suite,
      FLEET_BASE_URL: baseUrl,
      FLEET_TARGET: 'sandbox',
      FLEET_WORKERS: '1',
      FLEET_REPORTS_DIR: join(work, `shard-${i}`),
      PLAYWRIGHT_BLOB_OUTPUT_FILE: join(blobs, `report-${i}.zip`),
      ...env,
    });
  let whole;
  let first;
  try {
    [whole, first] = await Promise.all([runSuite({ sandbox, suite, reportsDir: join(work, 'whole') }), shard(1)]);
  } finally {
    await app.close();
  }
  const second = await shard(2, { FLEET_GEO_PARAM_NAMES: 'count' });
  expect(whole.coverage, whole.tail).toBeDefined();
  expect(existsSync(join(blobs, 'report-1.zip')), `shard 1's blob report: ${first.output.slice(-2000)}`).toBe(true);
  expect(second.code, 'shard 2 refused').toBe(2);
  const refusal = /^fleet-conformance: (.*)$/m.exec(second.output)![1]!;

  const merged = join(work, 'merged');
  const merge = await run('node', ['--import', 'tsx', 'scripts/merge-shards.ts', blobs, '--shards', '2'], {
    ...suite,
    FLEET_REPORTS_DIR: merged,
  });
  expect(merge.output, 'every reporter of playwright.config.ts works on a merge').not.toMatch(
    /Error in reporter|TypeError/
  );
  expect(merge.code, 'a merge missing a shard fails').toBe(1);
  const why = `shard 2 of 2 did not run (refused, exit 2: ${refusal})`;
  expect(merge.output).toContain(`fleet-conformance: ${why}`);
  const coverage = JSON.parse(readFileSync(join(merged, 'coverage.json'), 'utf8')) as CoverageReport;
  const reference = whole.coverage!;

  // Every test of the unsharded run is there once: shard 1's with its verdict, shard 2's not run, saying why.
  expect(coverage.records.map((r) => r.key).sort()).toEqual(reference.records.map((r) => r.key).sort());
  const notRun = coverage.shards!.notRun;
  expect(notRun.map((s) => `${s.shard} of ${s.total}: ${s.reason}`)).toEqual([`2 of 2: refused, exit 2: ${refusal}`]);
  expect(notRun[0]!.tests.length).toBeGreaterThan(5);
  const outcome = new Map(reference.records.map((r) => [r.key, r.outcome]));
  for (const r of coverage.records) {
    if (notRun[0]!.tests.includes(r.key)) expect(r, r.key).toMatchObject({ outcome: 'not-run', reason: why });
    else expect(r.outcome, `${r.key}: as in the unsharded run`).toBe(outcome.get(r.key));
  }
  const ruled = new Set(reference.rules.filter((r) => r.status !== 'uncovered').map((r) => r.id));
  expect(
    coverage.rules.filter((r) => ruled.has(r.id) && r.status === 'uncovered').map((r) => r.id),
    'no rule the run selects is "uncovered"'
  ).toEqual([]);
  expect(reference.rules.find((r) => r.id === 'CARD-ORDER-202')!.status, 'the fault fails a test').toBe('failed');
  expect(readFileSync(join(merged, 'coverage.html'), 'utf8')).toContain('1 of 2 shards did not run');

  expect(existsSync(join(merged, 'allure', 'index.html')), 'the Allure report of the merged run').toBe(true);
  expect(readFileSync(join(merged, 'junit.xml'), 'utf8'), 'JUnit carries the rule ids').toMatch(
    /<testcase name="[^"]*\[CARD-[A-Z0-9-]+[^"]*"[^>]*>\s*<properties>\s*<property name="rule" value="CARD-/
  );

  // The gate: no baseline of an incomplete night; against the unsharded run, one row for the shard.
  writeFileSync(join(work, 'none.json'), '{"knownFailures": []}');
  const gate = (...args: string[]) =>
    run(
      'node',
      ['--import', 'tsx', 'scripts/gate.ts', '--current', merged, '--known', join(work, 'none.json'), ...args],
      {}
    );
  const init = await gate('--baseline', join(work, 'baseline'), '--init');
  expect(init.code).toBe(1);
  expect(init.output).toContain('gate: FAIL — shard 2 of 2 did not run: this night is not made the baseline (--init)');
  expect(existsSync(join(work, 'baseline', 'coverage.json'))).toBe(false);
  const compared = await gate('--baseline', join(work, 'whole'));
  const result = JSON.parse(readFileSync(join(merged, 'gate.json'), 'utf8')) as GateResult;
  expect(compared.code, compared.output).toBe(1);
  expect(result.incomplete.map((r) => `${r.kind} ${r.subject}: ${r.detail[0]}`)).toEqual([
    `shard not run shard 2 of 2: refused, exit 2: ${refusal}`,
  ]);
  expect(
    result.rows.filter((r) => r.kind === 'no longer run' || r.kind === 'disappeared').map((r) => r.subject),
    'what shard 2 left unjudged is said in its row'
  ).toEqual([]);
  expect(compared.output).toMatch(/^gate: FAIL — shard 2 of 2 did not run; /m);
});

/**
 * Sharding works locally as in CI: two shards, each with its own blob report, merged by
 * `npm run conformance:merge` (playwright merge-reports with the project's reporters), give the
 * same test totals, rule verdicts and findings as one unsharded run, a JUnit file with the rule
 * ids as properties, and the Allure report.
 * A faulty sandbox, so that the verdicts compared include a failure, a block and a finding.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { CoverageReport } from '../../lib/report/coverage.js';
import { runSuite } from '../../lib/selftest/suite-run.js';
import { run, stopAll } from './harness.js';

test.afterEach(stopAll);

/** The card order and search tests: about 20 tests, with the fault's rule among them. */
const GREP = ['-g', 'cards-order.spec|cards-search.spec'];
const sandbox = { SANDBOX_FAULTS: 'order-status-200' };

const verdicts = (c: CoverageReport) => Object.fromEntries(c.rules.map((r) => [r.id, r.status]));
const findings = (c: CoverageReport) => c.findings.map((f) => `${f.rule} ${f.operationId} ${f.check}`).sort();

test('two shards merged give the same totals, rule verdicts and findings as one unsharded run', async () => {
  test.setTimeout(300_000);
  const work = mkdtempSync(join(tmpdir(), 'fleet-shards-'));
  const blobs = join(work, 'blob-report');
  const [whole, ...shards] = await Promise.all([
    runSuite({ sandbox, reportsDir: join(work, 'whole'), args: GREP }),
    ...[1, 2].map((s) => runSuite({
      sandbox, reportsDir: join(work, `shard-${s}`), workers: 1, reporter: 'blob', args: [...GREP, `--shard=${s}/2`],
      suite: { PLAYWRIGHT_BLOB_OUTPUT_FILE: join(blobs, `report-${s}.zip`) },
    })),
  ]);
  expect(whole.coverage, whole.tail).toBeDefined();
  for (const s of [1, 2]) expect(existsSync(join(blobs, `report-${s}.zip`)), `shard ${s}'s own blob report: ${shards[s - 1]!.tail}`).toBe(true);

  const merged = join(work, 'merged');
  const merge = await run('node', ['--import', 'tsx', 'scripts/merge-shards.ts', blobs], { FLEET_REPORTS_DIR: merged });
  expect(merge.output, 'every reporter of playwright.config.ts works on a merge').not.toMatch(/Error in reporter|TypeError/);
  expect(merge.code, 'the merged run fails as the unsharded one did').toBe(whole.code);
  expect(existsSync(join(merged, 'allure', 'index.html')), 'the Allure report of the merged run').toBe(true);
  const coverage = JSON.parse(readFileSync(join(merged, 'coverage.json'), 'utf8')) as CoverageReport;

  expect(whole.coverage!.tests.failed, 'the fault fails a test').toBeGreaterThan(0);
  expect(coverage.tests).toEqual(whole.coverage!.tests);
  expect(coverage.records.map((r) => r.key).sort()).toEqual(whole.coverage!.records.map((r) => r.key).sort());
  expect(verdicts(coverage)).toEqual(verdicts(whole.coverage!));
  expect(verdicts(coverage)['CARD-ORDER-202']).toBe('failed');
  expect(findings(coverage)).toEqual(findings(whole.coverage!));

  const junit = readFileSync(join(merged, 'junit.xml'), 'utf8');
  expect(junit).toMatch(/<testcase name="[^"]*\[CARD-ORDER-202[^"]*"[^>]*>\s*<properties>\s*<property name="rule" value="CARD-ORDER-202">/);
  expect(junit, 'the failure, named by its rule').toMatch(/<(failure|error) message="\[CARD-ORDER-202\]/);
});

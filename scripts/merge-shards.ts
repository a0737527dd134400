/**
 * npm run conformance:merge [-- <blob dir>]: the reports of a sharded run, from each shard's blob
 * report (`npm run conformance -- --shard=i/n --reporter=blob`): `playwright merge-reports` with
 * the reporters of playwright.config.ts (HTML, JUnit, Allure results, and the conformance
 * reporter's coverage and drift, read from the tests' attachments), then the Allure report.
 * Exits non-zero when the merged run has a failure or a finding, as `npm run conformance` would.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { ConfigError, loadConfig } from '../lib/config.js';
import type { CoverageReport } from '../lib/report/coverage.js';
import { allureReport } from './allure-report.js';

function main(): number {
  const blobs = process.argv[2] ?? 'blob-report';
  if (!existsSync(blobs) || !readdirSync(blobs).some((f) => f.endsWith('.zip'))) {
    throw new ConfigError(`${blobs}: no blob reports (.zip) to merge; run each shard with --reporter=blob and PLAYWRIGHT_BLOB_OUTPUT_FILE=${blobs}/report-<i>.zip`);
  }
  const reports = loadConfig().reportsDir;
  for (const dir of ['allure-results', 'allure', 'playwright']) rmSync(`${reports}/${dir}`, { recursive: true, force: true });
  const merge = spawnSync('npx', ['playwright', 'merge-reports', '-c', 'playwright.config.ts', blobs], { stdio: 'inherit' });
  allureReport(reports);
  console.log(`reports: ${reports}/playwright/index.html · ${reports}/allure/index.html · ${reports}/coverage.html · ${reports}/drift.html · ${reports}/junit.xml`);
  if (merge.status !== 0) return merge.status ?? 1;
  // merge-reports fails only on a reporter's error: the merged run's verdict is the coverage's.
  const { tests, findings } = JSON.parse(readFileSync(`${reports}/coverage.json`, 'utf8')) as CoverageReport;
  return tests.failed + tests['assumption-failed'] + (tests['suite-error'] ?? 0) + findings.length ? 1 : 0;
}

try {
  process.exit(main());
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(`fleet-conformance: ${e.message}`);
    process.exit(2);
  }
  throw e;
}

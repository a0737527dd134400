/**
 * npm run conformance:merge [-- <blob dir>] [--shards <n>]: the reports of a sharded run, from each
 * shard's blob report (`npm run conformance -- --shard=i/n --reporter=blob`): `playwright
 * merge-reports` with the reporters of playwright.config.ts (HTML, JUnit, Allure results, and the
 * conformance reporter's coverage and drift, read from the tests' attachments), then the Allure
 * report. With --shards n, each of the n shards must have run: one that did not (no trace,
 * refused, crashed, cancelled, killed or timed out: lib/shards.ts) is named with why, and its tests
 * are shown as not run in the coverage.
 * Exits non-zero when the merged run has a failure or a finding, or a shard did not run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../lib/config.js';
import { listTests } from '../lib/listed-tests.js';
import { playwrightCommand, playwrightConfig } from '../lib/package-files.js';
import { addEventsAfterTests } from '../lib/report/after-tests.js';
import type { CoverageReport } from '../lib/report/coverage.js';
import { runExit } from '../lib/report/run-verdict.js';
import { completeReports } from '../lib/report/shards-not-run.js';
import { eventsAfterTests, notRunReason, shardsNotRun } from '../lib/shards.js';
import { allureReport } from './allure-report.js';

const USAGE = 'usage: npm run conformance:merge -- [<blob dir>] [--shards <n>]';

function options(argv: string[]): { blobs: string; shards?: number } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { shards: { type: 'string' } } });
  } catch (e) {
    throw new ConfigError(`${(e as Error).message.split('\n')[0]} (${USAGE})`);
  }
  const shards = parsed.values.shards;
  if (shards !== undefined && !/^[1-9]\d*$/.test(shards))
    throw new ConfigError(`--shards ${shards}: expected how many shards the run has (${USAGE})`);
  return { blobs: parsed.positionals[0] ?? 'blob-report', ...(shards ? { shards: Number(shards) } : {}) };
}

function main(): number {
  const { blobs, shards } = options(process.argv.slice(2));
  const notRun = shards ? shardsNotRun(blobs, shards) : [];
  for (const s of notRun) console.error(`fleet-conformance: ${notRunReason(s)}`);
  const hasBlobs = existsSync(blobs) && readdirSync(blobs).some((f) => f.endsWith('.zip'));
  if (!hasBlobs && !notRun.length) {
    throw new ConfigError(
      `${blobs}: no blob reports (.zip) to merge; run each shard with --reporter=blob and PLAYWRIGHT_BLOB_OUTPUT_FILE=${blobs}/report-<i>.zip`
    );
  }
  const config = loadConfig();
  const reports = config.reportsDir;
  for (const dir of ['allure-results', 'allure', 'playwright'])
    rmSync(`${reports}/${dir}`, { recursive: true, force: true });
  const [node, ...cli] = playwrightCommand();
  const merge = hasBlobs
    ? spawnSync(node!, [...cli, 'merge-reports', '-c', playwrightConfig(), blobs], { stdio: 'inherit' })
    : undefined;
  if (notRun.length) completeReports(reports, config, notRun, (shard) => listTests([shard]));
  addEventsAfterTests(reports, eventsAfterTests(blobs));
  allureReport(reports);
  console.log(
    `reports: ${reports}/playwright/index.html · ${reports}/allure/index.html · ${reports}/coverage.html · ${reports}/document.html · ${reports}/drift.html · ${reports}/junit.xml`
  );
  if (merge && merge.status !== 0) return merge.status ?? 1;
  // merge-reports fails only on a reporter's error: the merged run's verdict is the coverage's.
  const { tests, findings } = JSON.parse(readFileSync(`${reports}/coverage.json`, 'utf8')) as CoverageReport;
  const verdict = runExit(
    notRun.length || tests.failed + tests['assumption-failed'] + (tests['suite-error'] ?? 0) + findings.length ? 1 : 0,
    reports
  );
  if (verdict.line) console.log(verdict.line);
  return verdict.code;
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

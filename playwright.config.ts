import { resolve } from 'node:path';
import { defineConfig, type Project, type ReporterDescription } from '@playwright/test';
import { banner, type Config, ConfigError, loadConfig, newRunId } from './lib/config.js';
import { testTimeoutMs } from './lib/target-speed.js';
import { contextOptions } from './lib/transport/clients.js';
import { trustToStartWith } from './lib/transport/trust.js';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`fleet-conformance: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
}

// Every worker must mark what it creates with the same run id: fix it once, in the main process.
process.env.FLEET_RUN_ID ??= newRunId();
const config = configOrExit();
// Workers are child processes: started with NODE_EXTRA_CA_CERTS, their request contexts trust FLEET_CA_FILE.
const trust = trustToStartWith(config.transport, process.env.NODE_EXTRA_CA_CERTS);
if (trust) process.env.NODE_EXTRA_CA_CERTS = trust;
const isWorker = process.env.TEST_WORKER_INDEX !== undefined;
// npm run conformance showed it already, before its own lines.
if (!isWorker && !process.env.FLEET_BANNER_SHOWN) console.log(banner(config));

// Where the command runs, not beside this file: Playwright resolves its own reporters' paths from the config's folder (the package's, once installed).
const reports = resolve(config.reportsDir);

const reporters: ReporterDescription[] = [
  // A line per test and Playwright's own account of each failure only when asked (FLEET_VERBOSE): the summary says each failure once.
  config.verbose ? [process.env.CI ? 'dot' : 'list'] : ['./lib/report/progress-reporter.ts'],
  ['html', { outputFolder: `${reports}/playwright`, open: 'never' }],
  // For any CI's test tab; the `rule` annotations of the ruleIds fixture become <property> elements.
  ['junit', { outputFile: `${reports}/junit.xml` }],
  ['./lib/report/allure-reporter.ts', { resultsDir: `${reports}/allure-results`, detail: false, suiteTitle: true }],
  // Every answer is also a latency sample: the series at no extra load (lib/latency/passive.ts).
  // Before the conformance reporter, whose summary ends with what broke.
  ['./lib/report/latency-reporter.ts', { outputDir: config.reportsDir }],
  ['./lib/report/conformance-reporter.ts', { outputDir: config.reportsDir }],
];

// Run after all the others, failed or not: nothing this run created is left open; the run's findings.
const RUN_CHECKS = '**/run/*.spec.ts';

const projects: Project[] = config.selftestPlan
  ? // npm run selftest:faults: one project per faulty sandbox, each running the tests of its fault's rule.
    config.selftestPlan.map((t) => ({
      name: `fault ${t.fault}`,
      testIgnore: RUN_CHECKS,
      use: { baseURL: t.baseUrl },
      ...(t.grep ? { grep: new RegExp(t.grep) } : {}),
    }))
  : [
      {
        name: 'conformance',
        testIgnore: RUN_CHECKS,
        teardown: 'after the run',
        ...(config.grep ? { grep: new RegExp(config.grep) } : {}),
      },
      { name: 'after the run', testMatch: RUN_CHECKS },
    ];

export default defineConfig({
  testDir: 'specs',
  testMatch: '**/*.spec.ts',
  outputDir: `${reports}/test-results`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A verdict is never retried away (lib/ledger.ts keeps it): only an attempt that judged nothing
  // (incomplete: the network, a gateway, the test's time; or the server unavailable) runs once more.
  retries: 1,
  workers: config.workers,
  // Follows the target's measured round trip (lib/target-speed.ts): a slower environment, a longer limit.
  timeout: testTimeoutMs(config.targetRoundTripMs),
  expect: { timeout: 5_000 },
  reporter: reporters,
  projects,
  // The production guard: specs that write are tagged @write and never even start there.
  ...(config.target === 'production' ? { grepInvert: /@write/ } : {}),
  use: {
    baseURL: config.baseUrl,
    // The `request` fixture's proxy, client certificate and TLS opt-out (lib/transport/clients.ts).
    ...contextOptions(config.transport, config.baseUrl),
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
  // The embedded sandbox: hosted by global setup on a free port, so runs never collide (lib/embedded-sandbox.ts).
  ...(config.sandbox && !config.selftestPlan ? { globalSetup: './lib/embedded-sandbox.ts' } : {}),
});

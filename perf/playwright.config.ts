import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { loadConfig } from '../lib/config.js';

/** npm run perf:report — the latency gates as Playwright tests, so the perf report lands in the HTML and Allure reports. */
// Relative to where npm runs, as everywhere else (Playwright resolves relative paths from perf/).
const reports = resolve(loadConfig().reportsDir);

export default defineConfig({
  testDir: '.',
  testMatch: 'latency.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 15 * 60_000,
  outputDir: `${reports}/perf/test-results`,
  reporter: [
    ['list'],
    ['html', { outputFolder: `${reports}/perf/playwright`, open: 'never' }],
    ['allure-playwright', { resultsDir: `${reports}/perf/allure-results`, detail: false }],
  ],
});

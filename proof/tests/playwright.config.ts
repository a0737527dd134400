import { defineConfig } from '@playwright/test';

/**
 * The two longest tests (the chaos nights, ~15 min, and the field path, ~12 min) start first, one
 * per worker, and the rest shares the workers beside them: Playwright hands out tests in project
 * order, and behind the rest (files in alphabetical order) the nights alone ran long past it.
 */
const LONG = ['**/selftest/nights.test.ts', '**/selftest/remote-path.test.ts'];

/** The project's own tests: unit, schema, sandbox and self-tests (not the conformance suite). */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.test.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  timeout: 60_000,
  reporter: [['list']],
  outputDir: '../../reports/test-results/self',
  projects: [
    { name: 'long', testMatch: LONG },
    { name: 'self', testIgnore: LONG },
  ],
});

import { defineConfig } from '@playwright/test';

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
});

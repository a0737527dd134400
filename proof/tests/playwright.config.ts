import { defineConfig } from '@playwright/test';

/**
 * The two longest proofs (the chaos nights of the nightly workflow, ~22 min, and the field path from
 * a git clone, ~13 min) are a project of their own, `npm run test:long`: beside them the project's
 * other tests (`npm test`, project `self`) would not fit CI's 30 minutes.
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

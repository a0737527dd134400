/**
 * npm run footprint:profile: measures what each test leaves on a target — sub-customers, cards,
 * pool cards used up — by running the whole suite against a sandbox of its own at the remote
 * default of fast-check runs, and writes specs/footprint.json, from which `npm run conformance`
 * estimates a run's footprint against FLEET_WRITE_BUDGET before it writes anything.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FootprintProfile } from '../../lib/budget.js';
import { PROFILE_FILE } from '../../lib/footprint-profile.js';
import { listTests } from '../../lib/listed-tests.js';
import { oneLine } from '../../scripts/one-line.js';
import { runSuite } from '../selftest/suite-run.js';

/** The remote default of FLEET_FC_RUNS: the estimate scales fast-check tests from it. */
const FC_RUNS = 15;

async function main(): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'fleet-footprint-'));
  try {
    const run = await runSuite({ sandbox: {}, suite: { FLEET_FC_RUNS: String(FC_RUNS) }, reportsDir: work });
    if (run.code !== 0 || !run.coverage)
      throw new Error(`the suite did not pass against the sandbox: ${oneLine(run.tail)}`);
    // Every writing test, also one that left nothing behind: a test the profile lacks is estimated as the largest.
    const writing = new Set(
      listTests([])
        .filter((t) => t.tags.includes('@write'))
        .map((t) => t.key)
    );
    const tests: FootprintProfile['tests'] = {};
    for (const r of run.coverage.records
      .filter((x) => x.spent || writing.has(x.key))
      .sort((a, b) => a.key.localeCompare(b.key))) {
      tests[r.key] = {
        ...(r.spent ?? { customers: 0, cards: 0, poolCards: 0 }),
        ...(r.fastCheck ? { fastCheck: true as const } : {}),
      };
    }
    const profile: FootprintProfile = { fcRuns: FC_RUNS, tests };
    writeFileSync(PROFILE_FILE, `${JSON.stringify(profile, null, 2)}\n`);
    const sum = (k: 'customers' | 'cards' | 'poolCards') => Object.values(tests).reduce((n, t) => n + t[k], 0);
    console.log(
      `${Object.keys(tests).length} writing tests (${Object.values(tests).filter((t) => t.customers + t.cards + t.poolCards).length} leave something): ${sum('customers')} sub-customers, ${sum('cards')} cards, ${sum('poolCards')} pool cards used up → ${PROFILE_FILE}`
    );
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`footprint:profile: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  }
);

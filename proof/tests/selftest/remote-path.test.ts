/**
 * The path users take, not the lab bench: a fresh `git clone` of HEAD (nothing of the working tree),
 * `npm ci`, a sandbox in a process of its own standing in for the shared test environment (two
 * variants, the document's latencies at a tenth), and `npm run conformance` with FLEET_TARGET=test
 * and the README's variables only: the default write budget, workers and fast-check runs. One run,
 * then two at once: each passes with no finding, no suite error, nothing blocked or incomplete, a
 * share of the card pool of its own (the run alone all of it; at once, never a slice the other's
 * tests may use at the same time), and nothing left open on the server.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { CoverageReport } from '../../../lib/report/coverage.js';
import { sandboxDefaults } from '../../../sandbox/defaults.js';
import { repoRoot, run, startSandbox, stopAll, type Run } from './harness.js';

test.afterEach(stopAll);

const VARIANTS = 'formats-other,optional-fields-omitted';

interface Outcome {
  name: string;
  code: number;
  output: string;
  coverage: CoverageReport;
  /** What its tests could use of the card pool, from when: each change the run printed. */
  shares: { at: number; slices: number[] }[];
}

function outcomeOf(name: string, dir: string, done: Run): Outcome {
  let coverage: CoverageReport;
  try {
    coverage = JSON.parse(readFileSync(join(dir, 'coverage.json'), 'utf8')) as CoverageReport;
  } catch {
    throw new Error(`${name}: no coverage.json (exit ${done.code}):\n${done.output.slice(-3000)}`);
  }
  const shares = [...done.output.matchAll(/^card pool: (\S+) this run's tests may use slices (none|[\d,]+) of \d+$/gm)]
    .map((m) => ({ at: Date.parse(m[1]!), slices: m[2] === 'none' ? [] : m[2]!.split(',').map(Number) }));
  return { name, code: done.code, output: done.output, coverage, shares };
}

/** The times (ms) `o`'s tests may use `slice`, as [from, to) spans. */
function spans(o: Outcome, slice: number): [number, number][] {
  return o.shares.flatMap((s, i) => (s.slices.includes(slice) ? [[s.at, o.shares[i + 1]?.at ?? Number.POSITIVE_INFINITY] as [number, number]] : []));
}

function expectClean(o: Outcome): void {
  const tail = o.output.slice(-2500);
  expect(o.code, `${o.name} exit code\n${tail}`).toBe(0);
  expect(o.coverage.findings.map((f) => `${f.rule} ${f.operationId}: ${f.title}`), `${o.name}: findings`).toEqual([]);
  expect(o.coverage.records.filter((r) => r.outcome !== 'passed' && r.outcome !== 'not-run').map((r) => `${r.outcome} ${r.title}: ${r.reason ?? r.blockedBy?.reason}`), `${o.name}: failed, suite errors, blocked, incomplete`).toEqual([]);
  expect(o.coverage.rules.find((r) => r.id === 'SUITE-CLEANUP')!.status, `${o.name}: nothing its tests created left open`).toBe('passed');
  expect(o.output, `${o.name}: the default budget let it start`).toMatch(/write footprint of the run, estimated at \d+ fast-check runs: .*\(FLEET_WRITE_BUDGET customers=\d+,cards=\d+,poolCards=\d+\)/);
}

test('from a git clone of HEAD against a sandbox of its own, with the README\'s variables and every default: one run, then two at once, pass and leave nothing open', async () => {
  test.setTimeout(900_000);
  const clone = mkdtempSync(join(tmpdir(), 'fleet-remote-path-'));
  const cloned = await run('git', ['clone', '--quiet', repoRoot, clone], {});
  expect(cloned.code, cloned.output).toBe(0);
  const installed = await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {}, clone);
  expect(installed.code, installed.output).toBe(0);

  // The smallest card pool the project supports, as a shared test environment may have.
  const sandbox = await startSandbox({ SANDBOX_VARIANTS: VARIANTS, SANDBOX_LATENCY: 'doc,scale=0.1', SANDBOX_POOL_CARDS: String(sandboxDefaults.minPoolCards) }, clone);
  // The README's example .env, pointed at the stand-in.
  const readme = {
    FLEET_TARGET: 'test',
    FLEET_BASE_URL: sandbox.baseUrl,
    FLEET_CLIENT_ID: sandboxDefaults.clientId,
    FLEET_CLIENT_SECRET: sandboxDefaults.clientSecret,
    FLEET_SESSION_IDS: sandboxDefaults.sessionIds.slice(0, 2).join(','),
    FLEET_CARD_POOL_CUSTOMER: sandboxDefaults.poolCustomer,
    FLEET_FOREIGN_CUSTOMER: sandboxDefaults.foreignCustomer,
  };
  const conformance = async (name: string) => {
    const dir = join(clone, `reports-${name}`);
    return outcomeOf(name, dir, await run('npm', ['run', 'conformance'], { ...readme, FLEET_REPORTS_DIR: dir }, clone));
  };

  const alone = await conformance('alone');
  expectClean(alone);
  expect(alone.shares[0]?.slices, 'a run alone uses the whole card pool').toEqual([1, 2, 3, 4, 5, 6]);
  const [first, second] = await Promise.all([conformance('first'), conformance('second')]);
  expectClean(first);
  expectClean(second);
  expect([first, second].map((o) => o.shares.some((s) => s.slices.length > 0)), 'runs at once each get a share of the card pool').toEqual([true, true]);
  for (let slice = 1; slice <= 6; slice++) {
    const overlaps = spans(first, slice).filter(([a, b]) => spans(second, slice).some(([c, d]) => a < d && c < b));
    expect(overlaps, `slice ${slice}: never in use by both runs at once`).toEqual([]);
  }

  const left = await run('npm', ['run', '-s', 'cleanup', '--', '--dry-run'], readme, clone);
  expect(left.code, left.output).toBe(0);
  expect(left.output, 'nothing any run made is left open').toMatch(/cleanup \(dry run\): \d+ customers marked fcr, 0 would be closed/);
  test.info().annotations.push({ type: 'runs', description: [alone, first, second].map((o) => `${o.name}: ${o.coverage.tests.passed} passed, ${o.coverage.footprint.writes.customersCreated} sub-customers created, shares ${o.shares.map((x) => x.slices.join(',') || 'none').join(' → ')}`).join('; ') });
});

/**
 * The end of a run in the terminal (lib/report/summary-text.ts, not-run.ts, last-line.ts): only
 * the counts that are not zero, what was not run grouped by the setting that would run it (loudly
 * past a tenth), what broke last, and a last line with the verdict and the exit code.
 */
import { expect, test } from '@playwright/test';
import { NOT_THE_TOP_LEVEL } from '../../../lib/authz/matrix.js';
import { emptyFootprint } from '../../../lib/footprint.js';
import type { LedgerEntry } from '../../../lib/ledger.js';
import type { AuthzMatrix } from '../../../lib/report/authz-matrix.js';
import { buildCoverage, LATENCY_NOT_RUN, NOT_SELECTED } from '../../../lib/report/coverage.js';
import { lastLine } from '../../../lib/report/last-line.js';
import { groupOf, notRunLines, notRunOf } from '../../../lib/report/not-run.js';
import { summaryLines } from '../../../lib/report/summary-text.js';
import type { TestRecord } from '../../../lib/report/test-record.js';
import { ruleList } from '../../../lib/rules/catalogue.js';

const NO_SESSIONS = 'no session ids configured (FLEET_SESSION_IDS)';
const NO_SECOND = 'no second client configured (FLEET_FOREIGN_CLIENT_ID / FLEET_FOREIGN_CLIENT_SECRET)';

/** A record per rule of the catalogue but the latency rules (judged by npm run perf): passed, unless `outcome` says otherwise. */
function records(
  outcome: (id: string, i: number) => Pick<TestRecord, 'outcome' | 'reason' | 'failedRules'> = () => ({
    outcome: 'passed',
  })
): TestRecord[] {
  return ruleList
    .filter((r) => r.family !== 'latency')
    .map((r, i) => ({
      key: `conformance › x.spec.ts › t${i}`,
      title: `t${i} [${r.id}]`,
      file: 'specs/x.spec.ts',
      ruleIds: [r.id],
      ...outcome(r.id, i),
    }));
}

const judgeable = ruleList.filter((r) => r.family !== 'latency').length;
const latency = ruleList.length - judgeable;

test('a reason becomes what would run it: the setting it names, npm run perf, the selection, or its first clause', () => {
  expect(groupOf(NO_SESSIONS)).toBe('FLEET_SESSION_IDS not set');
  expect(groupOf(NO_SECOND)).toBe('FLEET_FOREIGN_CLIENT_ID / FLEET_FOREIGN_CLIENT_SECRET not set');
  expect(groupOf(LATENCY_NOT_RUN)).toBe('latency: npm run perf');
  expect(groupOf(NOT_SELECTED)).toBe('not selected');
  expect(groupOf('the target lists no customer: no page shows what a limit keeps out')).toBe(
    'the target lists no customer'
  );
  expect(
    groupOf(
      'not tried: the suite writes only cards of the card pool (FLEET_CARD_POOL_CUSTOMER, not set), and none of its customers is at this depth'
    )
  ).toBe('FLEET_CARD_POOL_CUSTOMER not set');
  expect(groupOf("not tried: the caller's own card could not be blocked first")).toBe(
    "the caller's own card could not be blocked first"
  );
});

test('a clean run: counts without zeros, the latency rules not run said in one line, no warning, and PASS last', () => {
  const coverage = buildCoverage('sandbox', records(), [], emptyFootprint());
  const lines = summaryLines(coverage, { entries: [], throttled: 0 }, ['reports/coverage.html']);
  expect(lines).toContain(`rules: ${ruleList.length} — ${judgeable} passed, ${latency} not run`);
  expect(lines).toContain(`tests: ${judgeable} — ${judgeable} passed`);
  expect(lines).toContain(`${latency} rules not run: latency: npm run perf (${latency})`);
  expect(lines.join('\n')).not.toMatch(/\b0 (failed|blocked|suite errors)|WARNING|environment:|→ /);
  expect(lastLine(0, coverage, 'reports')).toBe(
    `PASS: ${judgeable} rules passed, ${latency} not run (latency: npm run perf); reports/coverage.html (exit 0)`
  );
});

test("verbose: every count, zeros too, and the reports' paths, as before", () => {
  const coverage = buildCoverage('sandbox', records(), [], emptyFootprint());
  const lines = summaryLines(coverage, { entries: [], throttled: 0 }, ['reports/coverage.html'], { verbose: true });
  expect(lines).toContain(
    `tests: ${judgeable} — ${judgeable} passed, 0 failed, 0 suite errors, 0 blocked, 0 unavailable, 0 incomplete, 0 not run`
  );
  expect(lines).toContain('→ reports/coverage.html');
  expect(lines.some((l) => l.startsWith('environment: the network 0 resets'))).toBe(true);
});

test('rules not run for want of settings: one line grouped by the setting, and a loud line past a tenth', () => {
  const coverage = buildCoverage(
    'test',
    records((_, i) =>
      i < 8
        ? { outcome: 'not-run', reason: NO_SESSIONS }
        : i < 29
          ? { outcome: 'not-run', reason: NO_SECOND }
          : { outcome: 'passed' }
    ),
    [],
    emptyFootprint()
  );
  const lines = notRunLines(notRunOf(coverage));
  expect(lines[0]).toBe(
    `${29 + latency} rules not run: FLEET_FOREIGN_CLIENT_ID / FLEET_FOREIGN_CLIENT_SECRET not set (21), latency: npm run perf (${latency}), FLEET_SESSION_IDS not set (8)`
  );
  expect(lines.at(-1)).toMatch(new RegExp(`^WARNING: more than a tenth not run: 29 of ${judgeable} rules \\(\\d+%\\)`));
  expect(lastLine(0, coverage, 'reports')).toMatch(
    /^PASS: \d+ rules passed, \d+ not run \(FLEET_FOREIGN_CLIENT_ID \/ FLEET_FOREIGN_CLIENT_SECRET not set: 21, latency: npm run perf: \d+, FLEET_SESSION_IDS not set: 8\); reports\/coverage.html \(exit 0\)$/
  );
  // A tenth or less: said, not loudly.
  const few = buildCoverage(
    'test',
    records((_, i) => (i < 5 ? { outcome: 'not-run', reason: NO_SESSIONS } : { outcome: 'passed' })),
    [],
    emptyFootprint()
  );
  expect(notRunLines(notRunOf(few)).some((l) => l.startsWith('WARNING'))).toBe(false);
});

test('a filtered run calls what it left out "not selected", never "uncovered", and no warning', () => {
  const selected = records().slice(0, 2);
  expect(buildCoverage('sandbox', selected, [], emptyFootprint()).totals.uncovered, 'under another configuration').toBe(
    judgeable - 2
  );
  const coverage = buildCoverage('sandbox', selected, [], emptyFootprint(), undefined, [], NOT_SELECTED);
  expect(coverage.totals.uncovered).toBe(0);
  const lines = notRunLines(notRunOf(coverage));
  expect(lines).toContain(`${judgeable - 2} rules not selected (this run's -g, --rule, files or project)`);
  const summary = summaryLines(coverage, { entries: [], throttled: 0 }, []);
  expect(summary).toContain(`rules: ${ruleList.length} — 2 passed, ${latency} not run, ${judgeable - 2} not selected`);
  expect(summary).toContain('tests: 2 — 2 passed');
  expect(lines.join('\n')).not.toContain('WARNING');
  expect(lastLine(0, coverage, 'reports')).toBe(
    `PASS: 2 rules passed, ${latency} not run (latency: npm run perf), ${judgeable - 2} not selected; reports/coverage.html (exit 0)`
  );
});

test('a failed run ends with what broke and its replay, and its last line names the rules broken and the findings', () => {
  const [first, second] = ruleList.filter((r) => r.family !== 'latency');
  const failed = (id: string) =>
    id === first!.id
      ? { outcome: 'failed' as const, reason: `[${id}] status 500`, failedRules: [id] }
      : { outcome: 'passed' as const };
  const finding: LedgerEntry = {
    rule: second!.id,
    operationId: 'getCard',
    check: 'assertion',
    title: 'status of card 1 after its block',
    count: 2,
    seenIn: 'x',
    evidence: {
      operationId: 'getCard',
      baseUrl: 'http://127.0.0.1:4010',
      request: { method: 'GET', path: '/cards/1', headers: {}, auth: 'token' },
      response: { status: 200, body: '{}' },
      startedAt: new Date(0).toISOString(),
    },
  };
  const coverage = buildCoverage('sandbox', records(failed), [finding], emptyFootprint());
  const lines = summaryLines(coverage, { entries: [], throttled: 0 }, []);
  const broke = lines.indexOf('what broke (2 rules):');
  expect(broke, 'what broke comes after every count').toBeGreaterThan(lines.findIndex((l) => l.startsWith('rules: ')));
  expect(lines.at(-1)).toMatch(/^replays: npm run sandbox/);
  expect(lines.slice(broke)).toContain('      GET /cards/1 → 200');
  expect(lastLine(1, coverage, 'reports')).toBe(
    `FAIL: 2 rules broken (${first!.id}, ${second!.id}), 1 finding; reports/coverage.html (exit 1)`
  );
});

test('a rule whose only test failed on another rule is not run because of that failure, not of its message', () => {
  const [first, second] = ruleList.filter((r) => r.family !== 'latency');
  const both: TestRecord = {
    key: 'conformance › y.spec.ts › both',
    title: `both [${first!.id}, ${second!.id}]`,
    file: 'specs/y.spec.ts',
    ruleIds: [first!.id, second!.id],
    outcome: 'failed',
    reason: `Error: [${first!.id}] status 500`,
    failedRules: [first!.id],
  };
  const coverage = buildCoverage(
    'sandbox',
    [...records().filter((r) => !r.ruleIds.includes(second!.id)), both],
    [],
    emptyFootprint()
  );
  expect(notRunLines(notRunOf(coverage))[0]).toBe(
    `${latency + 1} rules not run: latency: npm run perf (${latency}), its test broke ${first!.id} first (1)`
  );
});

test('without a coverage report the last line says there is no verdict of rules, with the exit code', () => {
  expect(lastLine(1, undefined, 'reports')).toBe(
    'FAIL: no verdict of rules: the run ended before its coverage report; the lines above say why (exit 1)'
  );
});

test("the authorization matrix: its cells not run grouped the same way, the top-level account's (by intent) left out, loudly past a tenth", () => {
  const cell = (verdict: string, note = '') => ({ verdict, note });
  const cells = {
    a: cell('not-run', NO_SECOND),
    b: cell('not-run', NO_SECOND),
    c: cell('passed'),
    d: cell('not-run', NOT_THE_TOP_LEVEL),
    e: cell('n/a', 'no such request'),
  };
  const matrix = { tables: [{ rows: [{ cells }] }] } as unknown as AuthzMatrix;
  const lines = notRunLines(notRunOf(buildCoverage('test', records(), [], emptyFootprint()), matrix));
  expect(lines).toContain(
    'authorization matrix: 2 of its 3 cells not run: FLEET_FOREIGN_CLIENT_ID / FLEET_FOREIGN_CLIENT_SECRET not set (2)'
  );
  expect(lines.at(-1)).toMatch(/^WARNING: more than a tenth not run: 2 of 3 authorization matrix cells \(67%\)/);
});

/**
 * The verdict on a CI job's page (lib/report/job-summary.ts, scripts/job-summary.ts): the verdict
 * and its exit code, the counts, each regression and broken rule with its reason and its replay,
 * what issue 25 adds when it is there (rules and operations unavailable, rules unjudged too long),
 * the environment's night, links; and, as the redaction tests prove it of the reports, no secret:
 * secret values planted where a run could carry them are scrubbed, and no token shape survives.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { environmentReport } from '../../../lib/environment.js';
import type { GateResult } from '../../../lib/gate/compare.js';
import type { Evidence } from '../../../lib/ledger.js';
import { jobSummary, type SummaryInput } from '../../../lib/report/job-summary.js';
import { REDACTED, SecretRegistry } from '../../../lib/report/redact.js';
import { LEAK_PATTERNS } from '../../../lib/report/secret-scan.js';
import { verdictOf } from '../../../lib/report/verdict.js';
import { sandboxDefaults } from '../../../sandbox/defaults.js';
import { run } from '../selftest/harness.js';

const SECRET = 'client-secret-4f9a8c';
const PIN = '739146025813';
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJxYSJ9.c2lnbmF0dXJlLXZhbHVl';

const evidence = (path: string, body: string): Evidence => ({
  operationId: 'getCard',
  baseUrl: 'https://fleet-test.example.com',
  startedAt: '2026-11-27T01:30:00.000Z',
  pointer: '/status',
  request: {
    method: 'GET',
    path,
    headers: { accept: 'application/json', authorization: `Bearer ${TOKEN}` },
    auth: 'token',
  },
  response: { status: 200, contentType: 'application/json', body },
});

const rule = (id: string, status: string, extra: object = {}) => ({
  id,
  family: 'cards',
  section: '4.2',
  words: `the words of ${id}`,
  origin: 'statement',
  status,
  tests: [],
  findings: [],
  blocks: 0,
  ...extra,
});

const totals = {
  rules: 5,
  failed: 1,
  'assumption-failed': 0,
  'suite-error': 0,
  blocked: 1,
  incomplete: 1,
  passed: 1,
  'not-run': 0,
  uncovered: 0,
};

function coverage(): NonNullable<SummaryInput['coverage']> {
  return {
    target: 'test https://fleet-test.example.com',
    generatedAt: '2026-11-27T01:40:00.000Z',
    totals,
    tests: {
      total: 9,
      passed: 5,
      failed: 1,
      'assumption-failed': 0,
      'suite-error': 0,
      blocked: 1,
      incomplete: 1,
      'not-run': 1,
    },
    findings: [],
    rules: [
      rule('CARD-SHAPE', 'failed', {
        evidence: evidence('/cards/710001', `{"status":"Active","cardPIN":"${PIN}"}`),
        message: `[CARD-SHAPE] /status must be object; client_secret=${SECRET}`,
      }),
      rule('CARD-BLOCK-200', 'blocked'),
      rule('CUST-LIST', 'incomplete'),
      rule('CARD-GET', 'passed'),
      rule('LOC-SEARCH', 'unavailable'),
    ],
    records: [
      {
        key: 'conformance › cards/cards-block.spec.ts › block › blocks a card',
        title: 'blocks a card',
        file: 'specs/cards/cards-block.spec.ts',
        ruleIds: ['CARD-BLOCK-200'],
        outcome: 'failed',
        evidence: evidence('/cards/710002/block', '{}'),
      },
    ],
    unavailable: [
      {
        operationId: 'searchLocations',
        method: 'GET',
        path: '/locations',
        status: 503,
        requests: 7,
        reason: 'answered 503 with Retry-After: 1 to every request',
      },
    ],
    environment: environmentReport([], 1),
  } as unknown as NonNullable<SummaryInput['coverage']>;
}

const gate: GateResult = {
  verdict: 'FAIL',
  passed: false,
  judged: { baseline: 4, current: 4, share: 1, min: 0.8 },
  suiteErrors: [],
  incomplete: [],
  unjudged: [],
  unjudgedNights: {},
  rows: [],
  regressions: [
    {
      kind: 'new failure',
      subject: 'CARD-SHAPE',
      change: 'passed → failed',
      detail: ['[CARD-SHAPE] /status must be object'],
    },
    {
      kind: 'new failure',
      subject: 'conformance › cards/cards-block.spec.ts › block › blocks a card',
      change: 'passed → failed',
      detail: ['for CARD-BLOCK-200'],
    },
    { kind: 'newly blocked', subject: '2 tests by CARD-SHAPE', change: '→ blocked', detail: ['…'] },
  ],
};
gate.unjudged = [
  {
    kind: 'unjudged too long',
    subject: 'CUST-LIST',
    change: 'not judged 2 nights in a row',
    detail: ["night 1: a gateway's answer", "night 2: a gateway's answer"],
  },
];
gate.rows = [...gate.regressions, ...gate.unjudged];

function secrets(): SecretRegistry {
  const registry = new SecretRegistry();
  for (const s of [SECRET, PIN, TOKEN]) registry.add(s);
  return registry;
}

test('a failed deployment: the verdict, its exit code, the counts, each regression and broken rule with its replay, what is unavailable and unjudged too long', () => {
  const registry = secrets();
  const text = jobSummary({
    title: 'deployment check',
    verdict: verdictOf(coverage(), gate, 1, 'gate'),
    coverage: coverage(),
    gate,
    context: ['service version 4.2.1', 'reason: release train 48'],
    links: [['coverage', 'https://qa.example.com/deploy/9/coverage.html']],
    scrub: (t) => registry.scrub(t),
  });
  expect(text).toMatch(
    /^## ❌ fleet-conformance deployment check: FAIL \(exit 1\)\n\n3 regressions: new failure CARD-SHAPE; /
  );
  expect(text).toContain('| 1 | 1 | 1 | 0 | 1 | 1 | 9 |');
  expect(text).toContain('### Regressions (3)');
  // Each regression shows its replay: the rule's evidence, the test's own, the blocking rule's.
  expect(text.match(/curl -sS -X GET 'https:\/\/fleet-test\.example\.com\/cards\/710001'/g)).toHaveLength(3);
  expect(text).toContain("curl -sS -X GET 'https://fleet-test.example.com/cards/710002/block'");
  expect(text).toContain(
    '### Broken rules (1)\n\n- **CARD-SHAPE**: the words of CARD-SHAPE — [CARD-SHAPE] /status must be object'
  );
  expect(text).toContain('  `GET /cards/710001` → 200 at `/status`');
  expect(text).toContain('### Not judged (1)\n\n- **unjudged too long** `CUST-LIST`');
  expect(text).toContain(
    '### Unavailable (1)\n\n- `GET /locations` (searchLocations): answered 503 with Retry-After: 1 to every request'
  );
  expect(text).toContain("The environment's night — the network 0 resets, 0 timeouts");
  expect(text).toContain('Replays: export FLEET_TOKEN=$(npm run -s token) first.');
  expect(text).toContain('Reports: [coverage](https://qa.example.com/deploy/9/coverage.html)');
  expect(text).toContain('-H "Authorization: Bearer $FLEET_TOKEN"');
  // No secret: neither a planted value nor a token's shape.
  expect([SECRET, PIN, TOKEN].filter((s) => text.includes(s))).toEqual([]);
  expect(LEAK_PATTERNS.filter(([, p]) => p.test(text)).map(([what]) => what)).toEqual([]);
  expect(text).toContain(REDACTED);
});

test("the verdict from an exit code alone: a pull request's run, a first night, and what could not be judged", () => {
  expect(verdictOf(coverage(), undefined, 0, 'conformance')).toMatchObject({ word: 'PASS', passed: true });
  expect(verdictOf(coverage(), undefined, 4, 'conformance')).toMatchObject({ word: 'UNAVAILABLE', passed: false });
  expect(verdictOf(coverage(), undefined, 0, 'gate')).toMatchObject({
    word: 'BASELINE',
    line: expect.stringMatching(/^the first night: made the baseline/),
  });
  expect(verdictOf(coverage(), { ...gate, verdict: 'NOT JUDGED' }, 3, 'gate')).toMatchObject({ word: 'NOT JUDGED' });
  expect(verdictOf(coverage(), { ...gate, verdict: 'NOT JUDGED' }, 3, 'gate').passed).toBeUndefined();
  expect(verdictOf(undefined, undefined, 2, 'conformance')).toMatchObject({
    word: 'BAD INPUT',
    line: 'no coverage.json: the run wrote no report',
  });
});

test("scripts/job-summary.ts appends to $GITHUB_STEP_SUMMARY and links the run's artifact; the configured secrets are scrubbed; bad input is one line", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-job-summary-'));
  const reports = join(dir, 'reports');
  const planted = coverage();
  (planted.rules[0] as { message?: string }).message = `leaked ${sandboxDefaults.clientSecret} here`;
  mkdirSync(reports);
  writeFileSync(join(reports, 'coverage.json'), JSON.stringify(planted));
  writeFileSync(join(dir, 'summary.md'), '# before\n');
  const env = {
    GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'qa/fleet-conformance',
    GITHUB_RUN_ID: '42',
  };
  const done = await run(
    'node',
    [
      '--import',
      'tsx',
      'scripts/job-summary.ts',
      '--reports',
      reports,
      '--title',
      'pull request',
      '--exit',
      '1',
      '--artifact',
      'conformance-reports',
    ],
    env
  );
  expect(done).toMatchObject({ code: 0, output: '' });
  const text = readFileSync(join(dir, 'summary.md'), 'utf8');
  expect(text).toMatch(/^# before\n## ❌ fleet-conformance pull request: FAIL \(exit 1\)/);
  expect(text).toContain(
    '[the conformance-reports artifact](https://github.com/qa/fleet-conformance/actions/runs/42#artifacts)'
  );
  expect(text).not.toContain(sandboxDefaults.clientSecret);
  const bad = await run('node', ['--import', 'tsx', 'scripts/job-summary.ts', '--exit', 'one'], env);
  expect(bad).toMatchObject({
    code: 2,
    output:
      'job-summary: --exit one: expected an exit code (usage: job-summary [--reports <dir>] [--title <text>] [--exit <code>] [--of gate|conformance] [--context <line> ...] [--link <label>=<url> ...] [--artifact <name>])\n',
  });
});

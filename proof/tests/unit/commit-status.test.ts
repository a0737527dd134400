/**
 * scripts/commit-status.ts against a loopback stand-in of GitHub's status API
 * (proof/pipelines/status-api.ts): pending, then the verdict with its one-line reason and the run's
 * link, on the service's repository and commit; the token only in the Authorization header; nothing
 * set without a token, a repository or a commit; a refusal or an unreachable API is one line.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { GateResult } from '../../../lib/gate/compare.js';
import { type StatusApi, startStatusApi } from '../../pipelines/status-api.js';
import { run } from '../selftest/harness.js';

const TOKEN = 'ghp_statusTokenForTheServiceRepo0123';
const SHA = '3f1c2ab9d4e5f60718293a4b5c6d7e8f90a1b2c3';
let api: StatusApi;
test.beforeEach(async () => (api = await startStatusApi()));
test.afterEach(() => api.close());

const env = (more: Record<string, string> = {}) => ({
  STATUS_TOKEN: TOKEN,
  GITHUB_API_URL: api.url,
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'qa/fleet-conformance',
  GITHUB_RUN_ID: '4242',
  ...more,
});
const status = (args: string[], more?: Record<string, string>) =>
  run(
    'node',
    ['--import', 'tsx', 'scripts/commit-status.ts', '--repository', 'fleet/card-service', '--commit', SHA, ...args],
    env(more)
  );

function reports(gate: Partial<GateResult>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-status-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'coverage.json'),
    JSON.stringify({
      target: 'test',
      generatedAt: '',
      totals: { failed: 1, 'assumption-failed': 0, incomplete: 0, passed: 3, blocked: 0 },
      tests: { total: 4 },
      findings: [],
      rules: [],
    })
  );
  writeFileSync(
    join(dir, 'gate.json'),
    JSON.stringify({
      judged: { baseline: 4, current: 4, share: 1, min: 0.8 },
      rows: [],
      suiteErrors: [],
      incomplete: [],
      ...gate,
    })
  );
  return dir;
}

test("pending, then failure with the gate's reason and the run's link, on the service's repository and commit", async () => {
  expect(
    await status(['--state', 'pending', '--description', 'the conformance suite runs against the test environment'])
  ).toMatchObject({ code: 0 });
  const regression = { kind: 'new failure', subject: 'CARD-SHAPE', change: 'passed → failed', detail: ['…'] };
  const failed = await status([
    '--exit',
    '1',
    '--reports',
    reports({
      verdict: 'FAIL',
      passed: false,
      regressions: [regression] as GateResult['regressions'],
      rows: [regression] as GateResult['rows'],
    }),
  ]);
  expect(failed.output).toBe(
    `commit status: failure on fleet/card-service@${SHA.slice(0, 12)} (fleet-conformance / deployment check): FAIL: 1 regression: new failure CARD-SHAPE (0 known, 0 still failing, 0 fixed, 0 not judged, 0 new drift)\n`
  );
  expect(api.calls.map((c) => [c.repository, c.commit, c.body.state, c.body.target_url, c.body.context])).toEqual([
    [
      'fleet/card-service',
      SHA,
      'pending',
      'https://github.com/qa/fleet-conformance/actions/runs/4242',
      'fleet-conformance / deployment check',
    ],
    [
      'fleet/card-service',
      SHA,
      'failure',
      'https://github.com/qa/fleet-conformance/actions/runs/4242',
      'fleet-conformance / deployment check',
    ],
  ]);
  expect(api.calls[0]).toMatchObject({ authorization: `Bearer ${TOKEN}`, apiVersion: '2022-11-28' });
  expect(api.calls.every((c) => (c.body.description ?? '').length <= 140)).toBe(true);
  expect(failed.output).not.toContain(TOKEN);
});

test('success for a pass, error for a night not judged; nothing set without a token, a repository or a commit', async () => {
  await status(['--exit', '0', '--reports', reports({ verdict: 'PASS', passed: true, regressions: [] })]);
  await status([
    '--exit',
    '3',
    '--reports',
    reports({
      verdict: 'NOT JUDGED',
      passed: false,
      regressions: [],
      judged: { baseline: 10, current: 2, share: 0.2, min: 0.8 },
    }),
  ]);
  expect(api.calls.map((c) => c.body.state)).toEqual(['success', 'error']);
  expect(api.calls[1]!.body.description).toMatch(/^NOT JUDGED: the environment was unavailable/);
  const none = await run(
    'node',
    ['--import', 'tsx', 'scripts/commit-status.ts', '--state', 'pending', '--commit', SHA],
    env({ STATUS_TOKEN: '' })
  );
  expect(none).toEqual({ code: 0, output: 'commit status: not set (STATUS_TOKEN, --repository not given)\n' });
  expect(api.calls).toHaveLength(2);
});

test('a refusal, an unreachable API and bad input are one line each, without the token', async () => {
  const refused = await status(['--state', 'pending'], { GITHUB_API_URL: `${api.url}/elsewhere` });
  expect(refused).toEqual({
    code: 1,
    output: `commit status: 404 from ${api.url}/elsewhere/repos/fleet/card-service/statuses/${SHA}: Not Found\n`,
  });
  const unknown = await run(
    'node',
    [
      '--import',
      'tsx',
      'scripts/commit-status.ts',
      '--state',
      'pending',
      '--repository',
      'fleet/card-service',
      '--commit',
      SHA,
    ],
    env({ GITHUB_API_URL: 'http://127.0.0.1:9' })
  );
  expect(unknown).toMatchObject({
    code: 1,
    output: expect.stringMatching(
      /^commit status: http:\/\/127\.0\.0\.1:9\/repos\/fleet\/card-service\/statuses\/3f1c2ab\w+ could not be reached \(.*\)\n$/
    ),
  });
  const bad = await status(['--state', 'done']);
  expect(bad).toEqual({ code: 2, output: 'commit-status: --state done: expected pending, success, failure, error\n' });
  const badCommit = await run(
    'node',
    [
      '--import',
      'tsx',
      'scripts/commit-status.ts',
      '--state',
      'pending',
      '--repository',
      'fleet/card-service',
      '--commit',
      'main',
    ],
    env()
  );
  expect(badCommit).toEqual({
    code: 2,
    output: "commit-status: --commit main: expected a commit's SHA (7 to 40 hexadecimal digits)\n",
  });
  expect([refused, unknown, bad].some((r) => r.output.includes(TOKEN))).toBe(false);
});

/**
 * The committed footprint profile (specs/footprint.json) a run against a test environment reads
 * before it writes: present in the repository, and in step with the suite, so that no writing test
 * is estimated as the largest (a renamed or new test would be) and no test writes untagged (the
 * production guard skips only @write tests).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { estimate, overBudget, REMOTE_DEFAULT, shardShare } from '../../../lib/budget.js';
import { ConfigError, loadConfig } from '../../../lib/config.js';
import { PROFILE_FILE, readProfile } from '../../../lib/footprint-profile.js';
import { listTests } from '../../../lib/listed-tests.js';
import { repoRoot } from '../selftest/harness.js';

test("the footprint profile is tracked by git and names exactly the suite's @write tests [run with npm run footprint:profile]", () => {
  const tracked = execFileSync('git', ['ls-files', '--error-unmatch', PROFILE_FILE], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).trim();
  expect(tracked).toBe(PROFILE_FILE);
  const profile = readProfile(join(repoRoot, PROFILE_FILE));
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    FLEET_BASE_URL: 'http://127.0.0.1:9',
    FLEET_TARGET: 'test',
    FLEET_CLIENT_ID: 'c',
    FLEET_CLIENT_SECRET: 's',
    FLEET_RUN_ID: 'fcrprofile',
  };
  const writing = listTests([], env)
    .filter((t) => t.tags.includes('@write'))
    .map((t) => t.key)
    .sort();
  expect(writing.length).toBeGreaterThan(50);
  const profiled = Object.keys(profile.tests).sort();
  expect(
    writing.filter((k) => !profiled.includes(k)),
    '@write tests missing from the profile (npm run footprint:profile)'
  ).toEqual([]);
  expect(
    profiled.filter((k) => !writing.includes(k)),
    'profiled tests that are no @write test (renamed, removed, or writing untagged)'
  ).toEqual([]);
});

test("the default budget fits the default run on every kind of target: quick (60 fast-check runs), latency-bound (15), and each shard of the nightly's 4", () => {
  const profile = readProfile(join(repoRoot, PROFILE_FILE));
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    FLEET_BASE_URL: 'http://127.0.0.1:9',
    FLEET_TARGET: 'test',
    FLEET_CLIENT_ID: 'c',
    FLEET_CLIENT_SECRET: 's',
    FLEET_RUN_ID: 'fcrprofile',
  };
  const writes = (args: string[]) =>
    listTests(args, env).map((t) => ({ key: t.key, writes: t.tags.includes('@write') }));
  const budget = loadConfig(env).writeBudget;
  expect(budget).toEqual(REMOTE_DEFAULT);
  const all = writes([]);
  const shards = [1, 2, 3, 4].map((shard) => writes([`--shard=${shard}/4`]));
  for (const runs of [60, 15]) {
    const whole = estimate(profile, all, runs);
    expect(whole.unknown).toBe(0);
    expect(
      overBudget(budget, whole.total),
      `the whole run at ${runs} fast-check runs: ${JSON.stringify(whole.total)}`
    ).toBeUndefined();
    shards.forEach((tests, i) => {
      const own = estimate(profile, tests, runs).total;
      expect(
        overBudget(shardShare(budget, whole.total, own), own),
        `shard ${i + 1} of 4 at ${runs} runs`
      ).toBeUndefined();
    });
  }
});

test('a missing or malformed profile stops the run in one line naming the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-profile-'));
  expect(() => readProfile(join(dir, 'none.json'))).toThrow(ConfigError);
  expect(() => readProfile(join(dir, 'none.json'))).toThrow(
    /none\.json: missing \(it is committed with the suite; npm run footprint:profile measures it again\)$/
  );
  writeFileSync(join(dir, 'bad.json'), '{"fcRuns": 15, "tests"');
  expect(() => readProfile(join(dir, 'bad.json'))).toThrow(/bad\.json: not JSON/);
  writeFileSync(join(dir, 'shape.json'), '[]');
  expect(() => readProfile(join(dir, 'shape.json'))).toThrow(/shape\.json: expected \{fcRuns, tests\}/);
});

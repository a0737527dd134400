/**
 * The committed footprint profile (specs/footprint.json) a run against a test environment reads
 * before it writes: present in the repository, and naming no test that is not a @write test (a
 * renamed or removed test, or one that writes untagged: the production guard skips only @write
 * tests). A new writing test may be missing from it: the run counts it as the largest entry
 * (lib/budget.ts, `estimate`) and says how many it counted so; `npm run footprint:profile`
 * measures them all again.
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

test("the footprint profile is tracked by git and names only the suite's @write tests [run with npm run footprint:profile]", () => {
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
    profiled.filter((k) => !writing.includes(k)),
    'profiled tests that are no @write test (renamed, removed, or writing untagged)'
  ).toEqual([]);
});

test("the default budget fits the default run on every kind of target: quick (60 fast-check runs), latency-bound (15), and each shard of the nightly's 4, a writing test the profile lacks counted as the largest", () => {
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
  // One writing test more than the profile knows (a new rule's), counted as the largest: it still fits.
  const all = [...writes([]), { key: 'specs/new.spec.ts::a new rule [NEW-RULE] @write', writes: true }];
  const shards = [1, 2, 3, 4].map((shard) => writes([`--shard=${shard}/4`]));
  for (const runs of [60, 15]) {
    const whole = estimate(profile, all, runs);
    expect(whole.unknown).toBeGreaterThanOrEqual(1);
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

/**
 * Three nights of the regression gate against the sandbox, through `npm run gate` as the nightly
 * runs it: night 1 clean becomes the baseline; night 2 with one fault fails the gate, naming the
 * fault's rule; that failure accepted in known-failures.json with a future expiry passes the same
 * night and shows it as known; night 3 with the same fault and a second one fails on the second
 * only; the acceptance expired fails the gate again; the fault gone, the entry is reported as
 * fixed so it can go. A subset of the suite (card order and search) keeps each night short.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { GateResult } from '../../lib/gate/compare.js';
import type { KnownFailure } from '../../lib/gate/known-failures.js';
import { runSuite } from '../../lib/selftest/suite-run.js';
import { run, stopAll } from './harness.js';

test.afterEach(stopAll);

const GREP = ['-g', 'cards-order.spec|cards-search.spec'];
/** order-status-200 breaks CARD-ORDER-202; card-search-limit-0-accepted breaks CARD-SEARCH-LIMIT-MIN-1. */
const FIRST = 'order-status-200';
const SECOND = 'card-search-limit-0-accepted';

test('three nights: a new failure fails the gate, an accepted one passes until it expires, a second fault still fails', async () => {
  test.setTimeout(300_000);
  const work = mkdtempSync(join(tmpdir(), 'fleet-nights-'));
  const night = (n: number, faults: string) => runSuite({ sandbox: faults ? { SANDBOX_FAULTS: faults } : {}, reportsDir: join(work, `night-${n}`), args: GREP, workers: 1 });
  // Side by side, one worker each: on two cores that is quicker than one after the other.
  const nights = await Promise.all([night(1, ''), night(2, FIRST), night(3, `${FIRST},${SECOND}`)]);
  nights.forEach((n, i) => expect(n.coverage, `night ${i + 1}: ${n.tail}`).toBeDefined());

  const baseline = join(work, 'baseline');
  const known = (entries: Omit<KnownFailure, 'reason' | 'tracker'>[]) => {
    const file = join(work, `known-${entries.map((e) => e.expires).join('-') || 'none'}.json`);
    writeFileSync(file, JSON.stringify({ knownFailures: entries.map((e) => ({ ...e, reason: 'orders answer 200 since 4.2', tracker: 'https://tracker.example.com/browse/FLEET-7' })) }));
    return file;
  };
  const gate = async (n: number, knownFile: string, ...flags: string[]) => {
    const current = join(work, `night-${n}`);
    const { code, output } = await run('node', ['--import', 'tsx', 'scripts/gate.ts', '--baseline', baseline, '--current', current, '--known', knownFile, ...flags], {});
    const result = flags.includes('--init') ? undefined : (JSON.parse(readFileSync(join(current, 'gate.json'), 'utf8')) as GateResult);
    return { code, output, result, regressions: result?.regressions.map((r) => `${r.kind} ${r.subject}`) };
  };
  const none = known([]);
  const future = known([{ rule: 'CARD-ORDER-202', expires: '2999-12-31' }]);
  const expired = known([{ rule: 'CARD-ORDER-202', expires: '2001-01-01' }]);

  // Night 1, clean: no baseline yet (one line, exit 2), then the first baseline.
  const first = await run('node', ['--import', 'tsx', 'scripts/gate.ts', '--baseline', baseline, '--current', join(work, 'night-1'), '--known', none], {});
  expect(first.code).toBe(2);
  expect(first.output.trim()).toBe(`gate: baseline ${baseline}: no such folder (make the first baseline with --init)`);
  expect((await gate(1, none, '--init')).code).toBe(0);

  // Night 2, one fault: the gate fails and names the new rule, and only it.
  const second = await gate(2, none);
  expect(second.code, second.output).toBe(1);
  expect(second.regressions).toEqual(['new failure CARD-ORDER-202']);
  expect(second.output).toMatch(/^gate: FAIL — 1 regression: new failure CARD-ORDER-202 /m);

  // The failure accepted until a future date: the same night passes and shows it as known.
  const accepted = await gate(2, future);
  expect(accepted.code, accepted.output).toBe(0);
  expect(accepted.output).toMatch(/^~ known +CARD-ORDER-202 .*accepted until 2999-12-31: orders answer 200 since 4\.2 \(https:\/\/tracker\.example\.com\/browse\/FLEET-7\)$/m);
  expect(accepted.output).toMatch(/^gate: PASS — no regression against the baseline \(1 known,/m);

  // Night 3, the same fault and a second one: the gate fails on the second only.
  const third = await gate(3, future);
  expect(third.code, third.output).toBe(1);
  expect(third.regressions).toEqual(['new failure CARD-SEARCH-LIMIT-MIN-1']);
  expect(third.result!.rows.filter((r) => r.kind === 'known').map((r) => r.subject)).toEqual(['CARD-ORDER-202']);

  // The acceptance expired: the gate fails on it again.
  const lapsed = await gate(2, expired);
  expect(lapsed.code, lapsed.output).toBe(1);
  expect(lapsed.regressions).toEqual(['expired acceptance CARD-ORDER-202']);

  // The fault gone, the accepted failure passes again: fixed, its entry can go.
  const fixed = await gate(1, future);
  expect(fixed.code, fixed.output).toBe(0);
  expect(fixed.output).toMatch(/^· fixed +CARD-ORDER-202 .*passes again: remove its known-failures entry/m);

  // A passing night with --accept becomes the baseline.
  expect((await gate(2, future, '--accept')).code).toBe(0);
  const kept = JSON.parse(readFileSync(join(baseline, 'coverage.json'), 'utf8')) as { generatedAt: string };
  expect(kept.generatedAt).toBe(nights[1]!.coverage!.generatedAt);
});

test('the gate stops in one line, exit 2, on a missing report or a malformed known failure', async () => {
  const work = mkdtempSync(join(tmpdir(), 'fleet-gate-input-'));
  const missing = await run('node', ['--import', 'tsx', 'scripts/gate.ts', '--baseline', join(work, 'none'), '--current', work], {});
  expect(missing.code).toBe(2);
  expect(missing.output.trim()).toBe(`gate: current ${join(work, 'coverage.json')}: missing`);
  const file = join(work, 'known.json');
  writeFileSync(file, JSON.stringify({ knownFailures: [{ rule: 'CARD-ORDER-202', reason: 'r', tracker: 'https://t.example/1', expires: 'soon' }] }));
  const malformed = await run('node', ['--import', 'tsx', 'scripts/gate.ts', '--baseline', work, '--known', file], {});
  expect(malformed.code).toBe(2);
  expect(malformed.output.trim()).toBe(`gate: ${file}: entry 1 (rule CARD-ORDER-202): "expires" must be a date YYYY-MM-DD (got "soon")`);
});

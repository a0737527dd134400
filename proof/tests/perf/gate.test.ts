/**
 * The latency gate fails on exactly the operation shown to miss its target: every operation runs
 * against a fresh sandbox (child process) at 100 requests/s for 1 s (100 samples each, a probe of
 * the network's share beside each), one of them slowed by SANDBOX_LATENCY; the others are met or
 * not decided (100 samples cannot show a p99 met), never failed. The reports are attached to the
 * Playwright (and so Allure) report.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { latencyKeys } from '../../../lib/latency-targets.js';
import { repoRoot } from '../../../perf/child.js';
import { gateRun } from '../../perf/accuracy.js';

const cases = [
  // The p99 is not decided either way: on a machine busy with the nights beside it, a few of the
  // 1100 ms answers pass 1300 ms (11 of 100 once), too few to fail it among the 34 targets.
  {
    title:
      "a fixed delay (master-data=1100: p50 over its 950 target by more than a busy machine's jitter, p99 under its 1300)",
    latency: 'master-data=1100',
    op: 'master-data',
    why: /^FAIL: p50 ≤ 950 ms missed: 100 of 100 answers took longer than 950 ms beyond the network's share \([\d.]+ ms, the \d+th slowest of \d+ probes' round trips, taken off each; 100 as the client saw them\); .* the server-side p50 is above \d{3,4}(\.\d)? ms with 95% confidence; p99 ≤ 1300 ms not decided: \d+ of 100 /,
    fixedRate: 'fail',
  },
  // A tail heavy enough to show among the run's 34 targets at n = 100 beyond the network floor (the
  // slowest of ~110 probes: a network no slower than theirs may add an answer above T now and then,
  // so a p99 needs about 11 of 100 above 600 ms, where 6 did on client-observed times): 150/7000
  // leaves 17 of these 100 answers above 600 ms and 49 above 170 (the p50 not missed).
  {
    title: 'a slow tail only (get-card=150/7000: p50 under its 170 target, p99 over its 600)',
    latency: 'get-card=150/7000',
    op: 'get-card',
    why: /^FAIL: p99 ≤ 600 ms missed: \d+ of 100 answers took longer than 600 ms beyond the network's share \([\d.]+ ms, the slowest of \d+ probes' round trips, taken off each; \d+ as the client saw them\); a server meeting it lets at most 1% take longer/,
    fixedRate: 'fail',
  },
] as const;

// One after the other in one worker: two loaded sandboxes at once would measure each other.
test.describe.configure({ mode: 'default' });

for (const c of cases) {
  test(`the gate fails on exactly the slowed operation: ${c.title}`, async ({}, testInfo) => {
    // ~25 s on an idle 2-core machine (17 operations × ~1.3 s, sandbox start); room for a busy one.
    test.setTimeout(120_000);
    const outDir = join(repoRoot, 'reports/test-results/perf-gate', c.op);
    const { run, failed } = await gateRun({ latency: c.latency, outDir });
    await testInfo.attach('perf summary.json', { path: run.summaryPath, contentType: 'application/json' });
    await testInfo.attach('perf report', { body: readFileSync(run.htmlPath), contentType: 'text/html' });
    expect(run.summary.operations.map((o) => o.operation)).toEqual(latencyKeys);
    expect(failed).toEqual([c.op]);
    const slowed = run.summary.operations.find((o) => o.operation === c.op)!;
    expect(slowed.note).toMatch(c.why);
    expect(slowed.verdict?.verdict).toBe(c.fixedRate);
    expect(slowed.samples).toBeGreaterThanOrEqual(99);
    for (const o of run.summary.operations) {
      expect(o.errors, `${o.operation}: ${o.note}`).toBe(0);
      expect(o.samples, o.operation).toBeGreaterThanOrEqual(99);
    }
    expect(run.summary.pass).toBe(false);
    expect(run.summary.tidyUp).toEqual([]);
  });
}

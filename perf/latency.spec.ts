/**
 * The latency gates as tests: one run of every selected scenario (perf/runner.ts), then one test per
 * row of the document's latency table, each with the perf report and its verdict in words attached:
 * failed when a target is shown missed, skipped (with why) when not decided or not measured.
 */
import { test as base, expect } from '@playwright/test';
import { loadConfig } from '../lib/config.js';
import { latencyKeys } from '../lib/latency-targets.js';
import { verdictOf } from './report/table.js';
import { type RunResult, runPerf } from './runner.js';

const test = base.extend<object, { perfRun: RunResult }>({
  perfRun: [
    async ({}, use) => use(await runPerf({ config: loadConfig(), log: (line) => console.log(line) })),
    { scope: 'worker', timeout: 14 * 60_000 },
  ],
});

for (const key of latencyKeys) {
  test(`${key}: 2xx latency within the document's p50 and p99 targets [LAT-${key.toUpperCase()}]`, async ({
    perfRun,
  }, testInfo) => {
    const result = perfRun.summary.operations.find((o) => o.operation === key);
    test.skip(!result, `${key} was not run (FLEET_PERF_OPS, or read-only in production)`);
    await testInfo.attach('perf report', { path: perfRun.htmlPath, contentType: 'text/html' });
    await testInfo.attach('summary.json', { path: perfRun.summaryPath, contentType: 'application/json' });
    const { p50, p99, targetP50, targetP99, samples, note, status } = result!;
    await testInfo.attach('verdict', { body: verdictText(result!), contentType: 'text/plain' });
    testInfo.annotations.push({
      type: 'latency',
      description: `p50 ${p50} ms (target ${targetP50}), p99 ${p99} ms (target ${targetP99}), ${samples} samples; ${verdictOf(result!)}${note ? `: ${note}` : ''}`,
    });
    // What the run could not measure or decide here is no failure of the target: skipped, with the reason.
    test.skip(status === 'not-measured', `${key} not measured: ${result!.reason}`);
    test.skip(status === 'inconclusive', `${key} not decided (a notice, never a failure): ${note}`);
    expect(status, note).toBe('passed');
  });
}

/** The verdict of each target, of each series, in words (the Allure and Playwright reports' attachment). */
function verdictText(r: RunResult['summary']['operations'][number]): string {
  const lines = [
    `${r.operation}: ${verdictOf(r)}${r.decidedBy ? ` (decided by the ${r.decidedBy === 'fixed rate' ? `fixed-rate series, ${r.rate}/s` : "conformance run's answers"})` : ''}`,
  ];
  if (r.verdict)
    lines.push(
      '',
      `at the fixed rate (${r.samples} samples at ${r.rate}/s):`,
      ...r.verdict.targets.map((t) => `  ${t.why}`)
    );
  if (r.passive)
    lines.push(
      '',
      `the conformance run's answers (${r.passive.samples}, not a fixed arrival rate):`,
      ...r.passive.verdict.targets.map((t) => `  ${t.why}`)
    );
  if (r.baseline?.test) lines.push('', `against the baseline: ${r.baseline.test.why}`);
  if (r.note) lines.push('', r.note);
  return `${lines.join('\n')}\n`;
}

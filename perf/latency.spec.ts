/**
 * The latency gates as tests: one run of every selected scenario (perf/runner.ts), then one test per
 * row of the document's latency table, each with the perf report attached.
 */
import { expect, test as base } from '@playwright/test';
import { loadConfig } from '../lib/config.js';
import { latencyKeys } from '../lib/latency-targets.js';
import { runPerf, type RunResult } from './runner.js';

const test = base.extend<object, { perfRun: RunResult }>({
  perfRun: [async ({}, use) => use(await runPerf({ config: loadConfig(), log: (line) => console.log(line) })), { scope: 'worker', timeout: 14 * 60_000 }],
});

for (const key of latencyKeys) {
  test(`${key}: 2xx latency within the document's p50 and p99 targets [LAT-${key.toUpperCase()}]`, async ({ perfRun }, testInfo) => {
    const result = perfRun.summary.operations.find((o) => o.operation === key);
    test.skip(!result, `${key} was not run (FLEET_PERF_OPS, or read-only in production)`);
    await testInfo.attach('perf report', { path: perfRun.htmlPath, contentType: 'text/html' });
    await testInfo.attach('summary.json', { path: perfRun.summaryPath, contentType: 'application/json' });
    // What the run could not measure here is no failure of the target: skipped, with the reason.
    test.skip(result!.status === 'not-measured', `${key} not measured: ${result!.reason}`);
    const { p50, p99, targetP50, targetP99, errorRate, samples, note } = result!;
    testInfo.annotations.push({ type: 'latency', description: `p50 ${p50} ms (target ${targetP50}), p99 ${p99} ms (target ${targetP99}), ${samples} samples${note ? `; ${note}` : ''}` });
    expect(p50, `p50 (ms)${note ? `: ${note}` : ''}`).not.toBeNull();
    expect(p50!, 'p50 (ms)').toBeLessThanOrEqual(targetP50);
    expect(p99!, 'p99 (ms)').toBeLessThanOrEqual(targetP99);
    expect(errorRate, 'share of failed requests').toBeLessThanOrEqual(0.01);
    expect(result!.pass, note || 'the gate').toBe(true);
  });
}

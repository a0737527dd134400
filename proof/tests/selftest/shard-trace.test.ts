/**
 * A shard of a sharded run leaves a trace beside its blob report however it ends (lib/shards.ts):
 * `npm run conformance -- --shard=i/n` refused by bad input, crashed on an exception of its own,
 * killed outright; and what the merge reads from the traces of a run's shards.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type ShardTrace, shardsNotRun, traceFile } from '../../../lib/shards.js';
import { childEnv, repoRoot, run, stopAll } from './harness.js';

test.afterEach(stopAll);

const conformance = (env: Record<string, string>) =>
  run('node', ['--import', 'tsx', 'scripts/conformance.ts', '--shard=2/4', '--reporter=blob'], env);
const traceIn = (dir: string) => JSON.parse(readFileSync(traceFile(dir, 2, 4), 'utf8')) as ShardTrace;

test('refused, crashed or killed, a shard says so beside its blob report', async () => {
  const work = mkdtempSync(join(tmpdir(), 'fleet-shard-trace-'));

  const refused = await conformance({
    PLAYWRIGHT_BLOB_OUTPUT_FILE: join(work, 'refused', 'report-2.zip'),
    FLEET_GEO_PARAM_NAMES: 'count',
  });
  expect(refused.code, refused.output).toBe(2);
  const said = /^fleet-conformance: (.*)$/m.exec(refused.output)![1];
  expect(traceIn(join(work, 'refused'))).toMatchObject({
    shard: 2,
    total: 4,
    state: 'refused',
    exitCode: 2,
    reason: said,
    blob: 'report-2.zip',
  });

  // The reports folder cannot be made (a file stands in its way): an exception of the run's own.
  writeFileSync(join(work, 'a-file'), '');
  const crashed = await conformance({
    PLAYWRIGHT_BLOB_OUTPUT_FILE: join(work, 'crashed', 'report-2.zip'),
    FLEET_REPORTS_DIR: join(work, 'a-file', 'reports'),
  });
  expect(crashed.code, crashed.output).not.toBe(0);
  expect(traceIn(join(work, 'crashed'))).toMatchObject({
    state: 'crashed',
    reason: expect.stringContaining('ENOTDIR'),
  });

  // Killed outright (a runner's last resort): the trace says it started and never ended.
  const killedDir = join(work, 'killed');
  const child = spawn('node', ['--import', 'tsx', 'scripts/conformance.ts', '--shard=2/4', '--reporter=blob'], {
    cwd: repoRoot,
    env: childEnv({
      PLAYWRIGHT_BLOB_OUTPUT_FILE: join(killedDir, 'report-2.zip'),
      FLEET_REPORTS_DIR: join(work, 'killed-reports'),
    }),
    stdio: 'ignore',
    detached: true,
  });
  const ended = new Promise((resolve) => child.once('exit', resolve));
  await expect.poll(() => existsSync(traceFile(killedDir, 2, 4)), { timeout: 30_000 }).toBe(true);
  process.kill(-child.pid!, 'SIGKILL');
  await ended;
  expect(traceIn(killedDir)).toMatchObject({ state: 'started' });
  expect(traceIn(killedDir).endedAt).toBeUndefined();
});

test('the merge reads which shards did not run, and why, from the traces', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-shard-traces-'));
  mkdirSync(dir, { recursive: true });
  const trace = (shard: number, extra: Partial<ShardTrace>) =>
    writeFileSync(
      traceFile(dir, shard, 5),
      JSON.stringify({ shard, total: 5, blob: `report-${shard}.zip`, startedAt: '2030-06-15T01:30:00.000Z', ...extra })
    );
  trace(1, { state: 'passed', exitCode: 0 });
  writeFileSync(join(dir, 'report-1.zip'), 'zip');
  trace(2, { state: 'failed', exitCode: 1 });
  trace(3, {
    state: 'refused',
    exitCode: 2,
    reason: 'FLEET_WRITE_BUDGET: this run would make about 412 sub-customers, over customers=350',
  });
  trace(4, { state: 'started' });
  expect(shardsNotRun(dir, 5).map((s) => `${s.shard}: ${s.reason}`)).toEqual([
    '2: failed, exit 1, but its blob report report-2.zip is missing',
    '3: refused, exit 2: FLEET_WRITE_BUDGET: this run would make about 412 sub-customers, over customers=350',
    '4: started 2030-06-15T01:30:00.000Z and never ended: killed or timed out',
    '5: no trace of it: its job stopped before npm run conformance started, or its blob report was never uploaded',
  ]);
});

/**
 * The trace a shard of a sharded run leaves beside its blob report, whatever happens to it:
 * `npm run conformance -- --shard=i/n` writes `shard-i-of-n.json` (started) before anything else
 * and rewrites it on every exit path (passed, failed, refused, crashed, cancelled), with one line
 * saying why. The merge reads the traces of all n shards: a shard without a trace, without an end
 * (killed, timed out) or without its blob report did not run, and says so by name.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { EnvironmentEvent } from './environment.js';

export type ShardState = 'started' | 'passed' | 'failed' | 'refused' | 'crashed' | 'cancelled';

export interface ShardTrace {
  shard: number;
  total: number;
  state: ShardState;
  /** Why it refused, crashed or was cancelled (one line). */
  reason?: string;
  exitCode?: number;
  /** Its blob report's file name, beside the trace. */
  blob: string;
  startedAt: string;
  endedAt?: string;
  /** What the environment did to the shard's own requests after its tests (its lease's end): its blob report was written by then. */
  afterTests?: EnvironmentEvent[];
}

/** A shard of the run the merge expected that has no usable blob report, and why. */
export interface ShardNotRun {
  shard: number;
  total: number;
  /** One line: refused (…), crashed (…), cancelled (…), killed or timed out, no trace. */
  reason: string;
}

export function parseShard(args: string[]): { shard: number; total: number } | undefined {
  const i = args.findIndex((a) => a === '--shard' || a.startsWith('--shard='));
  if (i < 0) return undefined;
  const value = args[i] === '--shard' ? args[i + 1] : args[i]!.slice('--shard='.length);
  const m = /^(\d+)\/(\d+)$/.exec(value ?? '');
  return m ? { shard: Number(m[1]), total: Number(m[2]) } : undefined;
}

export function traceFile(blobDir: string, shard: number, total: number): string {
  return join(blobDir, `shard-${shard}-of-${total}.json`);
}

function write(file: string, trace: ShardTrace): void {
  mkdirSync(dirname(file), { recursive: true });
  // Whole or not at all: the merge never reads half a trace.
  writeFileSync(`${file}.tmp`, `${JSON.stringify(trace, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** What an exit code of npm run conformance says of the shard (2: bad input, 130/143: a signal). */
function stateOf(code: number, reason: string | undefined): ShardState {
  if (code === 130 || code === 143) return 'cancelled';
  if (code === 2) return 'refused';
  if (reason !== undefined || code > 2) return 'crashed';
  return code === 0 ? 'passed' : 'failed';
}

export interface ShardRecorder {
  /** The error that ends the run: its first line is the trace's reason. */
  because(error: unknown): void;
  /** Events of the environment after the tests, for the merge to add to the coverage. */
  afterTests(events: EnvironmentEvent[]): void;
}

/**
 * For npm run conformance: with --shard=i/n among the arguments, writes the trace now (started)
 * and again when the process exits, however it exits. The blob folder is the one of
 * PLAYWRIGHT_BLOB_OUTPUT_FILE (Playwright's default `blob-report` without it).
 */
export function recordShard(args: string[], env: Record<string, string | undefined>): ShardRecorder | undefined {
  const which = parseShard(args);
  if (!which) return undefined;
  const output = env.PLAYWRIGHT_BLOB_OUTPUT_FILE;
  const blobDir = output ? dirname(output) : 'blob-report';
  const blob = output
    ? basename(output)
    : `report-${String(which.shard).padStart(String(which.total).length, '0')}.zip`;
  const file = traceFile(blobDir, which.shard, which.total);
  const trace: ShardTrace = { ...which, state: 'started', blob, startedAt: new Date().toISOString() };
  write(file, trace);
  let reason: string | undefined;
  let after: EnvironmentEvent[] = [];
  process.on('exit', (code) => {
    const signal = code === 130 ? 'SIGINT' : code === 143 ? 'SIGTERM' : undefined;
    const why = reason ?? (signal ? `stopped by ${signal} (a cancel, or its step's time limit)` : undefined);
    write(file, {
      ...trace,
      state: stateOf(code, reason),
      ...(why ? { reason: why } : {}),
      exitCode: code,
      endedAt: new Date().toISOString(),
      ...(after.length ? { afterTests: after } : {}),
    });
  });
  return {
    because: (error) => (reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]),
    afterTests: (events) => (after = events),
  };
}

function readTrace(file: string): ShardTrace | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ShardTrace;
  } catch {
    return undefined;
  }
}

/** Why a shard has no blob report to merge, from its trace; undefined when it ran. */
export function whyNotRun(trace: ShardTrace | undefined, blobExists: boolean): string | undefined {
  if (!trace)
    return 'no trace of it: its job stopped before npm run conformance started, or its blob report was never uploaded';
  const code = trace.exitCode === undefined ? '' : `, exit ${trace.exitCode}`;
  if (trace.state === 'started') return `started ${trace.startedAt} and never ended: killed or timed out`;
  if (trace.state === 'refused' || trace.state === 'crashed' || trace.state === 'cancelled')
    return `${trace.state}${code}: ${trace.reason ?? 'no reason given'}`;
  return blobExists ? undefined : `${trace.state}${code}, but its blob report ${trace.blob} is missing`;
}

/** The shards of 1..total that did not run, read from the traces in the blob folder. */
export function shardsNotRun(blobDir: string, total: number): ShardNotRun[] {
  const out: ShardNotRun[] = [];
  for (let shard = 1; shard <= total; shard += 1) {
    const trace = readTrace(traceFile(blobDir, shard, total));
    const reason = whyNotRun(trace, !!trace && existsSync(join(blobDir, trace.blob)));
    if (reason) out.push({ shard, total, reason });
  }
  return out;
}

/** The events after the tests of every shard whose trace is in the blob folder. */
export function eventsAfterTests(blobDir: string): EnvironmentEvent[] {
  if (!existsSync(blobDir)) return [];
  return readdirSync(blobDir)
    .filter((f) => /^shard-\d+-of-\d+\.json$/.test(f))
    .flatMap((f) => readTrace(join(blobDir, f))?.afterTests ?? []);
}

export function shardName(s: { shard: number; total: number }): string {
  return `shard ${s.shard} of ${s.total}`;
}

/** The reason a test of a shard that did not run shows in the reports. */
export function notRunReason(s: ShardNotRun): string {
  return `${shardName(s)} did not run (${s.reason})`;
}

/**
 * The runs in progress on this machine: each `npm run conformance` leaves a small record (its run
 * id and process id) while it runs, so that `npm run cleanup` can tell a run killed on this
 * machine (its process is gone) from one still running.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DIR = join(tmpdir(), 'fleet-conformance', 'runs');

export function recordRun(runId: string, pid = process.pid): void {
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, `${runId}.json`), JSON.stringify({ runId, pid, startedAt: new Date().toISOString() }));
}

export function forgetRun(runId: string): void {
  rmSync(join(DIR, `${runId}.json`), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs recorded on this machine whose process is gone: killed, never to close what they made. */
export function deadLocalRuns(): string[] {
  if (!existsSync(DIR)) return [];
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      try {
        const record = JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { runId: string; pid: number };
        return alive(record.pid) ? [] : [record.runId];
      } catch {
        return [];
      }
    });
}

/**
 * One `run:` step as a GitHub runner runs it: the script in a file, `bash -e` (or `bash
 * --noprofile --norc -eo pipefail` for `shell: bash`), its own process group, its output masked
 * line by line into the step's log. A time limit or a cancel stops it as the runner does: SIGINT,
 * SIGTERM 7.5 s later, SIGKILL 2.5 s after that.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, rmSync, writeFileSync } from 'node:fs';

export interface ShellRun {
  script: string;
  scriptFile: string;
  shell?: string;
  cwd: string;
  env: Record<string, string>;
  logFile: string;
  mask(text: string): string;
  /** Milliseconds until it is stopped as timed out. */
  timeoutMs: number;
  /** Aborted: stopped as cancelled. */
  signal: AbortSignal;
}

export interface ShellResult {
  exitCode: number | null;
  /** The signal that ended it, when one did. */
  killedBy?: string;
  timedOut: boolean;
  cancelled: boolean;
  /** Its process group: what it left running in the background ends with the job (endGroup). */
  group: number;
}

/** Ends what a step left running, as a runner does at the end of a job. */
export function endGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // nothing left
  }
}

const SIGTERM_AFTER_MS = 7_500;
const SIGKILL_AFTER_MS = 2_500;

export function runShell(run: ShellRun): Promise<ShellResult> {
  writeFileSync(run.scriptFile, run.script);
  const args =
    run.shell === 'bash' ? ['--noprofile', '--norc', '-eo', 'pipefail', run.scriptFile] : ['-e', run.scriptFile];
  const child = spawn('bash', args, { cwd: run.cwd, env: run.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let pending = '';
  const write = (chunk: Buffer | string, flush = false) => {
    pending += chunk;
    const cut = flush ? pending.length : pending.lastIndexOf('\n') + 1;
    if (cut > 0) {
      appendFileSync(run.logFile, run.mask(pending.slice(0, cut)));
      pending = pending.slice(cut);
    }
  };
  child.stdout.on('data', (d: Buffer) => write(d));
  child.stderr.on('data', (d: Buffer) => write(d));

  let timedOut = false;
  let cancelled = false;
  const timers: NodeJS.Timeout[] = [];
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group has ended
    }
  };
  const stop = () => {
    signalGroup('SIGINT');
    timers.push(
      setTimeout(() => signalGroup('SIGTERM'), SIGTERM_AFTER_MS),
      setTimeout(() => signalGroup('SIGKILL'), SIGTERM_AFTER_MS + SIGKILL_AFTER_MS)
    );
  };
  timers.push(
    setTimeout(
      () => {
        timedOut = true;
        appendFileSync(
          run.logFile,
          `\n##[error] the step has timed out: stopping it (SIGINT, then SIGTERM, then SIGKILL)\n`
        );
        stop();
      },
      Math.max(0, run.timeoutMs)
    )
  );
  const onAbort = () => {
    cancelled = true;
    appendFileSync(run.logFile, '\n##[error] the operation was cancelled: stopping it\n');
    stop();
  };
  run.signal.addEventListener('abort', onAbort, { once: true });

  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      write('', true);
      rmSync(run.scriptFile, { force: true });
      for (const t of timers) clearTimeout(t);
      run.signal.removeEventListener('abort', onAbort);
      resolve({ exitCode: code, ...(signal ? { killedBy: signal } : {}), timedOut, cancelled, group: child.pid! });
    });
  });
}

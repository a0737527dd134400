/**
 * Servers the perf harness talks to run in CHILD processes, never in the harness's own event loop
 * (a shared loop would add the server's work to every measured latency and vice versa).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { tsxImport } from '../lib/package-files.js';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** True when nothing listens on 127.0.0.1:port. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A free port in 4200–4299 (the range this project's perf runs use), tried from a random start. */
export async function freePort(from = 4200, to = 4299): Promise<number> {
  const span = to - from + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i += 1) {
    const port = from + ((start + i) % span);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

export interface Child {
  process: ChildProcess;
  /** Everything the child printed (for error messages). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `node --import tsx <script> ...args` and resolves once `ready` returns true (or fails). */
export async function startTsChild(
  script: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; ready: () => Promise<boolean>; timeoutMs?: number; name: string }
): Promise<Child> {
  // Through child-guard.ts: the child exits by itself if this process dies without stopping it.
  const child = spawn(process.execPath, [...tsxImport(), 'perf/child-guard.ts', script, ...args], {
    cwd: repoRoot,
    // The child is its own configuration reader: it gets the environment it would get from a shell.
    ...(options.env ? { env: options.env as NodeJS.ProcessEnv } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    })
  );
  const handle: Child = {
    process: child,
    output: () => log,
    stop: async () => {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exit;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${options.name} exited before it was ready:\n${log.trim()}`);
    if (await options.ready().catch(() => false)) return handle;
    await sleep(150);
  }
  await handle.stop();
  throw new Error(`${options.name} not ready after ${(options.timeoutMs ?? 30_000) / 1000} s:\n${log.trim()}`);
}

/** True when GET/POST url answers at all (any status). */
export async function answers(url: string, init: RequestInit = {}): Promise<boolean> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

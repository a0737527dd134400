/**
 * What the self-tests drive from outside: a sandbox process on a free port, a recording server
 * that answers every request, and child runs of Playwright or a script with a clean environment.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { operations } from '../../../lib/operations.js';

export const repoRoot = join(import.meta.dirname, '..', '..', '..');

/** The parent's environment without its own Playwright worker, suite and sandbox settings. */
export function childEnv(overrides: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(TEST_|PW_|PLAYWRIGHT_|FLEET_|SANDBOX_)/.test(key)) env[key] = value;
  }
  return { ...env, ...overrides };
}

export interface Run {
  code: number;
  output: string;
}

/** Every process group a self-test started and has not seen end: stopAll() ends them (afterEach). */
const started = new Set<ChildProcess>();

function start(command: string, args: string[], env: Record<string, string>, cwd = repoRoot): ChildProcess {
  // Its own process group, so that npx, Playwright and its workers all end with it.
  const child = spawn(command, args, { cwd, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      resolve(); // the group is already gone
    }
  });
}

/** Ends whatever a timed-out or failed self-test left running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...started].map(stop));
}

/** `command` to its end, in `cwd` (the repository by default), with its output. */
export function run(command: string, args: string[], env: Record<string, string>, cwd?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = start(command, args, env, cwd);
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export const playwright = (args: string[], env: Record<string, string>) =>
  run('npx', ['playwright', 'test', ...args], env);

export interface SandboxProcess {
  baseUrl: string;
  stop(): Promise<void>;
}

/** `node --import tsx sandbox/server.ts` on a free port of 127.0.0.1 (in `cwd`, the repository by default). */
export async function startSandbox(env: Record<string, string> = {}, cwd?: string): Promise<SandboxProcess> {
  const service = await startService(
    'sandbox/server.ts',
    [],
    { SANDBOX_PORT: '0', SANDBOX_HOST: '127.0.0.1', ...env },
    /fleet sandbox on (https?:\/\/\S+)/,
    cwd
  );
  return { baseUrl: service.url, stop: service.stop };
}

export interface Service {
  /** What the ready line named (the first group of `ready`). */
  url: string;
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** `node --import tsx <script> ...args` in a process of its own, once it prints a line matching `ready`. */
export function startService(
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  cwd?: string
): Promise<Service> {
  const child = start('node', ['--import', 'tsx', script, ...args], env, cwd);
  return new Promise((resolve, reject) => {
    let output = '';
    let up = false;
    const onData = (d: Buffer) => {
      output += d;
      const url = up ? undefined : ready.exec(output)?.[1];
      if (url) {
        up = true;
        resolve({ url, output: () => output, stop: () => stop(child) });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${output}`)));
  });
}

export interface RecordedCall {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Recorder {
  baseUrl: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

/**
 * Records every request. With `forwardTo` it passes each on to that server and relays the answer;
 * without, it answers the token request with a token and everything else 200 {}.
 */
export async function startRecorder(forwardTo?: string): Promise<Recorder> {
  const calls: RecordedCall[] = [];
  const answer = async (call: RecordedCall): Promise<{ status: number; type: string; text: string }> => {
    if (forwardTo) {
      const headers = Object.fromEntries(
        Object.entries(call.headers).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host' && e[0] !== 'content-length'
        )
      );
      const response = await fetch(`${forwardTo}${call.url}`, {
        method: call.method,
        headers,
        ...(call.body ? { body: call.body } : {}),
      });
      return {
        status: response.status,
        type: response.headers.get('content-type') ?? 'application/json',
        text: await response.text(),
      };
    }
    const isToken = call.url.split('?')[0] === operations.requestToken.path;
    return {
      status: 200,
      type: 'application/json',
      text: JSON.stringify(
        isToken ? { access_token: 'recorded-token-value', token_type: 'Bearer', expires_in: 3600 } : {}
      ),
    };
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const call = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      calls.push(call);
      answer(call).then(
        ({ status, type, text }) => res.writeHead(status, { 'content-type': type }).end(text),
        (e: Error) => res.writeHead(502, { 'content-type': 'text/plain' }).end(e.message)
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface JsonResult {
  status: string;
  errors?: { message?: string }[];
}
interface JsonSpec {
  title: string;
  tests: { results: JsonResult[] }[];
}
interface JsonSuite {
  title: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

export interface ListedTest {
  /** Describe titles and the test title, joined by › */
  path: string;
  title: string;
  results: JsonResult[];
}

/** The tests of a Playwright JSON report, with their full title paths. */
export function testsOf(report: { suites?: JsonSuite[] }): ListedTest[] {
  const walk = (suite: JsonSuite, prefix: string[]): ListedTest[] => [
    ...(suite.specs ?? []).map((s) => ({
      path: [...prefix, s.title].join(' › '),
      title: s.title,
      results: s.tests.flatMap((t) => t.results),
    })),
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...prefix, child.title])),
  ];
  return (report.suites ?? []).flatMap((s) => walk(s, []));
}

/**
 * A server of the project in a process of its own, started as a user starts it (`npm run <script>`),
 * ready when it prints the line that says where it listens; stopped with SIGTERM to its whole
 * process group (npm does not pass the signal on).
 */
import { spawn } from 'node:child_process';

export interface Listener {
  pid: number;
  /** The first capture of `listening`: where it answers. */
  url: string;
  /** The line that said so. */
  banner: string;
  /** What it printed so far (the last 20,000 characters). */
  output(): string;
  stop(): Promise<void>;
}

export interface ListenerOptions {
  script: string;
  args?: string[];
  /** The command instead of `npm run -s <script> --`, to reach the server's own process with a signal. */
  command?: string[];
  env: Record<string, string>;
  cwd: string;
  /** Matches its listening line; the first group is its URL. */
  listening: RegExp;
}

export function startListener(options: ListenerOptions): Promise<Listener> {
  const [command, ...args] = options.command ?? [
    'npm',
    'run',
    '-s',
    options.script,
    ...(options.args?.length ? ['--'] : []),
  ];
  const child = spawn(command!, [...args, ...(options.args ?? [])], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let closed = false;
  child.once('close', () => (closed = true));
  // Once its output is closed: npm's child (which shares it) has said its last line too.
  const stop = () =>
    new Promise<void>((resolve) => {
      if (closed) return resolve();
      child.once('close', () => resolve());
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        resolve();
      }
    });
  return new Promise((resolve, reject) => {
    let ready = false;
    const onData = (d: Buffer) => {
      output = (output + d).slice(-20_000);
      const line = ready ? null : options.listening.exec(output);
      if (line) {
        ready = true;
        resolve({ pid: child.pid!, url: line[1]!, banner: line[0], output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      if (!ready)
        reject(
          new Error(
            `${options.command ? options.command.join(' ') : `npm run ${options.script}`} exited with ${code}: ${output.trim().split('\n').pop()}`
          )
        );
    });
  });
}

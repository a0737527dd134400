/**
 * The chaos layer in a process of its own, the script `npm run chaos` runs (started without npm, so
 * that a signal reaches it: SIGUSR2 calms it), in front of a target, its events in a log file;
 * stopped, it says how many requests it saw.
 */
import { startListener } from '../listener.js';
import { type ChaosEvent, readChaosEvents } from './events.js';
import { RATED_KINDS, type RatedKind } from './options.js';

export interface ChaosProcessOptions {
  target: string;
  seed: number;
  /** One rate for every kind, or some kinds' own (the others at the layer's default). */
  rates: number | Partial<Record<RatedKind, number>>;
  /** ms, or a range [low, high]. */
  pauseMs?: number | [number, number];
  tokenFailures?: number;
  log: string;
  /** The checkout whose `npm run chaos` runs. */
  cwd: string;
}

export interface ChaosProcess {
  url: string;
  banner: string;
  log: string;
  events(): ChaosEvent[];
  /** Calm (every request forwarded as it is), or events again. */
  calm(on: boolean): void;
  /** Stops it; what it said when it stopped, and how many requests it received. */
  stop(): Promise<{ line: string; requests: number }>;
}

export function chaosArgs(o: Omit<ChaosProcessOptions, 'cwd'>): string[] {
  const own = typeof o.rates === 'number' ? {} : o.rates;
  const rates =
    typeof o.rates === 'number'
      ? [String(o.rates)]
      : RATED_KINDS.filter((k) => own[k] !== undefined).map((k) => `${k}=${own[k]}`);
  const pause =
    o.pauseMs === undefined ? [] : ['--pause', Array.isArray(o.pauseMs) ? o.pauseMs.join('-') : String(o.pauseMs)];
  return [
    '--target',
    o.target,
    '--seed',
    String(o.seed),
    '--log',
    o.log,
    ...rates.flatMap((r) => ['--rate', r]),
    ...pause,
    ...(o.tokenFailures === undefined ? [] : ['--token-failures', String(o.tokenFailures)]),
  ];
}

export async function startChaosProcess(options: ChaosProcessOptions): Promise<ChaosProcess> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  const listener = await startListener({
    script: 'chaos',
    command: [process.execPath, '--import', 'tsx', 'proof/scripts/chaos.ts'],
    args: chaosArgs(options),
    env,
    cwd: options.cwd,
    listening: /^chaos: on (http:\/\/\S+).*$/m,
  });
  let calm = false;
  return {
    calm: (on) => {
      if (on !== calm) process.kill(listener.pid, 'SIGUSR2');
      calm = on;
    },
    url: listener.url,
    banner: listener.banner,
    log: options.log,
    events: () => readChaosEvents(options.log),
    stop: async () => {
      await listener.stop();
      const line = /^chaos: stopped .*$/m.exec(listener.output())?.[0] ?? '';
      return { line, requests: Number(/after (\d+) requests?/.exec(line)?.[1] ?? NaN) };
    },
  };
}

/**
 * The chaos layer's settings, from its flags and, where a flag is not given, its CHAOS_* variables:
 * the target it stands in front of, its port, the seed, the rate of each kind of event, the length
 * of a pause, how many token requests fail first, which requests the events may hit, and where the event log goes. Checked once; a
 * bad value is a ChaosConfigError of one line naming the flag or variable.
 */
import { parseArgs } from 'node:util';

/** What the layer injects, each at its own seeded rate. */
export const RATED_KINDS = ['gateway-502', 'gateway-504', 'reset-before', 'reset-after', 'pause'] as const;
export type RatedKind = (typeof RATED_KINDS)[number];
/** The first token requests answered 503: not a rate, a count. */
export type ChaosKind = RatedKind | 'token-503';

/** A bad night of a real test environment: each kind about once in 300 requests. */
export const BAD_NIGHT_RATE = 0.003;
/** Where `npm run sandbox` listens by default. */
export const DEFAULT_TARGET = 'http://127.0.0.1:4010';

export interface ChaosOptions {
  target: URL;
  /** 0: the kernel picks a free port. */
  port: number;
  seed: number;
  rates: Record<RatedKind, number>;
  /** A pause lasts between these (ms), drawn with the seed. */
  pauseMs: [number, number];
  /** The first this many token requests are answered 503. */
  tokenFailures: number;
  /** The event log (one JSON line per event); undefined: standard output. */
  log?: string;
  /** Only requests of this method whose path starts so meet the rated events; undefined: every request. */
  only?: { method: string; path: string };
}

export class ChaosConfigError extends Error {}

export const CHAOS_USAGE =
  'usage: npm run chaos -- [--target <url>] [--port <n>] [--seed <n>] [--rate <p> | --rate <kind>=<p> ...] [--pause <ms>[-<ms>]] [--token-failures <n>] [--only "<METHOD> <path>"] [--log <file>]';

/** The flag and the variable that can give each setting. */
const VARIABLES = {
  target: 'CHAOS_TARGET',
  port: 'CHAOS_PORT',
  seed: 'CHAOS_SEED',
  rate: 'CHAOS_RATE',
  pause: 'CHAOS_PAUSE_MS',
  'token-failures': 'CHAOS_TOKEN_FAILURES',
  only: 'CHAOS_ONLY',
  log: 'CHAOS_LOG',
} as const;
type Setting = keyof typeof VARIABLES;

function wholeNumber(where: string, text: string, max: number): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) > max)
    throw new ChaosConfigError(`${where}: "${text}" is not a whole number from 0 to ${max}`);
  return Number(text);
}

function probability(where: string, text: string): number {
  const p = Number(text);
  if (!/^\s*(\d+\.?\d*|\.\d+)(e-?\d+)?\s*$/i.test(text) || !(p >= 0 && p <= 1))
    throw new ChaosConfigError(
      `${where}: "${text}" is not a rate from 0 to 1 (e.g. 0.003: about once in 300 requests)`
    );
  return p;
}

function parseTarget(where: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ChaosConfigError(`${where}: "${text}" is not a URL (e.g. ${DEFAULT_TARGET})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ChaosConfigError(`${where}: "${text}" is not an http or https URL`);
  if (url.search || url.hash)
    throw new ChaosConfigError(`${where}: "${text}" has a query or a fragment: give the base address only`);
  return url;
}

/** `0.003` sets every kind; `reset-after=0.01` one kind; several are separated by commas or given again. */
function parseRates(where: string, items: string[]): Record<RatedKind, number> {
  const rates = Object.fromEntries(RATED_KINDS.map((k) => [k, BAD_NIGHT_RATE])) as Record<RatedKind, number>;
  for (const item of items
    .flatMap((i) => i.split(','))
    .map((i) => i.trim())
    .filter(Boolean)) {
    const m = /^([a-z0-9-]+)=(.*)$/.exec(item);
    if (!m) {
      const p = probability(where, item);
      for (const k of RATED_KINDS) rates[k] = p;
      continue;
    }
    if (!(RATED_KINDS as readonly string[]).includes(m[1]!))
      throw new ChaosConfigError(`${where}: unknown kind "${m[1]}" (the kinds: ${RATED_KINDS.join(', ')})`);
    rates[m[1] as RatedKind] = probability(`${where} ${m[1]}`, m[2]!);
  }
  const total = RATED_KINDS.reduce((sum, k) => sum + rates[k], 0);
  if (total > 1) throw new ChaosConfigError(`${where}: the rates add up to ${Number(total.toFixed(6))}, more than 1`);
  return rates;
}

function parsePause(where: string, text: string): [number, number] {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(text);
  const [low, high] = m ? [Number(m[1]), Number(m[2] ?? m[1])] : [NaN, NaN];
  if (!m || low > high || high > 600_000)
    throw new ChaosConfigError(`${where}: "${text}" is not a pause in ms (e.g. 2000-5000, at most 600000)`);
  return [low, high];
}

/** The settings from the command line (flags win) and the environment. */
export function parseChaosOptions(argv: string[], env: Record<string, string | undefined>): ChaosOptions {
  let values: Partial<Record<Setting, string | string[]>>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        target: { type: 'string' },
        port: { type: 'string' },
        seed: { type: 'string' },
        rate: { type: 'string', multiple: true },
        pause: { type: 'string' },
        'token-failures': { type: 'string' },
        only: { type: 'string' },
        log: { type: 'string' },
      },
    }));
  } catch (e) {
    throw new ChaosConfigError(`${(e as Error).message.split('\n')[0]} (${CHAOS_USAGE})`);
  }
  /** The flag's value and its name, or the variable's, or undefined. */
  const given = (setting: Setting): [string, string] | undefined => {
    const flag = values[setting];
    if (flag !== undefined) return [Array.isArray(flag) ? flag.join(',') : flag, `--${setting}`];
    const variable = env[VARIABLES[setting]];
    return variable !== undefined && variable.trim() !== '' ? [variable, VARIABLES[setting]] : undefined;
  };
  const read = <T>(setting: Setting, parse: (where: string, text: string) => T, fallback: T): T => {
    const g = given(setting);
    return g ? parse(g[1], g[0]) : fallback;
  };
  const log = given('log');
  const only = given('only');
  return {
    target: read('target', parseTarget, new URL(DEFAULT_TARGET)),
    port: read('port', (w, t) => wholeNumber(w, t, 65535), 0),
    seed: read('seed', (w, t) => wholeNumber(w, t, 2 ** 32 - 1), Math.floor(Math.random() * 2 ** 32)),
    rates: parseRates(given('rate')?.[1] ?? '--rate', given('rate') ? [given('rate')![0]] : []),
    pauseMs: read('pause', parsePause, [2000, 5000]),
    tokenFailures: read('token-failures', (w, t) => wholeNumber(w, t, 1000), 1),
    ...(log ? { log: log[0] } : {}),
    ...(only ? { only: parseOnly(only[1], only[0]) } : {}),
  };
}

/** `POST /customers/subcustomer`: the requests the rated events may hit. */
function parseOnly(where: string, text: string): { method: string; path: string } {
  const m = /^\s*([A-Za-z]+)\s+(\/\S*)\s*$/.exec(text);
  if (!m)
    throw new ChaosConfigError(`${where}: "${text}" is not a method and a path (e.g. 'POST /customers/subcustomer')`);
  return { method: m[1]!.toUpperCase(), path: m[2]! };
}

/** The settings as a user would give them again (the seed included), for the listening line. */
export function describeOptions(o: ChaosOptions): string {
  const same = RATED_KINDS.every((k) => o.rates[k] === o.rates[RATED_KINDS[0]]);
  const rates = same ? `each kind ${o.rates[RATED_KINDS[0]]}` : RATED_KINDS.map((k) => `${k}=${o.rates[k]}`).join(',');
  const pause = o.pauseMs[0] === o.pauseMs[1] ? `${o.pauseMs[0]}` : `${o.pauseMs[0]}-${o.pauseMs[1]}`;
  return `seed ${o.seed}, rate ${rates}${o.only ? ` on ${o.only.method} ${o.only.path}… only` : ''}, pause ${pause} ms, first ${o.tokenFailures} token request${o.tokenFailures === 1 ? '' : 's'} 503`;
}

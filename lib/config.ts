/**
 * The suite's configuration: FLEET_* (and the few SANDBOX_* the suite needs) read from the
 * environment and `.env` exactly once, validated, and frozen. Nothing else reads process.env.
 * Every problem is a ConfigError with one line that names the variable and the cause.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';
import { sandboxDefaults } from '../sandbox/launcher.js';
import { BUDGET_KINDS, type Budget, type BudgetKind, REMOTE_DEFAULT } from './budget.js';
import { latencyKeys } from './latency-targets.js';
import { type CustomerListFields, ListFieldsError, parseCustomerListFields } from './list-page.js';
import { type LatencyKey, operations } from './operations.js';
import { assumptions } from './rules/assumptions.js';
import { shownProxy } from './transport/proxy.js';
import {
  DIRECT,
  parseTransport,
  TransportConfigError,
  type TransportSettings,
  transportSecrets,
} from './transport/settings.js';

export type Target = 'sandbox' | 'test' | 'production';

/** How the client authenticates at the token endpoint (FLEET_TOKEN_AUTH): form fields, or HTTP Basic. */
export type TokenAuth = 'client_secret_post' | 'client_secret_basic';
const TOKEN_AUTHS: readonly TokenAuth[] = ['client_secret_post', 'client_secret_basic'];
/** Where the document says the token is obtained, below {base_url} (Authentication 2): FLEET_TOKEN_URL's default. */
export const DOCUMENT_TOKEN_PATH = '/identity/realms/fleet/protocol/openid-connect/token';

/** The four geosearch query parameters whose names the document does not show. */
export const GEO_PARAMS = ['count', 'aggregate', 'precision', 'language'] as const;
export type GeoParam = (typeof GEO_PARAMS)[number];
export type GeoParamNames = Record<GeoParam, string>;

/** Where the customer list page keeps its items and paging fields (assumption ASSUME-CUSTOMER-LIST-PAGE). */
export type { CustomerListFields } from './list-page.js';

export interface PerfConfig {
  /** Measured seconds per operation. */
  duration: number;
  /** Arrival rate, requests per second, per operation. */
  rate: number;
  operations: LatencyKey[];
  baseline?: string;
  /** Card identifiers the perf run may cancel or replace (FLEET_PERF_CARDS); otherwise it orders its own where orders show up at once. */
  consumableCards: number[];
  /** Seconds the perf run waits for cards it ordered to show up in card search (FLEET_PERF_ORDER_WAIT). */
  orderWaitSeconds: number;
  /** SANDBOX_LATENCY handed to the sandbox child that `npm run perf` starts (undefined: the sandbox's default). */
  sandboxLatency?: string;
  /** Confidence of every latency verdict (FLEET_PERF_CONFIDENCE, 0.95 = 95%): targets, the passive series, slower than the baseline. */
  confidence: number;
}

export interface Config {
  target: Target;
  /** True when the suite starts and uses the embedded sandbox. */
  sandbox: boolean;
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** FLEET_TOKEN_AUTH; FLEET_TOKEN_SCOPE and FLEET_TOKEN_AUDIENCE are sent with the token request when set. */
  tokenAuth: TokenAuth;
  tokenScope?: string;
  tokenAudience?: string;
  /** CA, client certificate and proxy of every request to the target and its token endpoint (lib/transport/); direct for the embedded sandbox. */
  transport: TransportSettings;
  sessionIds: string[];
  /** The card pool's first customer (FLEET_CARD_POOL_CUSTOMER): its lease's name, the orders the lifecycle specs place. */
  poolCustomer?: string;
  /** Every customer of the card pool (FLEET_CARD_POOL_CUSTOMER, comma-separated): the suite writes only their Active cards. */
  poolCustomers: string[];
  foreignCustomer?: string;
  /** A second client with a hierarchy of its own, through which the suite finds cards and customers outside the caller's. */
  foreignClient?: { clientId: string; clientSecret: string };
  /** The names FLEET_GEO_PARAM_NAMES sets, used as they are; the others are found on the target (lib/geo-params.ts). */
  geoParamNames: Partial<GeoParamNames>;
  /** The Evse status that means available for options.includeAvailableOnly (ASSUME-GEO-EVSE-STATUS). */
  geoAvailableStatus: string;
  customerListFields: CustomerListFields;
  /** Port of `npm run sandbox` (SANDBOX_PORT); the embedded sandbox of a run takes a free port of its own. */
  sandboxPort: number;
  /** Marks everything this run creates (names, business references), so teardown and cleanup find it. */
  runId: string;
  /** Seconds to keep polling for a card replacement to show up in search (ASSUME-REPLACEMENT-VISIBLE). */
  replacementTimeoutSeconds: number;
  /** Seconds a test polls card search for the cards of an order it placed (FLEET_ORDER_WAIT). */
  orderCardsWaitSeconds: number;
  /** The cardPIN the suite sets on cards it orders (FLEET_CARD_PIN; default: random 4 digits per run). */
  cardPin: string;
  /** Where the reporters write (FLEET_REPORTS_DIR, default `reports`). */
  reportsDir: string;
  /** replayPath replays a model-based (fc.commands) failure together with seed and path. */
  fastCheck: { seed?: number; path?: string; replayPath?: string; runs: number };
  perf: PerfConfig;
  /** Register entries (ASSUME-*) whose stricter reading the user switched on (FLEET_STRICT); their failures are assumption failures. */
  strict: ReadonlySet<string>;
  /** Only the conformance tests whose title matches (FLEET_GREP; Playwright's -g); the after-the-run checks always run. */
  grep?: string;
  /** Playwright workers: few for this machine's CPU against a quick target, many for a latency-bound one (FLEET_WORKERS). */
  workers: number;
  /** The target's median round trip, timed at the start of the run (FLEET_TARGET_RTT_MS, set by npm run conformance). */
  targetRoundTripMs?: number;
  /** What the run may leave behind on the target (FLEET_WRITE_BUDGET); empty: no limit. */
  writeBudget: Budget;
  /** Today's whole detail in the terminal (FLEET_VERBOSE, npm run conformance --verbose): a line per test, every count, every latency row, the card pool's bookkeeping. */
  verbose: boolean;
  /** Set by npm run selftest:faults only: one Playwright project per faulty sandbox. */
  selftestPlan?: SelftestTarget[];
  /** The gate's bar: a night that judged less than this share of what the baseline judged is not judged (FLEET_GATE_MIN_JUDGED). */
  gateMinJudged: number;
  /** The gate fails a rule not judged on this many nights in a row (FLEET_GATE_MAX_UNJUDGED_NIGHTS). */
  gateMaxUnjudgedNights: number;
}

/** A sandbox with one fault, and the tests that must catch it (a title pattern; none = the whole suite). */
export interface SelftestTarget {
  fault: string;
  baseUrl: string;
  grep?: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const TARGETS: readonly Target[] = ['sandbox', 'test', 'production'];

type Env = Record<string, string | undefined>;

export const knownVariables = [
  'FLEET_BASE_URL',
  'FLEET_CLIENT_ID',
  'FLEET_CLIENT_SECRET',
  'FLEET_TOKEN_URL',
  'FLEET_TOKEN_AUTH',
  'FLEET_TOKEN_SCOPE',
  'FLEET_TOKEN_AUDIENCE',
  'FLEET_CA_FILE',
  'NODE_EXTRA_CA_CERTS',
  'FLEET_TLS_INSECURE',
  'FLEET_CLIENT_CERT',
  'FLEET_CLIENT_KEY',
  'FLEET_CLIENT_KEY_PASSPHRASE',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'FLEET_TARGET',
  'FLEET_SESSION_IDS',
  'FLEET_CARD_POOL_CUSTOMER',
  'FLEET_FOREIGN_CUSTOMER',
  'FLEET_FOREIGN_CLIENT_ID',
  'FLEET_FOREIGN_CLIENT_SECRET',
  'FLEET_GEO_PARAM_NAMES',
  'FLEET_GEO_AVAILABLE_STATUS',
  'FLEET_CUSTOMER_LIST_FIELDS',
  'FLEET_REPLACEMENT_TIMEOUT',
  'FLEET_ORDER_WAIT',
  'FLEET_FC_SEED',
  'FLEET_FC_PATH',
  'FLEET_FC_REPLAY_PATH',
  'FLEET_FC_RUNS',
  'FLEET_PERF_DURATION',
  'FLEET_PERF_RATE',
  'FLEET_PERF_OPS',
  'FLEET_PERF_BASELINE',
  'FLEET_PERF_ALLOW_LOAD',
  'FLEET_PERF_CARDS',
  'FLEET_PERF_ORDER_WAIT',
  'FLEET_PERF_CONFIDENCE',
  'FLEET_STRICT',
  'FLEET_GREP',
  'FLEET_WORKERS',
  'FLEET_WRITE_BUDGET',
  'FLEET_RUN_ID',
  'FLEET_CARD_PIN',
  'FLEET_REPORTS_DIR',
  'FLEET_SELFTEST_PLAN',
  'FLEET_SANDBOX_URL',
  'FLEET_TARGET_RTT_MS',
  'FLEET_GATE_MIN_JUDGED',
  'FLEET_GATE_MAX_UNJUDGED_NIGHTS',
  'FLEET_TRUST_STARTED',
  'FLEET_VERBOSE',
  'FLEET_BANNER_SHOWN',
  'SANDBOX_PORT',
  'SANDBOX_HOST',
  'SANDBOX_FAULTS',
  'SANDBOX_VARIANTS',
  'SANDBOX_LATENCY',
  'SANDBOX_NETWORK',
  'SANDBOX_TOKEN_TTL',
  'SANDBOX_ORDER_COMPLETION',
  'SANDBOX_POOL_CARDS',
  'SANDBOX_TLS',
  'SANDBOX_TLS_HOSTS',
  'SANDBOX_CLIENT_CERT',
  'SANDBOX_JWKS_URL',
  'SANDBOX_TOKEN_ISSUER',
  'SANDBOX_TOKEN_AUDIENCE',
] as const;

/** A line dotenv would silently skip is a mistake the user wants to hear about. */
function lintDotenv(envFile: string, text: string): void {
  let openQuote: string | undefined;
  text.split(/\r?\n/).forEach((line, index) => {
    if (openQuote) {
      if (line.includes(openQuote)) openQuote = undefined;
      return;
    }
    if (/^\s*(#.*)?$/.test(line)) return;
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(["'`]?)(.*)$/.exec(line);
    // Only its first word: the rest may be a secret whose '=' went missing.
    if (!m)
      throw new ConfigError(
        `${envFile}:${index + 1}: "${line
          .trim()
          .split(/[\s=:]/)[0]!
          .slice(0, 40)} …" is not NAME=value`
      );
    const [, name, quote, rest] = m;
    if (/^(FLEET|SANDBOX)_/.test(name!) && !(knownVariables as readonly string[]).includes(name!)) {
      throw new ConfigError(`${envFile}:${index + 1}: unknown variable ${name} (see .env.example for the known ones)`);
    }
    if (quote && !rest!.includes(quote)) openQuote = quote;
  });
}

/** Reads `.env` (if present) under the real environment: variables already set win. */
export function readEnv(envFile = '.env', processEnv: Env = process.env): Env {
  if (!existsSync(envFile)) return { ...processEnv };
  const text = readFileSync(envFile, 'utf8');
  lintDotenv(envFile, text);
  return { ...parseDotenv(text), ...processEnv };
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function parseUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name}: "${value}" is not a valid URL (expected e.g. https://fleet-test.example.com)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name}: "${value}" must be an http(s) URL`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new ConfigError(
      `${name}: plain http to ${url.hostname} would send tokens in clear; use https (http is allowed only for localhost/127.0.0.1)`
    );
  }
  if (url.username || url.password)
    throw new ConfigError(
      `${name}: credentials must not be embedded in the URL; use FLEET_CLIENT_ID / FLEET_CLIENT_SECRET`
    );
  return url;
}

function parseKeyValues<K extends string>(
  name: string,
  value: string | undefined,
  keys: readonly K[]
): Partial<Record<K, string>> {
  const result: Partial<Record<K, string>> = {};
  if (value === undefined || value.trim() === '') return result;
  for (const part of value.split(',')) {
    const m = /^\s*(\w+)\s*=\s*([A-Za-z_][\w.-]*)\s*$/.exec(part);
    if (!m || !(keys as readonly string[]).includes(m[1]!)) {
      throw new ConfigError(`${name}: "${part.trim()}" is not one of ${keys.map((k) => `${k}=<name>`).join(', ')}`);
    }
    result[m[1]! as K] = m[2]!;
  }
  return result;
}

function listFields(value: string | undefined): CustomerListFields {
  try {
    return parseCustomerListFields(value);
  } catch (e) {
    throw e instanceof ListFieldsError ? new ConfigError(e.message) : e;
  }
}

function parseInteger(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER
): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^-?\d+$/.test(value.trim())) throw new ConfigError(`${name}: "${value}" is not a whole number`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(`${name}: ${n} is out of range (${min} to ${max})`);
  return n;
}

function parseList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A confidence in percent, above 50 and below 100 (95, 99, 99.9): as a fraction. */
function parseConfidence(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return 0.95;
  const n = Number(text.replace(/%$/, ''));
  if (!/^\d+(\.\d+)?%?$/.test(text) || !(n > 50 && n < 100))
    throw new ConfigError(
      `FLEET_PERF_CONFIDENCE: "${text}" is not a confidence in percent above 50 and below 100 (e.g. 95 or 99)`
    );
  return n / 100;
}

function parsePerf(env: Env, target: Target): PerfConfig {
  const requested = parseList(env.FLEET_PERF_OPS);
  for (const op of requested) {
    if (!(latencyKeys as string[]).includes(op))
      throw new ConfigError(`FLEET_PERF_OPS: unknown operation "${op}" (known: ${latencyKeys.join(', ')})`);
  }
  // A shared environment (a test environment, whatever its host name: a tunnel answers on
  // 127.0.0.1) is never loaded hard by default: 5 requests/s; only the sandbox gets 40/s.
  const ours = target === 'sandbox';
  const rate = parseInteger('FLEET_PERF_RATE', env.FLEET_PERF_RATE, ours ? 40 : 5, 1, 5000);
  const duration = parseInteger('FLEET_PERF_DURATION', env.FLEET_PERF_DURATION, ours ? 6 : 10, 1, 3600);
  if (!ours && rate > 5 && env.FLEET_PERF_ALLOW_LOAD !== 'yes') {
    throw new ConfigError(
      `FLEET_PERF_RATE: ${rate} requests/s against a ${target} environment exceeds the safe 5/s; set FLEET_PERF_ALLOW_LOAD=yes if this environment is yours to load`
    );
  }
  const readOnly = new Set(
    Object.values(operations)
      .filter((o) => o.readOnly && 'latencyKey' in o)
      .map((o) => (o as { latencyKey: string }).latencyKey)
  );
  const writes = requested.filter((op) => !readOnly.has(op));
  if (target === 'production' && writes.length) {
    throw new ConfigError(
      `FLEET_PERF_OPS: ${writes.join(', ')} would write to production; only ${[...readOnly].join(', ')} may run there`
    );
  }
  const chosen = requested.length
    ? requested
    : target === 'production'
      ? latencyKeys.filter((k) => readOnly.has(k))
      : latencyKeys;
  const consumableCards = parseList(env.FLEET_PERF_CARDS).map((id) => {
    if (!/^\d+$/.test(id))
      throw new ConfigError(`FLEET_PERF_CARDS: "${id}" is not a card identifier (integers, comma-separated)`);
    return Number(id);
  });
  if (target === 'production' && consumableCards.length) {
    throw new ConfigError('FLEET_PERF_CARDS: cards to cancel or replace make no sense in production (read-only)');
  }
  return {
    duration,
    rate,
    operations: chosen as LatencyKey[],
    ...(env.FLEET_PERF_BASELINE ? { baseline: env.FLEET_PERF_BASELINE } : {}),
    consumableCards,
    orderWaitSeconds: parseInteger('FLEET_PERF_ORDER_WAIT', env.FLEET_PERF_ORDER_WAIT, 10, 0, 600),
    ...(env.SANDBOX_LATENCY?.trim() ? { sandboxLatency: env.SANDBOX_LATENCY.trim() } : {}),
    confidence: parseConfidence(env.FLEET_PERF_CONFIDENCE),
  };
}

function parseWriteBudget(value: string | undefined, target: Target): Budget {
  const defaults = target === 'test' ? REMOTE_DEFAULT : {};
  const text = value?.trim() ?? '';
  if (text === '') return { ...defaults };
  if (text === 'none') return {};
  const budget: Budget = { ...defaults };
  for (const part of text.split(',')) {
    const m = /^\s*(\w+)\s*=\s*(\d+)\s*$/.exec(part);
    if (!m || !(BUDGET_KINDS as readonly string[]).includes(m[1]!)) {
      throw new ConfigError(
        `FLEET_WRITE_BUDGET: "${part.trim()}" is not ${BUDGET_KINDS.map((k) => `${k}=<number>`).join(', ')} (or none)`
      );
    }
    budget[m[1] as BudgetKind] = Number(m[2]);
  }
  return budget;
}

function parseGrep(text: string): string {
  try {
    new RegExp(text);
  } catch (e) {
    throw new ConfigError(`FLEET_GREP: "${text}" is not a regular expression (${(e as Error).message})`);
  }
  return text;
}

function parseStrict(value: string | undefined): ReadonlySet<string> {
  const ids = parseList(value);
  const known = assumptions.map((a) => a.id);
  if (ids.includes('all')) return new Set(known);
  const unknown = ids.filter((id) => !known.includes(id));
  if (unknown.length)
    throw new ConfigError(
      `FLEET_STRICT: unknown register entr${unknown.length > 1 ? 'ies' : 'y'} ${unknown.join(', ')} (known: all, ${known.join(', ')})`
    );
  return new Set(ids);
}

/** The gate's default bar: a night that judged less than 80% of what the baseline judged is not judged. */
export const DEFAULT_GATE_MIN_JUDGED = 0.8;
export const DEFAULT_GATE_MAX_UNJUDGED_NIGHTS = 2;

/** A share from 0 to 1 (0.8), or a percentage (80%). */
export function parseShare(name: string, value: string | undefined, fallback: number): number {
  const text = value?.trim() ?? '';
  if (text === '') return fallback;
  const m = /^(\d+(?:\.\d+)?|\.\d+)(%?)$/.exec(text);
  const share = m ? Number(m[1]) / (m[2] ? 100 : 1) : NaN;
  if (!(share >= 0 && share <= 1))
    throw new ConfigError(`${name}: "${text}" is not a share from 0 to 1 (e.g. 0.8) or a percentage (80%)`);
  return share;
}

/** A target whose median round trip (lib/target-speed.ts) is at least this is latency-bound. */
export const LATENCY_BOUND_MS = 20;

/** Prefix of everything the suite creates; `npm run cleanup` looks for it. */
export const RUN_PREFIX = 'fcr';

export function newRunId(now = Date.now()): string {
  return `${RUN_PREFIX}${now.toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5).padEnd(3, '0')}`;
}

function parseRunId(value: string | undefined): string {
  if (!value) return newRunId();
  if (!new RegExp(`^${RUN_PREFIX}[a-z0-9]{1,12}$`).test(value))
    throw new ConfigError(
      `FLEET_RUN_ID: "${value}" must be ${RUN_PREFIX} followed by 1 to 12 lowercase letters or digits`
    );
  return value;
}

function parseCardPin(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return String(1000 + Math.floor(Math.random() * 9000));
  if (!/^\d{4,12}$/.test(value.trim())) throw new ConfigError('FLEET_CARD_PIN: must be 4 to 12 digits');
  return value.trim();
}

/**
 * Where the embedded sandbox answers: the free port the run's global setup hosted it on
 * (FLEET_SANDBOX_URL, lib/embedded-sandbox.ts); before that, and for `npm run -s token`, the
 * address of `npm run sandbox`.
 */
function embeddedSandboxUrl(value: string | undefined, sandboxPort: number): string {
  if (!value?.trim()) return `http://127.0.0.1:${sandboxPort}`;
  const url = parseUrl('FLEET_SANDBOX_URL', value.trim());
  if (!isLoopback(url.hostname))
    throw new ConfigError(
      `FLEET_SANDBOX_URL: "${value}" is not a loopback address (it is set by the run itself, not by hand)`
    );
  return url.href.replace(/\/+$/, '');
}

function parseTokenAuth(value: string | undefined): TokenAuth {
  const text = value?.trim() || 'client_secret_post';
  if (!(TOKEN_AUTHS as readonly string[]).includes(text))
    throw new ConfigError(`FLEET_TOKEN_AUTH: "${text}" is not ${TOKEN_AUTHS.join(' or ')}`);
  return text as TokenAuth;
}

function parseVerbose(value: string | undefined): boolean {
  const text = value?.trim().toLowerCase() ?? '';
  if (['', '0', 'no', 'false'].includes(text)) return false;
  if (['1', 'yes', 'true'].includes(text)) return true;
  throw new ConfigError(`FLEET_VERBOSE: "${value}" is not 1 or 0 (yes or no)`);
}

/** Where `npm run sandbox` listens: meaningful beside a FLEET_BASE_URL that points at it. */
const SANDBOX_ADDRESS = new Set(['SANDBOX_PORT', 'SANDBOX_HOST']);

/**
 * SANDBOX_FAULTS and the like set the embedded sandbox; a run against FLEET_BASE_URL starts none,
 * so they would be ignored and the run shown green whatever they asked for.
 */
function refuseSandboxSettings(env: Env, baseUrl: string): void {
  const set = Object.keys(env)
    .filter((name) => name.startsWith('SANDBOX_') && !SANDBOX_ADDRESS.has(name) && env[name]?.trim())
    .sort();
  if (!set.length) return;
  throw new ConfigError(
    `${set.join(', ')}: ${set.length > 1 ? 'settings' : 'a setting'} of the embedded sandbox, but FLEET_BASE_URL points the run at ${baseUrl}, which starts none; unset ${set.length > 1 ? 'them' : 'it'}, or FLEET_BASE_URL to run against the embedded sandbox`
  );
}

function transport(env: Env, sandbox: boolean, target: Target): TransportSettings {
  // The embedded sandbox runs in the run's own process on loopback: nothing to reach through a proxy.
  if (sandbox) return DIRECT;
  try {
    return parseTransport(env, target === 'production');
  } catch (e) {
    throw e instanceof TransportConfigError ? new ConfigError(e.message) : e;
  }
}

/** Builds the configuration from an environment (by default `.env` over process.env). */
export function loadConfig(env: Env = readEnv()): Config {
  const rawTarget = env.FLEET_TARGET?.trim();
  if (rawTarget && !(TARGETS as readonly string[]).includes(rawTarget)) {
    throw new ConfigError(`FLEET_TARGET: "${rawTarget}" is unknown (expected sandbox, test or production)`);
  }
  const baseUrlValue = env.FLEET_BASE_URL?.trim();
  const sandbox = !baseUrlValue;
  const sandboxPort = parseInteger('SANDBOX_PORT', env.SANDBOX_PORT, sandboxDefaults.port, 1, 65535);
  const target: Target = (rawTarget as Target | undefined) ?? (sandbox ? 'sandbox' : 'test');
  if (sandbox && target !== 'sandbox') {
    throw new ConfigError(
      `FLEET_TARGET: "${target}" needs FLEET_BASE_URL (leave FLEET_BASE_URL unset only for the embedded sandbox)`
    );
  }
  if (!sandbox && target === 'sandbox') {
    // An external sandbox (npm run sandbox) is fine, but only on loopback.
    if (!isLoopback(parseUrl('FLEET_BASE_URL', baseUrlValue!).hostname)) {
      throw new ConfigError(
        'FLEET_TARGET: "sandbox" with a non-loopback FLEET_BASE_URL; use test or production for remote servers'
      );
    }
  }

  const baseUrl = sandbox
    ? embeddedSandboxUrl(env.FLEET_SANDBOX_URL, sandboxPort)
    : parseUrl('FLEET_BASE_URL', baseUrlValue!).href.replace(/\/+$/, '');
  if (!sandbox) refuseSandboxSettings(env, baseUrl);
  const tokenUrl = env.FLEET_TOKEN_URL?.trim()
    ? parseUrl('FLEET_TOKEN_URL', env.FLEET_TOKEN_URL.trim()).href
    : `${baseUrl}${DOCUMENT_TOKEN_PATH}`;

  const clientId = env.FLEET_CLIENT_ID?.trim() || (sandbox || target === 'sandbox' ? sandboxDefaults.clientId : '');
  const clientSecret = env.FLEET_CLIENT_SECRET || (sandbox || target === 'sandbox' ? sandboxDefaults.clientSecret : '');
  if (!clientId || !clientSecret) {
    const missing = [!clientId && 'FLEET_CLIENT_ID', !clientSecret && 'FLEET_CLIENT_SECRET']
      .filter(Boolean)
      .join(' and ');
    throw new ConfigError(
      `${missing}: required for target "${target}" (only the embedded sandbox has default credentials)`
    );
  }

  // The sandbox's seeded ids, whether embedded or started by hand (npm run sandbox) on loopback.
  const ours = target === 'sandbox';
  const sessionIds =
    env.FLEET_SESSION_IDS !== undefined
      ? parseList(env.FLEET_SESSION_IDS)
      : ours
        ? [...sandboxDefaults.sessionIds]
        : [];
  const poolCustomers = env.FLEET_CARD_POOL_CUSTOMER?.trim()
    ? parseList(env.FLEET_CARD_POOL_CUSTOMER)
    : ours
      ? [...sandboxDefaults.poolCustomers]
      : [];
  const poolCustomer = poolCustomers[0];
  const foreignCustomer = env.FLEET_FOREIGN_CUSTOMER?.trim() || (ours ? sandboxDefaults.foreignCustomer : undefined);
  const foreignClientId = env.FLEET_FOREIGN_CLIENT_ID?.trim() || (ours ? sandboxDefaults.foreignClientId : '');
  const foreignClientSecret = env.FLEET_FOREIGN_CLIENT_SECRET || (ours ? sandboxDefaults.foreignClientSecret : '');
  if (!foreignClientId !== !foreignClientSecret) {
    throw new ConfigError(
      `${foreignClientId ? 'FLEET_FOREIGN_CLIENT_SECRET' : 'FLEET_FOREIGN_CLIENT_ID'}: the second client needs both FLEET_FOREIGN_CLIENT_ID and FLEET_FOREIGN_CLIENT_SECRET`
    );
  }
  if (foreignClientId && foreignClientId === clientId)
    throw new ConfigError('FLEET_FOREIGN_CLIENT_ID: the second client must be another client than FLEET_CLIENT_ID');
  const loopback = isLoopback(new URL(baseUrl).hostname);
  const roundTrip = env.FLEET_TARGET_RTT_MS?.trim()
    ? parseInteger('FLEET_TARGET_RTT_MS', env.FLEET_TARGET_RTT_MS, 0, 0)
    : undefined;
  // A slow target (timed at the start of the run; without a timing, one off loopback), or the
  // embedded sandbox answering at the document's latencies or behind a network: every request costs a round trip and
  // server time, so runs are counted and workers wait, not compute.
  const latencyBound = sandbox
    ? [env.SANDBOX_LATENCY, env.SANDBOX_NETWORK].some((v) => (v?.trim() || 'off') !== 'off')
    : roundTrip !== undefined
      ? roundTrip >= LATENCY_BOUND_MS
      : !loopback;

  const seedValue = env.FLEET_FC_SEED?.trim();
  if (seedValue && !/^-?\d+$/.test(seedValue))
    throw new ConfigError(`FLEET_FC_SEED: "${seedValue}" is not a whole number (copy it from the failure message)`);
  const replayPath = env.FLEET_FC_REPLAY_PATH?.trim();
  if (replayPath && !/^[A-Za-z0-9+/]*:[A-Za-z0-9+/]*$/.test(replayPath))
    throw new ConfigError(
      `FLEET_FC_REPLAY_PATH: "${replayPath}" is not a fast-check replayPath (copy it from the failure message)`
    );

  return Object.freeze({
    target,
    sandbox,
    baseUrl,
    tokenUrl,
    clientId,
    clientSecret,
    tokenAuth: parseTokenAuth(env.FLEET_TOKEN_AUTH),
    ...(env.FLEET_TOKEN_SCOPE?.trim() ? { tokenScope: env.FLEET_TOKEN_SCOPE.trim() } : {}),
    ...(env.FLEET_TOKEN_AUDIENCE?.trim() ? { tokenAudience: env.FLEET_TOKEN_AUDIENCE.trim() } : {}),
    transport: transport(env, sandbox, target),
    sessionIds,
    poolCustomer,
    poolCustomers,
    foreignCustomer,
    ...(foreignClientId ? { foreignClient: { clientId: foreignClientId, clientSecret: foreignClientSecret } } : {}),
    geoParamNames: parseKeyValues('FLEET_GEO_PARAM_NAMES', env.FLEET_GEO_PARAM_NAMES, GEO_PARAMS),
    geoAvailableStatus: env.FLEET_GEO_AVAILABLE_STATUS?.trim() || 'AVAILABLE',
    customerListFields: listFields(env.FLEET_CUSTOMER_LIST_FIELDS),
    sandboxPort,
    runId: parseRunId(env.FLEET_RUN_ID),
    replacementTimeoutSeconds: parseInteger('FLEET_REPLACEMENT_TIMEOUT', env.FLEET_REPLACEMENT_TIMEOUT, 10, 0, 600),
    orderCardsWaitSeconds: parseInteger('FLEET_ORDER_WAIT', env.FLEET_ORDER_WAIT, 10, 0, 600),
    cardPin: parseCardPin(env.FLEET_CARD_PIN),
    reportsDir: env.FLEET_REPORTS_DIR?.trim() || 'reports',
    fastCheck: {
      ...(seedValue ? { seed: Number(seedValue) } : {}),
      ...(env.FLEET_FC_PATH?.trim() ? { path: env.FLEET_FC_PATH.trim() } : {}),
      ...(replayPath ? { replayPath } : {}),
      runs: parseInteger('FLEET_FC_RUNS', env.FLEET_FC_RUNS, latencyBound ? 15 : 60, 1, 100_000),
    },
    perf: parsePerf(env, target),
    strict: parseStrict(env.FLEET_STRICT),
    writeBudget: parseWriteBudget(env.FLEET_WRITE_BUDGET, target),
    ...(env.FLEET_GREP?.trim() ? { grep: parseGrep(env.FLEET_GREP.trim()) } : {}),
    workers: parseInteger('FLEET_WORKERS', env.FLEET_WORKERS, latencyBound ? 8 : 2, 1, 64),
    ...(roundTrip !== undefined ? { targetRoundTripMs: roundTrip } : {}),
    verbose: parseVerbose(env.FLEET_VERBOSE),
    ...(env.FLEET_SELFTEST_PLAN ? { selftestPlan: parseSelftestPlan(env.FLEET_SELFTEST_PLAN) } : {}),
    gateMinJudged: parseShare('FLEET_GATE_MIN_JUDGED', env.FLEET_GATE_MIN_JUDGED, DEFAULT_GATE_MIN_JUDGED),
    gateMaxUnjudgedNights: parseInteger(
      'FLEET_GATE_MAX_UNJUDGED_NIGHTS',
      env.FLEET_GATE_MAX_UNJUDGED_NIGHTS,
      DEFAULT_GATE_MAX_UNJUDGED_NIGHTS,
      1,
      365
    ),
  });
}

function parseSelftestPlan(value: string): SelftestTarget[] {
  let plan: unknown;
  try {
    plan = JSON.parse(value);
  } catch {
    throw new ConfigError('FLEET_SELFTEST_PLAN: not JSON (it is set by npm run selftest:faults, not by hand)');
  }
  const valid =
    Array.isArray(plan) &&
    plan.every(
      (t) => typeof t?.fault === 'string' && typeof t?.baseUrl === 'string' && isLoopback(new URL(t.baseUrl).hostname)
    );
  if (!valid) throw new ConfigError('FLEET_SELFTEST_PLAN: expected [{fault, baseUrl (loopback), grep?}]');
  return plan as SelftestTarget[];
}

/** The configuration aimed at another sandbox of the same kind (a fault self-test project). */
export function retarget(config: Config, baseUrl: string): Config {
  if (baseUrl === config.baseUrl) return config;
  return Object.freeze({ ...config, baseUrl, tokenUrl: `${baseUrl}${DOCUMENT_TOKEN_PATH}` });
}

/** One line naming the target and mode; never a secret. */
export function banner(config: Config): string {
  if (config.selftestPlan)
    return `fleet-conformance → fault self-test: ${config.selftestPlan.length} sandboxes, one fault each`;
  const where = config.sandbox ? 'embedded sandbox (a free port of its own)' : config.baseUrl;
  const mode = config.target === 'production' ? 'read-only (production guard on)' : 'read-write';
  return `fleet-conformance → ${config.target}: ${where}, client ${config.clientId}, ${mode}${transportWords(config)}`;
}

/** The transport in force, for the banner: what a reader of the run's first line must know. */
function transportWords(config: Config): string {
  const t = config.transport;
  const words = [
    t.insecure
      ? 'TLS NOT VERIFIED (FLEET_TLS_INSECURE=yes, a test environment only)'
      : t.caFiles.length
        ? `trusting ${t.caFiles[0]}${t.caFiles.length > 1 ? ' and NODE_EXTRA_CA_CERTS' : ''}`
        : '',
    t.clientCertificate ? `client certificate ${t.clientCertificate.certFile}` : '',
    t.httpsProxy
      ? `proxy ${shownProxy(t.httpsProxy)}${t.noProxy.length ? ` (not for ${t.noProxy.join(',')})` : ''}`
      : '',
    config.tokenUrl.startsWith(`${config.baseUrl}/`) ? '' : `tokens from ${config.tokenUrl}`,
  ].filter(Boolean);
  return words.length ? `; ${words.join('; ')}` : '';
}

/** Values that must never reach a report or a log. */
export function secretsOf(config: Config): string[] {
  return [
    config.clientSecret,
    config.cardPin,
    ...(config.foreignClient ? [config.foreignClient.clientSecret] : []),
    ...transportSecrets(config.transport),
  ];
}

/**
 * The environment of a child process the suite starts (the perf run's sandbox): the suite's own
 * environment with `overrides`, so that the child reads its own variables as from a shell.
 */
export function childProcessEnv(
  overrides: Record<string, string>,
  processEnv: Env = process.env
): Record<string, string | undefined> {
  return { ...processEnv, ...overrides };
}

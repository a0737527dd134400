/**
 * npm run selftest:faults [-- --quick [--share n | k/n] | --sample [--seed n]] [--only id,id] [--workers n] [--remote]
 *
 * Proves the suite catches real faults, and only them. For every fault of sandbox/faults.ts it
 * hosts a sandbox with that one fault and runs the whole conformance suite against it, as a user
 * would: the fault's own rule (or a companion the fault documents) must be red and nothing else,
 * and the run must take at most 1.5 times a clean run. Per fault: the red and blocked rules and
 * the time against the clean run, in reports/selftest/faults.json, with the distribution. A run
 * over the time bar is timed again beside a fresh clean run (the machine's speed drifts).
 *
 *   --sample  the same, for 8 faults, each of another rule family, drawn by a seed (printed; --seed n,
 *             by default the day's date, so that a daily run covers other statements each
 *             day); there the time ratio is shown but not judged: a time is a benchmark's verdict, not a test's
 *   --quick   detection only, in one Playwright run: each fault's sandbox gets the tests that name its rule
 *   --share n with --quick: every n-th fault only, the day's share (day number mod n), or share k of n
 *             with k/n; npm test checks a third of the faults each day (all of them took ~22 minutes)
 *   --chaos [rate]  with --quick: each fault's sandbox behind a chaos layer of its own (proof/chaos/,
 *             each kind of event at the rate, default 0.003, the first token request 503, seeded per
 *             fault): each fault must still be caught, and only its rule (or a companion) red by a
 *             failing test; incomplete tests are not red, and not a catch
 *   --remote  (the full mode or --sample) each fault's sandbox out of process, as a test environment
 *             is met in the field (the stand-in of npm run nights: TLS, a client certificate, an
 *             identity provider's tokens), and npm run conformance against it with a repository's variables;
 *             a latency fault's, npm run perf of its operation with every default (5 requests/s for 10 s),
 *             beside npm run perf of every operation against a clean one
 * A latency fault (its rule LAT-*) is caught by the perf gate, not by a conformance test: the full
 * mode runs a gate over every operation per fault (only its operation may fail), beside a clean gate;
 * --quick, only when --only names them (a gate is ~45 s: npm test leaves them to the full mode), one
 * gate over their operations, each slowed by its own fault. --sample draws none.
 *
 * A fault that makes an operation unavailable (`unavailable` in sandbox/faults.ts) is caught when
 * the run says that operation unavailable, exits 4 and shows nothing red; its time is the server's
 * (every request waits as it asks), not judged by the time bar.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../lib/config.js';
import { UNAVAILABLE_ANNOTATION } from '../../lib/ledger.js';
import { listedTests } from '../../lib/listed-tests.js';
import type { LatencyKey } from '../../lib/operations.js';
import type { CoverageReport } from '../../lib/report/coverage.js';
import { UNAVAILABLE_EXIT } from '../../lib/report/run-verdict.js';
import { rules } from '../../lib/rules/catalogue.js';
import { sandboxDefaults } from '../../sandbox/defaults.js';
import { type FaultRow, faultCatalogue } from '../../sandbox/faults.js';
import { hostSandbox } from '../../sandbox/host.js';
import { oneLine } from '../../scripts/one-line.js';
import { type ChaosEvent, countByKind } from '../chaos/events.js';
import { BAD_NIGHT_RATE, parseChaosOptions } from '../chaos/options.js';
import { startChaosProxy } from '../chaos/proxy.js';
import { gateRun } from '../perf/accuracy.js';
import { parseShare, shareOf } from '../selftest/fault-share.js';
import {
  perfAsTestEnvironment,
  redRules,
  runAsTestEnvironment,
  runSuite,
  type SuiteRun,
} from '../selftest/suite-run.js';

type Mode = 'full' | 'sample' | 'quick';

interface Options {
  mode: Mode;
  only?: string[];
  workers: number;
  /** Where the coverage of a fault that was not pinned down is kept. */
  keepDir: string;
  /** --quick behind the chaos layer at this rate of each kind. */
  chaos?: number;
  /** --sample's seed. */
  seed?: number;
  /** Each fault out of process, as a test environment is met in the field (the stand-in of npm run nights). */
  remote?: boolean;
  /** --quick --share: share `part` (1-based) of the faults cut in `of`; without a part, the day's. */
  share?: { part?: number; of: number };
}

/** How many faults --sample runs (each a whole run of the suite, about 45 s): a few minutes, apart from npm test. */
const SAMPLE_SIZE = 8;

/**
 * The faults --sample runs: SAMPLE_SIZE of them, each of another rule family (the families left out
 * are drawn too), drawn by `seed`: deterministic (the same seed, the same sample), so that over the
 * days every statement's fault comes round. Latency faults are the perf gate's, never drawn.
 */
function sampleFaults(seed: number): string[] {
  const byFamily = new Map<string, string[]>();
  for (const id of Object.keys(catalogue).filter((f) => !latencyKeyOf(f))) {
    const family = rules.get(catalogue[id]!.rule)?.family ?? 'unknown';
    byFamily.set(family, [...(byFamily.get(family) ?? []), id]);
  }
  let state = seed >>> 0;
  // mulberry32: a small seeded generator, the same on every machine.
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const families = [...byFamily.keys()].sort();
  while (families.length > SAMPLE_SIZE) families.splice(Math.floor(next() * families.length), 1);
  return families.map((family) => {
    const ids = byFamily.get(family)!;
    return ids[Math.floor(next() * ids.length)]!;
  });
}

/** The default seed of --sample: today's date (UTC) as YYYYMMDD. */
const todaysSeed = () => Number(new Date().toISOString().slice(0, 10).replace(/-/g, ''));

/** The operation a latency fault slows (its rule is LAT-<KEY>), or undefined for a fault a conformance test catches. */
function latencyKeyOf(fault: string): LatencyKey | undefined {
  const rule = catalogue[fault]!.rule;
  return rules.get(rule)?.family === 'latency' ? (rule.replace(/^LAT-/, '').toLowerCase() as LatencyKey) : undefined;
}

/**
 * The perf gate against a sandbox with `faults` on, over `operations` (default: all); its failed
 * operations and its time. `few`: 30 samples an operation, enough to decide a p50 that every
 * answer misses (--quick's detection), where the full mode takes the gate's 100.
 */
async function gate(
  faults: string[],
  outDir: string,
  operations?: LatencyKey[],
  few = false
): Promise<{ failed: string[]; seconds: number; unjudged?: string }> {
  const started = Date.now();
  const { failed } = await gateRun({
    latency: 'off',
    outDir,
    sandbox: { SANDBOX_FAULTS: faults.join(',') },
    ...(operations ? { operations } : {}),
    ...(few ? { rate: 30, duration: 1, warmup: 1 } : {}),
  });
  return { failed, seconds: (Date.now() - started) / 1000 };
}

/**
 * --remote: `npm run perf` as a test environment's user runs it (every default: 5 requests/s for
 * 10 s), against the sandbox out of process; a fault's run measures its own operation, the clean
 * run every operation. Its failed operations, its time, and what it could not decide or measure.
 */
async function remoteGate(
  fault: string | undefined,
  outDir: string
): Promise<{ failed: string[]; seconds: number; unjudged: string }> {
  const run = await perfAsTestEnvironment(
    { SANDBOX_POOL_CARDS: String(sandboxDefaults.minPoolCards), ...(fault ? { SANDBOX_FAULTS: fault } : {}) },
    fault ? [latencyKeyOf(fault)!] : [],
    outDir
  );
  if (!Object.keys(run.statuses).length)
    throw new Error(
      `npm run perf${fault ? ` against ${fault}` : ''} measured nothing (exit ${run.code}): ${oneLine(run.tail)}`
    );
  const named = (status: string) =>
    Object.entries(run.statuses)
      .filter(([, s]) => s === status)
      .map(([op]) => op);
  const unjudged = [
    ['not decided', named('inconclusive')],
    ['not measured', named('not-measured')],
  ]
    .filter(([, ops]) => ops!.length)
    .map(([words, ops]) => `${words}: ${(ops as string[]).join(', ')}`)
    .join('; ');
  return { failed: named('failed'), seconds: run.seconds, unjudged };
}

/** The bar: no fault may show more red rules, nor take longer against a clean run. */
const MAX_RED = 2;
const MAX_RATIO = 1.5;

type Verdict = 'precise' | 'imprecise' | 'missed' | 'slow' | 'error';

interface FullResult {
  fault: string;
  rule: string;
  companions: string[];
  description: string;
  verdict: Verdict;
  red: string[];
  /** Red rules that are neither the fault's rule nor a documented companion. */
  extra: string[];
  blocked: string[];
  /** What the fault's rule carries as proof: the answer (and, for a write the server answered 5xx, the read back). */
  evidence?: string;
  /** An unavailable fault: the operations the run said unavailable, and its exit code. */
  unavailable?: { operations: string[]; code: number };
  seconds: number;
  ratio: number;
  error?: string;
}

const catalogue = faultCatalogue as Record<string, FaultRow>;

function parseArgs(argv: string[], reportsDir: string): Options {
  const options: Options = { mode: 'full', workers: 2, keepDir: join(reportsDir, 'selftest', 'faults') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') options.mode = 'quick';
    else if (arg === '--sample') options.mode = 'sample';
    else if (arg === '--only') options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--workers') options.workers = Math.max(1, Number(argv[++i]) || 1);
    else if (arg === '--chaos') options.chaos = /^[\d.]/.test(argv[i + 1] ?? '') ? Number(argv[++i]) : BAD_NIGHT_RATE;
    else if (arg === '--seed') options.seed = Number(argv[++i]);
    else if (arg === '--remote') options.remote = true;
    else if (arg === '--share') options.share = parseShare(argv[++i] ?? '');
    else
      throw new ConfigError(
        `unknown argument "${arg}" (use --quick [--share n], --sample [--seed n], --only id,id, --workers n, --chaos [rate], --remote)`
      );
  }
  if (options.chaos !== undefined && options.mode !== 'quick') throw new ConfigError('--chaos goes with --quick');
  if (options.chaos !== undefined && !(options.chaos >= 0 && options.chaos <= 0.2))
    throw new ConfigError(`--chaos ${options.chaos}: a rate of each kind from 0 to 0.2`);
  if (options.remote && options.mode === 'quick')
    throw new ConfigError('--remote goes with the full mode or --sample: --quick hosts every sandbox in one process');
  if (options.share && (options.mode !== 'quick' || options.only))
    throw new ConfigError('--share goes with --quick, without --only');
  if (options.seed !== undefined && (options.mode !== 'sample' || !Number.isInteger(options.seed) || options.seed < 0))
    throw new ConfigError('--seed goes with --sample: a whole number from 0');
  return options;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : 0;
};

/** A run of the whole suite against `sandbox`: hosted here, or out of process as a test environment (--remote). */
function wholeRun(
  options: Options,
  sandbox: Record<string, string>,
  suite: Record<string, string>,
  reportsDir: string,
  args?: string[]
): Promise<SuiteRun> {
  if (options.remote)
    return runAsTestEnvironment(
      { SANDBOX_POOL_CARDS: String(sandboxDefaults.minPoolCards), ...sandbox },
      { ...suite, ...(args ? { FLEET_GREP: args[1]! } : {}) },
      reportsDir,
      'off'
    );
  return runSuite({ sandbox, suite, reportsDir, workers: options.workers, ...(args ? { args } : {}) });
}

/** What the fault's rule shows as its proof: the status, and a write's read-back. */
function evidenceOf(coverage: CoverageReport, rule: string): string | undefined {
  const e = coverage.rules.find((r) => r.id === rule)?.evidence;
  if (!e) return undefined;
  const readBack = e.readBack
    ? `; read back: ${e.readBack.performed ? 'performed' : 'not performed'}${e.readBack.request ? ` (${e.readBack.request} → ${e.readBack.status})` : ''}`
    : '';
  return `${e.request.method} ${e.request.path.split('?')[0]} → ${e.response.status}${e.earlier?.length ? ` (and ${e.earlier.map((x) => x.status).join(', ')} before)` : ''}${e.sentAgain ? `, then ${e.sentAgain.status} sent once more` : ''}${readBack}`;
}

async function full(
  faults: string[],
  options: Options,
  work: string
): Promise<{ results: FullResult[]; clean: number }> {
  // A fault that needs sandbox or suite settings (short-lived tokens, a strict reading) is timed
  // against a clean run under the same settings: each set of settings gets one clean run, green.
  const cleanRuns = new Map<string, number>();
  const cleanSeconds = async (
    env: Record<string, string> = {},
    suite: Record<string, string> = {},
    fresh = false
  ): Promise<number> => {
    const key = JSON.stringify([env, suite]);
    const known = cleanRuns.get(key);
    if (known !== undefined && !fresh) return known;
    const clean = await wholeRun(options, env, suite, join(work, `clean-${cleanRuns.size}`));
    const cleanRed = clean.coverage ? redRules(clean.coverage) : ['(no coverage)'];
    const settings = Object.entries({ ...env, ...suite })
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    if (clean.code !== 0 || cleanRed.length)
      throw new Error(
        `the clean run${settings ? ` with ${settings}` : ''} is not green (red: ${cleanRed.join(', ') || 'none'}): ${oneLine(clean.tail)}`
      );
    console.log(
      `${fresh ? 'fresh ' : ''}clean run${settings ? ` with ${settings}` : ''}: ${clean.seconds.toFixed(1)} s, green`
    );
    cleanRuns.set(key, clean.seconds);
    return clean.seconds;
  };
  // The first run of a process tree compiles the suite (tsx's cache): a warm-up, not a baseline.
  const conformance = faults.some((f) => !latencyKeyOf(f));
  if (conformance) await wholeRun(options, {}, {}, join(work, 'warm-up'), ['-g', '@smoke']);
  const clean = conformance ? await cleanSeconds() : 0;
  // The latency faults' control: a gate over every operation of a clean sandbox, nothing failed.
  let cleanGate: number | undefined;
  const results: FullResult[] = [];
  for (const [i, fault] of faults.entries()) {
    const { rule, companions = [], description, env, suite, unavailable } = catalogue[fault]!;
    if (latencyKeyOf(fault)) {
      // --remote: npm run perf against the stand-in; otherwise the gate of a hosted sandbox.
      const perfGate = (faulty?: string) =>
        options.remote
          ? remoteGate(faulty, join(work, `gate-${faulty ?? 'clean'}`))
          : gate(faulty ? [faulty] : [], join(work, `gate-${faulty ?? 'clean'}`));
      if (cleanGate === undefined) {
        const control = await perfGate();
        if (control.failed.length)
          throw new Error(
            `the perf gate of a clean sandbox failed ${control.failed.join(', ')}: no latency fault can be judged beside it`
          );
        cleanGate = control.seconds;
        console.log(
          `clean perf gate${options.remote ? ' (npm run perf, every operation, out of process)' : ''}: ${cleanGate.toFixed(1)} s, no operation failed${control.unjudged ? `; ${control.unjudged}` : ''}`
        );
      }
      const run = await perfGate(fault);
      const red = run.failed.map((key) => `LAT-${key.toUpperCase()}`);
      const extra = red.filter((r) => r !== rule);
      // A slowed operation takes longer by design: the time is shown, not judged.
      const verdict: Verdict = !red.includes(rule) ? 'missed' : extra.length ? 'imprecise' : 'precise';
      results.push({
        fault,
        rule,
        companions,
        description,
        verdict,
        red,
        extra,
        blocked: [],
        seconds: Math.round(run.seconds * 10) / 10,
        ratio: Math.round((run.seconds / cleanGate) * 100) / 100,
      });
      console.log(
        `${verdict === 'precise' ? '✓' : '✘'} ${String(i + 1).padStart(3)}/${faults.length} ${fault.padEnd(44)} ${verdict.padEnd(9)} perf gate failed: ${run.failed.join(', ') || '—'}${run.unjudged ? ` (${run.unjudged})` : ''}; ${run.seconds.toFixed(1)} s`
      );
      continue;
    }
    const baseline = await cleanSeconds(env, suite);
    const faulty = (dir: string) => wholeRun(options, { ...env, SANDBOX_FAULTS: fault }, suite ?? {}, join(work, dir));
    const run = await faulty(fault);
    const red = run.coverage ? redRules(run.coverage) : [];
    const blocked = run.coverage?.rules.filter((r) => r.status === 'blocked').map((r) => r.id) ?? [];
    const extra = red.filter((r) => r !== rule && !companions.includes(r));
    let ratio = run.seconds / baseline;
    if (ratio > MAX_RATIO && run.coverage && options.mode === 'full' && !unavailable) {
      // This machine's speed drifts by a third over a long table: a run over the bar is timed once
      // more beside a fresh clean run, and the faster of the two comparisons counts.
      const fresh = await cleanSeconds(env, suite, true);
      // Its own folder: the coverage kept for a look below stays the first run's, whose red rules are judged.
      const again = await faulty(`${fault}-again`);
      console.log(
        `  ${fault}: ×${ratio.toFixed(2)} against the first clean run, ×${(again.seconds / fresh).toFixed(2)} timed again (${again.seconds.toFixed(1)} s)`
      );
      ratio = Math.min(ratio, again.seconds / fresh);
    }
    const said = run.coverage?.unavailable?.map((o) => o.operationId) ?? [];
    // An unavailable operation is said so, with nothing red and exit 4; every other fault turns its rule red.
    const caught = unavailable ? said.includes(unavailable) && run.code === UNAVAILABLE_EXIT : red.includes(rule);
    // An unavailable operation's every request waits as the server asks (Retry-After): that time is
    // the server's, so the time bar does not judge it.
    const verdict: Verdict = !run.coverage
      ? 'error'
      : !caught
        ? 'missed'
        : (unavailable ? red : extra).length || red.length > MAX_RED
          ? 'imprecise'
          : ratio > MAX_RATIO && !unavailable
            ? 'slow'
            : 'precise';
    const evidence = run.coverage && !unavailable ? evidenceOf(run.coverage, rule) : undefined;
    results.push({
      fault,
      rule,
      companions,
      description,
      verdict,
      red,
      extra,
      blocked,
      ...(evidence ? { evidence } : {}),
      ...(unavailable ? { unavailable: { operations: said, code: run.code } } : {}),
      seconds: Math.round(run.seconds * 10) / 10,
      ratio: Math.round(ratio * 100) / 100,
      ...(verdict === 'error' ? { error: oneLine(run.tail) } : {}),
    });
    // The evidence of a fault the suite did not pin down: its coverage report stays for a look.
    if (verdict !== 'precise' && run.coverage) {
      const keep = join(options.keepDir, fault);
      mkdirSync(keep, { recursive: true });
      for (const f of ['coverage.json', 'coverage.html'])
        if (existsSync(join(work, fault, f))) copyFileSync(join(work, fault, f), join(keep, f));
    }
    const mark = verdict === 'precise' ? '✓' : '✘';
    const shown = unavailable
      ? `; unavailable: ${said.join(', ') || '—'}, exit ${run.code}`
      : evidence
        ? `; evidence ${evidence}`
        : '';
    console.log(
      `${mark} ${String(i + 1).padStart(3)}/${faults.length} ${fault.padEnd(44)} ${verdict.padEnd(9)} red: ${red.join(', ') || '—'}${extra.length ? ` (extra: ${extra.join(', ')})` : ''}; blocked ${blocked.length}${shown}; ${run.seconds.toFixed(1)} s (×${ratio.toFixed(2)})`
    );
  }
  return { results, clean };
}

// ---- --quick: detection only, every fault's sandbox in one Playwright run ----

interface JsonTest {
  projectName: string;
  results: { status: string; annotations?: { type: string }[] }[];
}
interface JsonSpec {
  title: string;
  tests: JsonTest[];
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

const specs = (suite: JsonSuite): JsonSpec[] => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specs)];

function playwright(args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

interface QuickResult {
  fault: string;
  rule: string;
  caughtBy: string[];
  /** not judged: behind the chaos layer, every test of its rule ended incomplete (the environment's, not a miss). */
  verdict: 'caught' | 'missed' | 'not specified' | 'imprecise' | 'not judged';
  /** Behind the chaos layer: the rules its failing tests show red, the events injected, its incomplete tests. */
  red?: string[];
  chaos?: { injected: number; events: Partial<Record<string, number>>; incomplete: number };
}

/** Each fault's sandbox behind a chaos layer of its own; the layers' events, by fault. */
async function behindChaos(
  hosted: { fault: string; baseUrl: string }[],
  rate: number
): Promise<{
  plan: { fault: string; baseUrl: string }[];
  events: Map<string, ChaosEvent[]>;
  stop: () => Promise<void>;
}> {
  const events = new Map(hosted.map((h) => [h.fault, [] as ChaosEvent[]]));
  const seed = Math.floor(Math.random() * 2 ** 31);
  console.log(
    `behind the chaos layer: each kind of event at ${rate}, the first token request 503, seeds ${seed}+ (one per fault)`
  );
  const layers = await Promise.all(
    hosted.map((h, i) =>
      startChaosProxy(
        parseChaosOptions(['--target', h.baseUrl, '--seed', String(seed + i), '--rate', String(rate)], {}),
        (e) => events.get(h.fault)!.push(e)
      )
    )
  );
  return {
    plan: hosted.map((h, i) => ({ fault: h.fault, baseUrl: layers[i]!.url })),
    events,
    stop: async () => void (await Promise.all(layers.map((l) => l.stop()))),
  };
}

/** --quick of the latency faults: one perf gate over their operations, each slowed by its own fault; caught when its operation failed. */
async function quickLatency(faults: string[], work: string): Promise<QuickResult[]> {
  if (!faults.length) return [];
  const keys = faults.map((f) => latencyKeyOf(f)!);
  console.log(`the perf gate over ${keys.length} operations, each slowed by its latency fault`);
  const { failed, seconds } = await gate(faults, join(work, 'gate'), keys, true);
  return faults.map((fault, i) => {
    const caught = failed.includes(keys[i]!);
    return {
      fault,
      rule: catalogue[fault]!.rule,
      caughtBy: caught ? [`the perf gate: ${keys[i]} failed (${seconds.toFixed(0)} s for all)`] : [],
      verdict: caught ? 'caught' : 'missed',
    };
  });
}

async function quick(all: string[], options: Options, work: string): Promise<QuickResult[]> {
  const latency = await quickLatency(
    all.filter((f) => latencyKeyOf(f)),
    work
  );
  const faults = all.filter((f) => !latencyKeyOf(f));
  if (!faults.length) return latency;
  const listFile = join(work, 'list.json');
  await playwright(['--list', '--reporter=json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: listFile });
  const declared = new Set<string>(listedTests(JSON.parse(readFileSync(listFile, 'utf8'))).flatMap((t) => t.ruleIds));
  const specified = faults.filter((f) => declared.has(catalogue[f]!.rule));
  const hosted = await Promise.all(
    specified.map(async (fault) => ({
      fault,
      ...(await hostSandbox({ ...catalogue[fault]!.env, SANDBOX_FAULTS: fault })),
    }))
  );
  const chaos = options.chaos !== undefined ? await behindChaos(hosted, options.chaos) : undefined;
  const plan = (chaos?.plan ?? hosted).map(({ fault, baseUrl }) => ({
    fault,
    baseUrl,
    grep: `[\\[ ]${catalogue[fault]!.rule}[\\],]`,
  }));
  const strict = [...new Set(specified.flatMap((f) => catalogue[f]!.suite?.FLEET_STRICT?.split(',') ?? []))].join(',');
  const file = join(work, 'report.json');
  const reports = join(work, 'reports');
  // Behind the layer a failing test is not a catch by itself: the conformance reporter tells which rules it failed, and which tests were incomplete.
  await playwright(
    [
      `--reporter=dot,json${chaos ? ',./lib/report/conformance-reporter.ts' : ''}`,
      `--output=${join(work, 'out')}`,
      `--workers=${options.workers}`,
    ],
    {
      FLEET_SELFTEST_PLAN: JSON.stringify(plan),
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      FLEET_REPORTS_DIR: reports,
      ...(strict ? { FLEET_STRICT: strict } : {}),
    }
  );
  await chaos?.stop();
  await Promise.all(hosted.map((h) => h.app.close()));
  const report = JSON.parse(readFileSync(file, 'utf8')) as JsonSuite;
  const coverage =
    chaos && existsSync(join(reports, 'coverage.json'))
      ? (JSON.parse(readFileSync(join(reports, 'coverage.json'), 'utf8')) as CoverageReport)
      : undefined;
  const results = faults.map((fault): QuickResult => {
    const { rule, companions = [] } = catalogue[fault]!;
    if (chaos) {
      const mine = (coverage?.records ?? []).filter((r) => r.key.startsWith(`fault ${fault} › `));
      const failing = mine.filter((r) => r.outcome === 'failed' || r.outcome === 'assumption-failed');
      const red = [...new Set(failing.flatMap((r) => r.failedRules ?? r.ruleIds))];
      // An unavailable operation is caught by its tests ending unavailable, never by a failure.
      const caughtBy = catalogue[fault]!.unavailable
        ? mine.filter((r) => r.outcome === 'unavailable' && r.ruleIds.includes(rule)).map((r) => r.title)
        : failing.filter((r) => (r.failedRules ?? r.ruleIds).includes(rule)).map((r) => r.title);
      const judged = mine.filter((r) => r.ruleIds.includes(rule) && r.outcome !== 'incomplete');
      const verdict = !specified.includes(fault)
        ? 'not specified'
        : red.some((r) => r !== rule && !companions.includes(r))
          ? 'imprecise'
          : caughtBy.length
            ? 'caught'
            : judged.length
              ? 'missed'
              : 'not judged';
      const injected = chaos.events.get(fault) ?? [];
      return {
        fault,
        rule,
        caughtBy,
        verdict,
        red,
        chaos: {
          injected: injected.length,
          events: countByKind(injected),
          incomplete: mine.filter((r) => r.outcome === 'incomplete').length,
        },
      };
    }
    // An unavailable operation is caught when the tests of its rule end unavailable (the run's verdict, not a failure).
    const caughtWith = (r: JsonTest['results'][number]) =>
      catalogue[fault]!.unavailable
        ? r.status === 'skipped' && !!r.annotations?.some((a) => a.type === UNAVAILABLE_ANNOTATION)
        : r.status === 'failed' || r.status === 'timedOut';
    const caughtBy = specs(report)
      .filter((s) => s.tests.some((t) => t.projectName === `fault ${fault}` && t.results.some(caughtWith)))
      .map((s) => s.title);
    return {
      fault,
      rule,
      caughtBy,
      verdict: caughtBy.length ? 'caught' : specified.includes(fault) ? 'missed' : 'not specified',
    };
  });
  return all.map((f) => latency.find((r) => r.fault === f) ?? results.find((r) => r.fault === f)!);
}

async function main(): Promise<number> {
  const config = loadConfig();
  const options = parseArgs(process.argv.slice(2), config.reportsDir);
  rmSync(options.keepDir, { recursive: true, force: true });
  if (!config.sandbox)
    throw new ConfigError('FLEET_BASE_URL: selftest:faults runs against sandboxes of its own; unset FLEET_BASE_URL');
  const unknownRules = Object.entries(catalogue).flatMap(([id, f]) =>
    [f.rule, ...(f.companions ?? [])].filter((r) => !rules.has(r)).map((r) => `${id} → ${r}`)
  );
  if (unknownRules.length)
    throw new ConfigError(`sandbox/faults.ts: rule id(s) not in the catalogue: ${unknownRules.join(', ')}`);
  const seed = options.seed ?? todaysSeed();
  const sample = options.mode === 'sample' ? sampleFaults(seed) : [];
  if (sample.length) {
    console.log(
      `--sample: ${sample.length} faults of as many rule families, drawn with seed ${seed} (the same draw: --sample --seed ${seed})`
    );
    for (const id of sample)
      console.log(`  ${id.padEnd(44)} ${catalogue[id]!.rule.padEnd(36)} proves ${catalogue[id]!.proves.join(', ')}`);
  }
  const unknownOnly = (options.only ?? []).filter((id) => !(id in catalogue));
  if (unknownOnly.length) throw new ConfigError(`unknown fault(s) ${unknownOnly.join(', ')}`);
  // Without --only, --quick leaves the latency faults to the full mode (their perf gate is the slow part of a quick run).
  const chosen = Object.keys(catalogue).filter(
    (id) =>
      (options.only ?? (options.mode === 'sample' ? sample : [id])).includes(id) &&
      (options.mode !== 'quick' || options.only !== undefined || !latencyKeyOf(id))
  );
  const shared = options.share ? shareOf(chosen, options.share) : undefined;
  if (shared)
    console.log(
      `--share ${options.share!.of}: share ${shared.part} of ${options.share!.of}, ${shared.faults.length} of ${chosen.length} faults${options.share!.part === undefined ? " (the day's; the others on the other days, or --share k/n)" : ''}`
    );
  const faults = shared?.faults ?? chosen;
  const work = mkdtempSync(join(tmpdir(), 'fleet-faults-'));
  const started = Date.now();
  const out = join(config.reportsDir, 'selftest');
  mkdirSync(out, { recursive: true });
  try {
    if (options.mode === 'quick') {
      console.log(
        `selftest:faults --quick: ${faults.length} faulty sandboxes, the tests that name each fault's rule against it (F = a failing test: caught)`
      );
      const results = await quick(faults, options, work);
      const events = (r: QuickResult) =>
        r.chaos ? `; ${r.chaos.injected} events, ${r.chaos.incomplete} incomplete` : '';
      for (const r of results)
        console.log(
          `${r.verdict === 'caught' ? '✓' : r.verdict === 'not judged' ? '?' : '✘'} ${r.fault.padEnd(44)} ${r.rule.padEnd(36)} ${r.verdict}${r.caughtBy[0] ? ` by ${r.caughtBy[0].slice(0, 100)}` : ''}${r.verdict === 'imprecise' ? ` (red: ${r.red!.join(', ')})` : ''}${events(r)}`
        );
      writeFileSync(
        join(out, 'faults-quick.json'),
        JSON.stringify(
          {
            generatedAt: new Date().toISOString(),
            mode: 'quick',
            ...(options.chaos !== undefined ? { chaos: options.chaos } : {}),
            results,
          },
          null,
          2
        )
      );
      const wrong = results.filter((r) => r.verdict === 'missed' || r.verdict === 'imprecise');
      const total = results.reduce((sum, r) => sum + (r.chaos?.injected ?? 0), 0);
      const behind =
        options.chaos !== undefined
          ? ` behind the chaos layer (${total} events injected, ${results.reduce((n, r) => n + (r.chaos?.incomplete ?? 0), 0)} tests incomplete)`
          : '';
      const unjudged = results.filter((r) => r.verdict === 'not judged').length;
      console.log(
        `\n${results.length - wrong.length - unjudged} of ${results.length} caught${options.chaos !== undefined ? ' with only their rule red' : ''}${unjudged ? `, ${unjudged} not judged (every test of its rule incomplete)` : ''}${behind} in ${Math.round((Date.now() - started) / 1000)} s → ${out}/faults-quick.json`
      );
      return wrong.length ? 1 : 0;
    }
    console.log(
      `selftest:faults: the whole suite against ${faults.length} faulty sandboxes, one at a time, and a clean one (bar: only the fault's rule red, at most ${MAX_RED}, at most ×${MAX_RATIO} the clean time)${options.remote ? `; each out of process as a test environment (npm run sandbox, ${sandboxDefaults.minPoolCards} pool cards), npm run conformance (npm run perf for a latency fault) against it with a repository's variables and every default` : ''}`
    );
    const { results, clean } = await full(faults, options, work);
    const reds = results.map((r) => r.red.length);
    // A latency fault's time is against the clean perf gate, shown but not judged: not in the distribution.
    const ratios = results.filter((r) => !latencyKeyOf(r.fault)).map((r) => r.ratio);
    const distribution = {
      faults: results.length,
      precise: results.filter((r) => r.verdict === 'precise').length,
      medianRed: median(reds),
      maxRed: Math.max(0, ...reds),
      atMostTwoRed: reds.filter((n) => n <= MAX_RED).length,
      medianRatio: Math.round(median(ratios) * 100) / 100,
      maxRatio: Math.max(0, ...ratios),
      cleanSeconds: Math.round(clean * 10) / 10,
    };
    writeFileSync(
      join(out, 'faults.json'),
      JSON.stringify({ generatedAt: new Date().toISOString(), mode: options.mode, distribution, results }, null, 2)
    );
    console.log(
      `\nred rules per fault: median ${distribution.medianRed}, max ${distribution.maxRed}${ratios.length ? `; faulty/clean time: median ×${distribution.medianRatio}, max ×${distribution.maxRatio} (clean ${distribution.cleanSeconds} s)` : ''}`
    );
    console.log(
      `${distribution.precise} of ${results.length} faults precise in ${Math.round((Date.now() - started) / 1000)} s → ${out}/faults.json${distribution.precise < results.length ? `; the others' coverage in ${options.keepDir}/` : ''}`
    );
    const judged = results.filter(
      (r) => r.verdict !== 'precise' && !(options.mode === 'sample' && r.verdict === 'slow')
    );
    return judged.length ? 1 : 0;
  } finally {
    if (!process.env.FLEET_SELFTEST_KEEP) rmSync(work, { recursive: true, force: true });
    else console.log(`kept ${work}`);
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`selftest:faults: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  }
);

/**
 * One latency run: the target (the embedded sandbox as a child process, or FLEET_BASE_URL), the
 * token fetched once, the loopback floor, then every selected scenario as its own load phase at a
 * fixed arrival rate (with a probe of the network's share after each round of its requests, but
 * under FLEET_STRICT=ASSUME-LATENCY-MEASURE: perf/network-probe.ts), the gate, and both outputs.
 * perf/run.ts is the command-line entry; the tests and the self-test call runPerf directly.
 *
 * An operation the run cannot measure here is `not-measured`, with the reason, and never fails
 * the gate: a scenario says so (NotMeasurable), or the target refused a set-up request (4xx). A
 * set-up request the target failed (5xx, no answer) fails the operation.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Config, childProcessEnv } from '../lib/config.js';
import { countRequest, emptyFootprint } from '../lib/footprint.js';
import { PROCEDURE, PROCEDURE_WORDS } from '../lib/latency/family.js';
import {
  CLIENT_OBSERVED,
  judgeLatency,
  judgeTogether,
  type LatencyVerdict,
  type Measure,
} from '../lib/latency/verdict.js';
import { latencyTargets } from '../lib/latency-targets.js';
import type { LatencyKey } from '../lib/operations.js';
import { tokensFor } from '../lib/tokens.js';
import { fetchFor, tlsOptions } from '../lib/transport/clients.js';
import { proxyFor, shownProxy } from '../lib/transport/proxy.js';
import { checkTargetReach } from '../lib/transport/reach.js';
import { openRelay } from '../lib/transport/relay.js';
import { SANDBOX_SERVER_SCRIPT } from '../sandbox/launcher.js';
import { applyBaseline, loadBaseline } from './baseline.js';
import { answers, type Child, freePort, startTsChild } from './child.js';
import { ConnectionPool, drive, type PlannedRequest, type PoolOptions, type Sample } from './measure.js';
import { PROBE_OPERATION, probeRequest, probeRoundTrips } from './network-probe.js';
import { joinPassive, passiveFor } from './passive.js';
import { renderHtml } from './report/html.js';
import type { OperationResult, OverheadResult, PerfSummary } from './report/summary.js';
import { formatResultLine } from './report/table.js';
import { createScenarios } from './scenarios/index.js';
import { Resources } from './scenarios/resources.js';
import type { PhaseContext, Scenario } from './scenarios/scenario.js';
import { writePlan } from './scenarios/write-plan.js';
import { NotMeasurable, operationOf, SetupApi, SetupError } from './setup-api.js';
import { MIN_SAMPLES_FOR_P99, round1, summarize } from './stats.js';

export interface RunOptions {
  config: Config;
  /** Where summary.json and index.html go (default <FLEET_REPORTS_DIR>/perf). */
  outDir?: string;
  /** More SANDBOX_* settings of the sandbox child (tests: SANDBOX_ORDER_COMPLETION). */
  sandbox?: Record<string, string>;
  log?: (line: string) => void;
  signal?: AbortSignal;
  /** Measure the loopback floor first (default true). */
  overhead?: boolean;
  /** Uncounted warm-up requests per operation (default max(3, rate/2)). */
  warmup?: number;
}

export interface RunResult {
  summary: PerfSummary;
  /** Every sample of every phase, by operation (warm-up and errors included, flagged). */
  samples: Map<LatencyKey, Sample[]>;
  summaryPath: string;
  htmlPath: string;
}

/** The gate tolerates at most this share of failed requests per operation. */
export const MAX_ERROR_RATE = 0.01;

interface Target {
  baseUrl: string;
  tokenUrl: string;
  child?: Child;
}

async function startTarget(
  config: Config,
  log: (line: string) => void,
  settings: Record<string, string> = {}
): Promise<Target> {
  if (!config.sandbox) {
    // Proxy, TLS and client certificate said in one line before any load (lib/transport/reach.ts).
    await checkTargetReach(config);
    return { baseUrl: config.baseUrl, tokenUrl: config.tokenUrl };
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const tokenUrl = `${baseUrl}/identity/realms/fleet/protocol/openid-connect/token`;
  const latency = config.perf.sandboxLatency ?? 'off';
  log(`starting the sandbox (child process) on ${baseUrl}, SANDBOX_LATENCY=${latency}`);
  const child = await startTsChild(SANDBOX_SERVER_SCRIPT, [], {
    name: 'sandbox',
    // No faults (but the latency faults the fault self-test names): a latency run measures the sandbox as documented.
    env: childProcessEnv({
      SANDBOX_FAULTS: '',
      ...settings,
      SANDBOX_PORT: String(port),
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_LATENCY: latency,
    }),
    ready: () =>
      answers(tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' }),
  });
  return { baseUrl, tokenUrl, child };
}

interface DriverRoute {
  pool: Pick<PoolOptions, 'connectTo' | 'tls' | 'insecureTls'>;
  close(): Promise<void>;
}

/**
 * How the load driver's own sockets reach the target as configured: its TLS options (CA, client
 * certificate), and through the proxy when one applies: a relay whose every connection is a
 * CONNECT tunnel (lib/transport/relay.ts), never a connection around the proxy.
 */
async function driverRoute(config: Config, baseUrl: string, log: (line: string) => void): Promise<DriverRoute> {
  const { ca, cert, key, passphrase } = tlsOptions(config.transport);
  const tls =
    ca || cert
      ? {
          tls: {
            ...(ca ? { ca } : {}),
            ...(cert && key ? { cert, key } : {}),
            ...(passphrase !== undefined ? { passphrase } : {}),
          },
        }
      : {};
  const pool = { ...tls, ...(config.transport.insecure ? { insecureTls: true } : {}) };
  const proxy = proxyFor(config.transport, baseUrl);
  if (!proxy) return { pool, close: async () => undefined };
  const url = new URL(baseUrl);
  const relay = await openRelay(proxy, {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
  });
  log(
    `load driver: each connection a CONNECT tunnel through the proxy ${shownProxy(proxy)} (relay on ${relay.host}:${relay.port})`
  );
  return {
    pool: { ...pool, connectTo: relay },
    close: async () => {
      if (relay.failures.length)
        log(
          `load driver: ${relay.failures.length} tunnel(s) through the proxy could not be opened (first: ${relay.failures[0]})`
        );
      await relay.close();
    },
  };
}

/** The harness against a trivial loopback server: the floor under every measured latency. */
async function measureOverhead(rate: number, signal?: AbortSignal): Promise<OverheadResult> {
  const port = await freePort();
  const server = await startTsChild('perf/loopback-server.ts', ['--port', String(port)], {
    name: 'loopback server',
    ready: () => answers(`http://127.0.0.1:${port}/__arrivals`),
  });
  try {
    const slots = 220;
    const result = await drive({
      origin: `http://127.0.0.1:${port}`,
      headers: {},
      rate,
      slots,
      plan: (slot) => ({ op: 'overhead', method: 'GET', path: '/floor', counted: slot >= 20 }),
      ...(signal ? { signal } : {}),
    });
    const ok = result.samples.filter((s) => s.counted && s.status === 200).map((s) => s.latencyMs!);
    const stats = summarize(ok);
    return {
      description: 'fixed-rate driver against a trivial HTTP server on loopback (child process) answering {} at once',
      rate,
      samples: stats.samples,
      p50: round1(stats.p50),
      p90: round1(stats.p90),
      p99: round1(stats.p99),
      max: round1(stats.max),
    };
  } finally {
    await server.stop();
  }
}

export interface PhaseStats {
  notSent: Map<LatencyKey, number>;
  slots: Map<LatencyKey, number>;
}

export function resultFor(
  op: LatencyKey,
  rate: number,
  samples: Sample[],
  stats: PhaseStats,
  notes: string[],
  confidence = 0.95,
  measure: Measure = CLIENT_OBSERVED
): OperationResult {
  const counted = samples.filter((s) => s.counted);
  const ok = counted.filter((s) => s.status !== undefined && s.status >= 200 && s.status <= 299 && !s.error);
  const failed = counted.filter((s) => !ok.includes(s));
  const statuses: Record<string, number> = {};
  for (const s of counted) {
    const key = s.error ? (s.error.startsWith('connection') ? 'connection error' : s.error) : String(s.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  const latencies = ok.map((s) => s.latencyMs!);
  const summary = summarize(latencies);
  const target = latencyTargets[op];
  const errorRate = counted.length ? failed.length / counted.length : 0;
  const notSent = stats.notSent.get(op) ?? 0;
  const countedSlots = stats.slots.get(op) ?? 0;
  const late = counted.filter((s) => s.sentAt !== undefined && s.sentAt - s.intendedAt > 5).length;
  const has = summary.samples > 0;
  const problems: string[] = [];
  if (!has) problems.push('no successful answer to measure');
  if (errorRate > MAX_ERROR_RATE) {
    const detail = Object.entries(statuses)
      .filter(([k]) => !/^2\d\d$/.test(k))
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ');
    problems.push(`errors ${(errorRate * 100).toFixed(1)}% > 1% (${detail})`);
  }
  // A slot not sent for want of a free resource (a pair's other half slow, a pool small for rate ×
  // latency) is the run's own limit: never this operation's failure. What it did send judges it.
  if (!has && countedSlots && notSent === countedSlots)
    return unmeasured(
      op,
      rate,
      `none of its ${countedSlots} slots could be sent: ${notes.join('; ') || 'no resource was free'}`
    );
  const remarks: string[] = [];
  if (failed.length && errorRate <= MAX_ERROR_RATE) remarks.push(`${failed.length} failed request(s), within 1%`);
  if (late) remarks.push(`${late} request(s) left > 5 ms late (measured from their due time)`);
  remarks.push(...notes);
  const result: OperationResult = {
    operation: op,
    samples: summary.samples,
    rate,
    errors: failed.length,
    p50: has ? round1(summary.p50) : null,
    p90: has ? round1(summary.p90) : null,
    p99: has ? round1(summary.p99) : null,
    max: has ? round1(summary.max) : null,
    targetP50: target.p50,
    targetP99: target.p99,
    pass: false,
    status: 'failed',
    note: '',
    errorRate: Math.round(errorRate * 10000) / 10000,
    statuses,
    lowConfidence: has && summary.samples < MIN_SAMPLES_FOR_P99,
    late,
    notSent,
    measured: true,
    latencies: latencies.map(round1),
    ...(remarks.length ? { remarks } : {}),
    ...(problems.length ? { problems } : {}),
  };
  return settle(result, has ? judgeLatency(latencies, target, confidence, measure) : undefined);
}

/** The operation's status, gate verdict and note from its latency verdict and the gate's other reasons (`problems`). */
export function settle(result: OperationResult, verdict: LatencyVerdict | undefined): OperationResult {
  const reasons = [...(verdict?.verdict === 'fail' ? [verdict.why] : []), ...(result.problems ?? [])];
  const status = reasons.length ? 'failed' : verdict?.verdict === 'pass' ? 'passed' : 'inconclusive';
  const remarks = result.remarks ?? [];
  const info =
    status === 'inconclusive' ? [`${verdict!.why}${moreSamples(verdict!, result.rate)}`, ...remarks] : remarks;
  return {
    ...result,
    pass: status !== 'failed',
    status,
    note: [
      ...(status === 'failed'
        ? [`FAIL: ${reasons.join('; ')}`]
        : status === 'inconclusive'
          ? ['NOT DECIDED (a notice, never a failure of the gate)']
          : []),
      ...info,
    ].join('; '),
    ...(verdict ? { verdict } : {}),
  };
}

/**
 * The gate's verdicts: every target of every measured operation judged together, as one family
 * (lib/latency/verdict.ts judgeTogether), each operation settled on its targets' family verdicts.
 */
export function judgeRun(operations: OperationResult[]): { size: number } {
  const measured = operations.filter((o) => o.verdict);
  const together = judgeTogether(measured.map((o) => o.verdict!));
  measured.forEach((o, i) => {
    Object.assign(o, settle(o, together[i]!));
  });
  return { size: together.flatMap((v) => v.targets).filter((t) => t.family).length };
}

/** How to get the samples that would decide an open verdict at the fixed rate. */
function moreSamples(verdict: LatencyVerdict, rate: number): string {
  return verdict.needed
    ? ` (FLEET_PERF_DURATION=${Math.ceil(verdict.needed / rate)} gives ${verdict.needed} at ${rate}/s)`
    : '';
}

/** An operation the run could not measure here: shown with the reason, never a failure of the gate. */
export function unmeasured(op: LatencyKey, rate: number, why: string): OperationResult {
  const target = latencyTargets[op];
  return {
    operation: op,
    samples: 0,
    rate,
    errors: 0,
    p50: null,
    p90: null,
    p99: null,
    max: null,
    targetP50: target.p50,
    targetP99: target.p99,
    pass: false,
    status: 'not-measured',
    reason: why,
    note: `not measured: ${why}`,
    errorRate: 0,
    statuses: {},
    lowConfidence: false,
    late: 0,
    notSent: 0,
    measured: false,
  };
}

/**
 * The verdict of an operation whose preparation threw: not measured when the run cannot measure it
 * here or the target refused a set-up request (4xx: a choice the document may leave open, judged
 * by the conformance suite); failed when the target failed one (5xx, no answer) or anything else broke.
 */
export function preparationVerdict(op: LatencyKey, rate: number, error: Error): OperationResult {
  if (error instanceof NotMeasurable) return unmeasured(op, rate, error.message);
  if (error instanceof SetupError && error.status !== undefined && error.status >= 400 && error.status <= 499) {
    return unmeasured(op, rate, `the target refused a set-up request: ${error.message}`);
  }
  const { reason: _none, ...result } = unmeasured(op, rate, '');
  return { ...result, status: 'failed', note: `FAIL: preparation failed: ${error.message}` };
}

/** The gate: passes unless an operation failed (not-measured ones never fail it) or the run was interrupted. */
export function gatePasses(operations: OperationResult[], interrupted: boolean): boolean {
  return !interrupted && operations.every((o) => o.status !== 'failed');
}

export async function runPerf(options: RunOptions): Promise<RunResult> {
  const { config } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const outDir = options.outDir ?? resolve(config.reportsDir, 'perf');
  const { rate, duration } = config.perf;
  const selected = new Set(config.perf.operations);
  // The targets are server-side: probes of the network's share beside the requests (register ASSUME-LATENCY-MEASURE).
  const serverSide = !config.strict.has('ASSUME-LATENCY-MEASURE');
  const warmup = options.warmup ?? Math.max(3, Math.round(rate / 2));
  const startedAt = new Date().toISOString();
  const results = new Map<LatencyKey, OperationResult>();
  const samples = new Map<LatencyKey, Sample[]>();
  let overhead: OverheadResult | undefined;
  let tidy: string[] = [];
  let interrupted = false;
  let api: SetupApi | undefined;
  let resources: Resources | undefined;

  const baseline = config.perf.baseline ? loadBaseline(config.perf.baseline) : undefined;
  const target = await startTarget(config, log, options.sandbox);
  let route: DriverRoute | undefined;
  try {
    route = await driverRoute(config, target.baseUrl, log);
    const tokens = tokensFor({ ...config, tokenUrl: target.tokenUrl });
    // Health check before any load: the token endpoint answers and hands out a token.
    await tokens.token();
    log(`target ${target.baseUrl} (${config.target}) is up; token fetched once and reused`);
    if (options.overhead ?? true) {
      overhead = await measureOverhead(Math.max(rate, 50), options.signal);
      log(
        `client overhead on loopback (trivial server, ${overhead.rate}/s, n=${overhead.samples}): p50 ${overhead.p50} ms, p99 ${overhead.p99} ms, max ${overhead.max} ms`
      );
    }
    // No abort signal here: the tidy-up must still run after Ctrl-C.
    const setup = new SetupApi(
      target.baseUrl,
      () => tokens.token(),
      config.target === 'production',
      fetchFor(config.transport)
    );
    const runTag = `perf-${randomBytes(3).toString('hex')}`;
    const shared = new Resources(setup, { ...config, baseUrl: target.baseUrl }, runTag, log);
    [api, resources] = [setup, shared];
    const plan = writePlan(
      config.writeBudget,
      warmup + Math.round(rate * duration),
      selected,
      config.perf.consumableCards.length
    );
    const ctx: PhaseContext = {
      config,
      api: setup,
      resources: shared,
      rate,
      duration,
      warmup,
      setupConcurrency: shared.setupConcurrency,
      log,
      plan,
    };
    log(
      `${config.perf.operations.length} operation(s), ${rate}/s each for ${duration} s after ${warmup} warm-up request(s); run tag ${runTag}`
    );
    log("  each line judges its targets on their own; the gate judges all of the run's targets together at the end");
    for (const op of Object.keys(plan.caps) as LatencyKey[])
      log(`  write budget: ${op} fills ${plan.caps[op]} slots (${plan.why[op]})`);

    const phases = createScenarios().filter((scenario) => scenario.operations.some((op) => selected.has(op)));
    const perOp = warmup + Math.round(rate * duration);
    for (const scenario of phases) {
      const ops = scenario.operations.filter((op) => selected.has(op));
      if (options.signal?.aborted) {
        interrupted = true;
        for (const op of ops) results.set(op, unmeasured(op, rate, 'interrupted (Ctrl-C) before this operation ran'));
        continue;
      }
      await runPhase(scenario, ops);
    }

    async function runPhase(scenario: Scenario, ops: LatencyKey[]): Promise<void> {
      try {
        await scenario.prepare?.(ctx);
      } catch (e) {
        for (const op of ops) {
          results.set(op, preparationVerdict(op, rate, e as Error));
          log(formatResultLine(results.get(op)!));
        }
        await scenario.cleanup?.(ctx).catch(() => undefined);
        return;
      }
      const k = scenario.operations.length;
      // A round: one slot of each operation, then (server-side) one probe of the network's share.
      const round = k + (serverSide ? 1 : 0);
      const stats: PhaseStats = { notSent: new Map(), slots: new Map() };
      const plan = (slot: number): PlannedRequest | undefined => {
        const n = Math.floor(slot / round);
        const counted = n >= warmup;
        if (slot % round === k) {
          return {
            ...probeRequest(counted),
            onDone: (outcome) =>
              countRequest(
                setup.footprint,
                PROBE_OPERATION,
                'status' in outcome ? outcome.status : undefined,
                undefined
              ),
          };
        }
        const op = scenario.operations[slot % round]!;
        const measured = counted && selected.has(op);
        if (measured) stats.slots.set(op, (stats.slots.get(op) ?? 0) + 1);
        const request = scenario.request(op, n);
        if (!request) {
          if (measured) stats.notSent.set(op, (stats.notSent.get(op) ?? 0) + 1);
          return undefined;
        }
        const onDone = request.onDone;
        return {
          ...request,
          op,
          counted: measured,
          onDone: (outcome) => {
            countRequest(
              setup.footprint,
              operationOf(op),
              'status' in outcome ? outcome.status : undefined,
              request.body
            );
            onDone?.(outcome);
          },
        };
      };
      // A pool of keep-alive connections per phase, enough that answers up to twice the slowest p99
      // target (+1 s) never delay an arrival; opened before the schedule starts, so never measured.
      // The token is fetched once and reused (the provider renews it only if its lifetime runs out).
      // A phase that uses up a card per request runs only as many slots as it has cards.
      const slots = Math.min(perOp, scenario.supply?.() ?? perOp);
      const maxTarget = Math.max(...scenario.operations.map((op) => latencyTargets[op].p99));
      const connections = Math.max(
        2,
        Math.min(slots * round, Math.ceil((rate * round * (2 * maxTarget + 1000)) / 1000) + 4, 1000)
      );
      const pool = await ConnectionPool.open({
        origin: new URL(target.baseUrl).origin,
        headers: await setup.headers(),
        connections,
        ...route!.pool,
      });
      let driven;
      try {
        driven = await pool.schedule({
          rate: rate * round,
          slots: slots * round,
          plan,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        // Which of the sandbox's injected delays each answer got: the op's n-th 2xx answer (send
        // order), counted before the cleanup's own requests.
        const bySend = [...driven.samples].filter((s) => s.sentAt !== undefined).sort((a, b) => a.sentAt! - b.sentAt!);
        for (const s of bySend) {
          if (s.status !== undefined && s.status >= 200 && s.status <= 299) {
            const n = setup.answered.get(s.op) ?? 0;
            s.streamIndex = n;
            setup.answered.set(s.op, n + 1);
          }
        }
      } finally {
        await pool.close();
        await scenario.cleanup?.(ctx).catch((e: Error) => log(`  cleanup of ${scenario.name}: ${e.message}`));
      }
      if (target.child && target.child.process.exitCode !== null) {
        throw new Error(
          `the sandbox exited during ${scenario.name} (code ${target.child.process.exitCode}):\n${target.child.output().trim()}`
        );
      }
      if (driven.interrupted) interrupted = true;
      const measure: Measure = serverSide
        ? { kind: 'server', probes: probeRoundTrips(driven.samples) }
        : CLIENT_OBSERVED;
      for (const op of ops) {
        const mine = driven.samples.filter((s) => s.op === op);
        samples.set(op, mine);
        const notes = [
          ...(driven.interrupted ? ['interrupted (Ctrl-C): partial'] : []),
          ...(scenario.notes?.(op) ?? []),
        ];
        const result = resultFor(op, rate, mine, stats, notes, config.perf.confidence, measure);
        results.set(op, result);
        log(formatResultLine(result));
      }
    }

    tidy = await shared.tidyUp(!config.sandbox).catch((e: Error) => [`tidy-up failed: ${e.message}`]);
    for (const problem of tidy) log(`  TIDY-UP: ${problem}`);
  } finally {
    await route?.close();
    await target.child?.stop();
  }

  const operations = config.perf.operations.map((op) => results.get(op) ?? unmeasured(op, rate, 'not run'));
  const family = judgeRun(operations);
  const passive = passiveFor(config);
  if (passive.report) joinPassive(operations, passive.report);
  if (baseline) applyBaseline(operations, baseline, config.perf.confidence);
  const summary: PerfSummary = {
    target: config.target,
    startedAt,
    operations,
    finishedAt: new Date().toISOString(),
    baseUrl: target.baseUrl,
    pass: gatePasses(operations, interrupted),
    interrupted,
    family: { procedure: PROCEDURE, words: PROCEDURE_WORDS, targets: family.size, confidence: config.perf.confidence },
    settings: {
      duration,
      rate,
      warmup,
      ...(config.sandbox ? { sandboxLatency: config.perf.sandboxLatency ?? 'off' } : {}),
      percentiles:
        "exact, nearest-rank, from every counted 2xx latency (ms, measured from each request's due time on the fixed schedule)",
      confidence: config.perf.confidence,
      measure: serverSide ? 'server-side' : 'client-observed',
    },
    ...(passive.source ? { passiveSource: passive.source } : {}),
    ...(overhead ? { clientOverhead: overhead } : {}),
    ...(config.perf.baseline ? { baselineFile: config.perf.baseline } : {}),
    tidyUp: tidy,
    footprint: api?.footprint ?? emptyFootprint(),
    orderReferences: resources?.orderReferences ?? [],
  };
  mkdirSync(outDir, { recursive: true });
  const summaryPath = join(outDir, 'summary.json');
  const htmlPath = join(outDir, 'index.html');
  writeFileSync(summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(htmlPath, renderHtml(summary, samples));
  return { summary, samples, summaryPath, htmlPath };
}

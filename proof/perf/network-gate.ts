/**
 * The latency gate behind a network (register ASSUME-LATENCY-MEASURE), as selftest:perf runs it:
 * `npm run perf`'s run against the sandbox at the document's latencies (SANDBOX_LATENCY=doc)
 * behind a network of 40 to 80 ms each way (SANDBOX_NETWORK=40-80: a round trip of 80 to 160 ms,
 * a CI runner in another region), with one operation slowed by its latency fault. Two read
 * operations with the tightest p50 targets (170 and 160 ms: the network's round trip alone nearly
 * fills them): get-customer slowed (latency-get-customer-slow: 1.5 × its p50 on top of every
 * answer) must fail; customer-card-types, at its targets, must not. Beside it, what the same
 * answers would say judged as the client saw them (FLEET_STRICT=ASSUME-LATENCY-MEASURE's reading),
 * and the gate on the delays the sandbox injected for exactly the requests counted.
 */
import { loadConfig } from '../../lib/config.js';
import { judgeLatency, judgeTogether, type LatencyVerdict } from '../../lib/latency/verdict.js';
import { latencyTargets } from '../../lib/latency-targets.js';
import type { LatencyKey } from '../../lib/operations.js';
import { type RunResult, runPerf } from '../../perf/runner.js';
import { injectedDelays } from '../../sandbox/latency.js';

export const NETWORK = '40-80';
export const SLOWED: LatencyKey = 'get-customer';
export const AT_TARGET: LatencyKey = 'customer-card-types';

export interface NetworkGate {
  run: RunResult;
  /** The same answers judged as the client saw them, the run's targets together. */
  clientObserved: Map<LatencyKey, LatencyVerdict>;
  /** The gate on the delays the sandbox injected for the counted requests of the operation at its targets. */
  injected: LatencyVerdict;
  seconds: number;
}

/** The run behind the network at `latency` (a seeded doc profile: the injected delays are recomputed from it). */
export async function networkGate(options: {
  latency: string;
  outDir: string;
  log: (line: string) => void;
}): Promise<NetworkGate> {
  const started = Date.now();
  const config = loadConfig({
    SANDBOX_LATENCY: options.latency,
    FLEET_PERF_RATE: '20',
    FLEET_PERF_DURATION: '5',
    FLEET_PERF_OPS: [SLOWED, AT_TARGET].join(','),
  });
  const run = await runPerf({
    config,
    outDir: options.outDir,
    overhead: false,
    warmup: 5,
    log: options.log,
    sandbox: { SANDBOX_NETWORK: NETWORK, SANDBOX_FAULTS: `latency-${SLOWED}-slow` },
  });
  const ops = run.summary.operations;
  const raw = judgeTogether(
    ops.map((o) => judgeLatency(o.latencies ?? [], latencyTargets[o.operation], config.perf.confidence))
  );
  const clientObserved = new Map(ops.map((o, i) => [o.operation, raw[i]!]));
  const counted = (run.samples.get(AT_TARGET) ?? []).filter(
    (s) => s.counted && s.streamIndex !== undefined && !s.error
  );
  const stream = injectedDelays(options.latency, AT_TARGET, Math.max(0, ...counted.map((s) => s.streamIndex! + 1)));
  const injected = judgeLatency(
    counted.map((s) => stream[s.streamIndex!]!),
    latencyTargets[AT_TARGET],
    config.perf.confidence
  );
  return { run, clientObserved, injected, seconds: (Date.now() - started) / 1000 };
}

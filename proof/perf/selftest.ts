/**
 * npm run selftest:perf: proof that the latency gates measure right (exit 0 when every check holds).
 *
 *  1. streams: the sandbox's seeded `doc` streams, 200,000 draws per operation, have the
 *     document's p50 (within 1%) and p99 (within 2%);
 *  2. accuracy: a full run against the sandbox with SANDBOX_LATENCY=doc; for every operation the
 *     measured p50 is within 5% and p99 within 10% of the percentiles of the delays the sandbox
 *     injected for exactly the counted requests (paired, so the check is stable at a few hundred
 *     samples; the table also shows the theoretical quantiles and how many samples a comparison
 *     with them would need, and how many requests were paired out of order);
 *  3. behind a network (proof/perf/network-gate.ts, register ASSUME-LATENCY-MEASURE): the gate over
 *     two operations of the doc profile behind SANDBOX_NETWORK=40-80 (80 to 160 ms round trip),
 *     one of them slowed by its latency fault: the slowed one fails, the one at its targets does
 *     not (its injected delays do not either), though its answers as the client saw them would.
 * The gate failing on exactly one slowed operation is proof/tests/perf/gate.test.ts (npm test runs both).
 * Hermetic: its configuration is built here, not read from the environment (but for
 * FLEET_REPORTS_DIR); reports go to <FLEET_REPORTS_DIR>/perf/selftest/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig, readEnv } from '../../lib/config.js';
import { runPerf } from '../../perf/runner.js';
import { accuracyRows, pairedSamples, samplesNeeded, streamCheck } from './accuracy.js';
import { AT_TARGET, NETWORK, networkGate, SLOWED } from './network-gate.js';

const SEED = 20240;
const DOC = `doc,seed=${SEED}`;
const RATE = 30;
const DURATION = 6;
const outRoot = resolve(loadConfig({ FLEET_REPORTS_DIR: readEnv().FLEET_REPORTS_DIR }).reportsDir, 'perf/selftest');
const failures: string[] = [];
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message);
};
const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
const f1 = (x: number) => x.toFixed(1);

async function main(): Promise<number> {
  const t0 = Date.now();
  const stamp = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

  console.log('1. injected streams vs the document (200,000 draws per operation)');
  for (const row of streamCheck(DOC, 200_000, SEED)) {
    check(
      Math.abs(row.errP50) <= 0.01 && Math.abs(row.errP99) <= 0.02,
      `stream ${row.operation}: p50 ${pct(row.errP50)}, p99 ${pct(row.errP99)} off the document`
    );
  }
  console.log(
    `   ${failures.length ? 'FAILED' : 'ok'}: every stream within 1% (p50) / 2% (p99) of the document (${stamp()})`
  );

  console.log(`2. accuracy: SANDBOX_LATENCY=${DOC}, ${RATE}/s × ${DURATION} s per operation`);
  const config = loadConfig({
    FLEET_PERF_RATE: String(RATE),
    FLEET_PERF_DURATION: String(DURATION),
    SANDBOX_LATENCY: DOC,
  });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const run = await runPerf({ config, outDir: join(outRoot, 'doc'), log: (line) => console.log(`   ${line}`) });
  loop.disable();
  const rows = accuracyRows(run, DOC, SEED);
  // Every counted request with its injected delay, for a closer look at any disagreement.
  mkdirSync(join(outRoot, 'doc'), { recursive: true });
  writeFileSync(
    join(outRoot, 'doc', 'paired-samples.json'),
    JSON.stringify(Object.fromEntries(pairedSamples(run, DOC, SEED)))
  );
  console.log('');
  console.log(
    '   operation             n   injected p50  measured p50     Δ   injected p99  measured p99     Δ   offset p50/p99   theory p50/p99  swapped'
  );
  for (const r of rows) {
    console.log(
      `   ${r.operation.padEnd(20)} ${String(r.samples).padStart(4)}  ${f1(r.injectedP50).padStart(12)}  ${f1(r.measuredP50).padStart(12)} ${pct(r.errP50).padStart(6)}  ${f1(r.injectedP99).padStart(13)}  ${f1(r.measuredP99).padStart(12)} ${pct(r.errP99).padStart(6)}   ${f1(r.offsetP50).padStart(5)} / ${f1(r.offsetP99).padEnd(6)}   ${f1(r.theoryP50)} / ${f1(r.theoryP99)}  ${r.belowInjected}`
    );
    check(
      Math.abs(r.errP50) <= 0.05,
      `accuracy ${r.operation}: measured p50 ${f1(r.measuredP50)} vs injected ${f1(r.injectedP50)} (${pct(r.errP50)}, limit 5%)`
    );
    check(
      Math.abs(r.errP99) <= 0.1,
      `accuracy ${r.operation}: measured p99 ${f1(r.measuredP99)} vs injected ${f1(r.injectedP99)} (${pct(r.errP99)}, limit 10%)`
    );
    // Pairing by order can swap two requests that left at the same instant (after a stalled
    // event loop: 5 of 180 seen on a quiet machine); the set comparison above does not care. A wrong
    // count shifts every pair after it, about half of them below: more than 5% means that.
    check(
      r.belowInjected <= 0.05 * r.samples,
      `accuracy ${r.operation}: ${r.belowInjected} requests measured below their injected delay: the request → delay pairing is off`
    );
    check(r.samples >= 100, `accuracy ${r.operation}: only ${r.samples} samples`);
  }
  check(rows.length === 17, `accuracy: ${rows.length} operations measured, expected 17`);
  const o = run.summary.clientOverhead;
  if (o) console.log(`   client overhead on loopback: p50 ${o.p50} ms, p99 ${o.p99} ms (n=${o.samples})`);
  const need = Math.max(
    ...rows.map((r) => Math.max(samplesNeeded(r.operation, 0.5, 0.05), samplesNeeded(r.operation, 0.99, 0.1)))
  );
  const stalled = loop.max / 1e6;
  console.log(
    `   harness event loop delay during the run: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${stalled.toFixed(0)} ms` +
      (stalled > 100
        ? " — this machine stalled the harness; other load on it adds to the server's answers too, so disagreements may be the machine's, not the harness's"
        : '')
  );
  console.log(
    `   (a comparison with the theoretical quantiles instead would need up to ${need} samples per operation for 3 standard errors inside 5%/10%; the paired comparison does not)`
  );
  console.log(`   ${stamp()}`);

  console.log(
    `3. behind a network: SANDBOX_NETWORK=${NETWORK} (ms each way), SANDBOX_LATENCY=${DOC}, ${SLOWED} slowed by its latency fault, ${AT_TARGET} at its targets`
  );
  const behind = await networkGate({
    latency: DOC,
    outDir: join(outRoot, 'network'),
    log: (line) => console.log(`   ${line}`),
  });
  const verdictOf = (op: string) => behind.run.summary.operations.find((o) => o.operation === op)!;
  const [slowed, atTarget] = [verdictOf(SLOWED), verdictOf(AT_TARGET)];
  const seen = (op: typeof SLOWED) => behind.clientObserved.get(op)!.verdict;
  console.log(
    `   judged server-side (the default): ${SLOWED} ${slowed.status}, ${AT_TARGET} ${atTarget.status}; as the client saw them (FLEET_STRICT=ASSUME-LATENCY-MEASURE): ${SLOWED} ${seen(SLOWED)}, ${AT_TARGET} ${seen(AT_TARGET)}; ${AT_TARGET}'s injected delays: ${behind.injected.verdict}; network floors (p50/p99): ${[slowed, atTarget].map((o) => `${o.operation} ${o.verdict?.targets.map((t) => t.floor?.ms?.toFixed(1) ?? '–').join('/')} ms`).join(', ')} (${behind.seconds.toFixed(0)} s)`
  );
  check(
    slowed.status === 'failed',
    `behind the network: ${SLOWED}, slowed by its fault, was not failed (${slowed.status}: ${slowed.note})`
  );
  check(atTarget.status !== 'failed', `behind the network: ${AT_TARGET}, at its targets, was failed: ${atTarget.note}`);
  check(
    behind.injected.verdict !== 'fail',
    `behind the network: ${AT_TARGET}'s injected delays themselves miss a target (the draw, not the network): ${behind.injected.why}`
  );
  check(
    seen(AT_TARGET) === 'fail',
    `behind the network: ${AT_TARGET}'s answers as the client saw them are not failed: the network did not add what it should`
  );
  for (const o of [slowed, atTarget]) {
    const floor = o.verdict?.targets[0]?.floor?.ms;
    check(
      floor != null && floor >= 80,
      `behind the network: ${o.operation}'s network floor ${floor} ms is below the network's least round trip (80 ms)`
    );
  }
  console.log(`   ${stamp()}`);

  console.log('');
  if (failures.length) {
    for (const f of failures) console.log(`FAIL ${f}`);
    console.log(`selftest:perf: ${failures.length} check(s) failed (${stamp()})`);
    return 1;
  }
  console.log(`selftest:perf: all checks passed (${stamp()})`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: Error) => {
    console.error(`selftest:perf: ${e.stack ?? e.message}`);
    process.exitCode = 2;
  }
);

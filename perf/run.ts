/**
 * npm run perf: the latency gates. Reads the configuration (lib/config.ts: FLEET_PERF_DURATION,
 * FLEET_PERF_RATE, FLEET_PERF_OPS, FLEET_PERF_BASELINE; SANDBOX_LATENCY for the embedded
 * sandbox), starts the sandbox as a child process when FLEET_BASE_URL is unset, measures every
 * selected operation at a fixed arrival rate, prints the summary table, writes
 * <FLEET_REPORTS_DIR>/perf/summary.json and index.html, and exits 1 when a measured operation
 * misses its p50 or p99 target or has more than 1% errors (an operation it could not measure is
 * shown as not measured and never fails the gate; 2 on a configuration error, 130 on Ctrl-C).
 */
import { banner, ConfigError, loadConfig } from '../lib/config.js';
import { formatTable } from './report/table.js';
import { runPerf } from './runner.js';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`configuration: ${e.message}`);
      return 2;
    }
    throw e;
  }
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) {
      console.error('second Ctrl-C: exiting without tidy-up');
      process.exit(130);
    }
    console.error(
      '\nCtrl-C: stopping the load, tidying up and writing what was measured (Ctrl-C again to quit at once)'
    );
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  const started = Date.now();
  console.log(
    config.sandbox
      ? `fleet-conformance perf → embedded sandbox (child process on a free port), client ${config.clientId}`
      : banner(config)
  );
  const { summary, summaryPath, htmlPath } = await runPerf({ config, signal: controller.signal });
  console.log('');
  console.log(formatTable(summary));
  console.log(`wrote ${summaryPath} and ${htmlPath} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.off('SIGINT', onSigint);
  if (summary.interrupted) return 130;
  return summary.pass ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: Error) => {
    console.error(`perf: ${e.message}`);
    process.exitCode = 2;
  }
);

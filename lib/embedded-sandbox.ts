/**
 * Playwright's global setup when the suite tests its embedded sandbox (playwright.config.ts): the
 * sandbox is hosted in Playwright's main process on a port the kernel picks, once, before any
 * worker starts, and its address reaches every worker through FLEET_SANDBOX_URL (workers are
 * forked with the main process's environment as global setup left it). So a run never collides
 * with `npm run sandbox` on 4010, nor with another run on the same machine.
 */
import { FaultConfigError } from '../sandbox/faults.js';
import { hostSandbox } from '../sandbox/host.js';
import { LatencyConfigError } from '../sandbox/latency.js';
import { ServerConfigError } from '../sandbox/server-config.js';
import { readEnv } from './config.js';

export default async function embeddedSandbox(): Promise<() => Promise<void>> {
  try {
    const { app, baseUrl, config } = await hostSandbox(readEnv());
    process.env.FLEET_SANDBOX_URL = baseUrl;
    console.log(`embedded sandbox on ${baseUrl} (faults: ${config.faults.ids.join(',') || 'none'}, latency: ${config.latencyText})`);
    return () => app.close();
  } catch (e) {
    if (!(e instanceof ServerConfigError || e instanceof FaultConfigError || e instanceof LatencyConfigError)) throw e;
    console.error(`fleet-conformance: ${e.message}`);
    process.exit(2);
  }
}

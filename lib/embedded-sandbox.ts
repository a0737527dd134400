/**
 * Playwright's global setup when the suite tests its embedded sandbox (playwright.config.ts): the
 * sandbox is hosted in Playwright's main process on a port the kernel picks, once, before any
 * worker starts, and its address reaches every worker through FLEET_SANDBOX_URL (workers are
 * forked with the main process's environment as global setup left it). So a run never collides
 * with `npm run sandbox` on 4010, nor with another run on the same machine.
 */
import { launchSandbox, SandboxConfigError } from '../sandbox/launcher.js';
import { readEnv } from './config.js';

export default async function embeddedSandbox(): Promise<() => Promise<void>> {
  try {
    const sandbox = await launchSandbox(readEnv());
    process.env.FLEET_SANDBOX_URL = sandbox.baseUrl;
    console.log(`embedded ${sandbox.description}`);
    return () => sandbox.close();
  } catch (e) {
    if (!(e instanceof SandboxConfigError)) throw e;
    console.error(`fleet-conformance: ${e.message}`);
    process.exit(2);
  }
}

/**
 * The one door of the sandbox for the suite. The suite (lib/, fixtures/, specs/, perf/) imports
 * nothing else of sandbox/: it talks to the sandbox through the documented interface, like to any
 * other server, and needs only to start one (in its own process or in the run's), to know the
 * seeded credentials and ids its defaults point at, and which statements its deliberate faults
 * break (the document report shows which of them the suite is proven to detect).
 * proof/tests/unit/imports.test.ts keeps it so.
 */
import { FaultConfigError } from './faults.js';
import { hostSandbox } from './host.js';
import { LatencyConfigError } from './latency.js';
import { ServerConfigError } from './server-config.js';
import { VariantConfigError } from './variants.js';

export { sandboxDefaults } from './defaults.js';
/** Which statements of the document each deliberate fault breaks: the suite's reports show what its catch proves. */
export { type FaultProof, faultProofs } from './faults.js';

/** A SANDBOX_* setting the sandbox cannot start with; the message names the variable and the cause. */
export class SandboxConfigError extends Error {
  override name = 'SandboxConfigError';
}

export interface LaunchedSandbox {
  baseUrl: string;
  /** One line for the run's log: where, faults, variants, latency. */
  description: string;
  close(): Promise<void>;
}

/** The listener of `npm run sandbox`, for a sandbox in a process of its own (`node --import tsx <it>`, from the project root). */
export const SANDBOX_SERVER_SCRIPT = 'sandbox/server.ts';

/** A sandbox with the given SANDBOX_* settings inside this process, on 127.0.0.1 and a port the kernel picks. */
export async function launchSandbox(settings: Record<string, string | undefined>): Promise<LaunchedSandbox> {
  try {
    const { app, baseUrl, config } = await hostSandbox(settings);
    const variants = config.variants.ids.join(',') || 'none';
    return {
      baseUrl,
      description: `sandbox on ${baseUrl} (faults: ${config.faults.ids.join(',') || 'none'}, variants: ${variants}, latency: ${config.latencyText})`,
      close: () => app.close(),
    };
  } catch (e) {
    if (
      e instanceof ServerConfigError ||
      e instanceof FaultConfigError ||
      e instanceof LatencyConfigError ||
      e instanceof VariantConfigError
    ) {
      throw new SandboxConfigError(e.message);
    }
    throw e;
  }
}

/**
 * A command that holds Playwright request contexts in its own process (npm run conformance for the
 * run lease, npm run cleanup) trusts a private CA only if it was started with NODE_EXTRA_CA_CERTS
 * naming it (lib/transport/trust.ts): when it was not, it runs itself again with it and ends as
 * that run ends. SIGTERM and SIGHUP are passed on; Ctrl-C reaches both through the terminal.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { loadConfig } from '../lib/config.js';
import { trustToStartWith } from '../lib/transport/trust.js';

export async function startTrusted(): Promise<void> {
  // Started again already: never a second time, whatever the bundle's name.
  if (process.env.FLEET_TRUST_STARTED) return;
  let bundle: string | undefined;
  try {
    bundle = trustToStartWith(loadConfig().transport, process.env.NODE_EXTRA_CA_CERTS);
  } catch {
    return; // a bad configuration is the command's own to report, in its words
  }
  if (!bundle) return;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_EXTRA_CA_CERTS: bundle, FLEET_TRUST_STARTED: '1' },
  });
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  process.on('SIGINT', () => undefined);
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (c, signal) => resolve(c ?? (signal ? 128 + constants.signals[signal] : 1)))
  );
  process.exit(code);
}

/**
 * npm run cleanup [-- --dry-run] [--run <runId>] [--yes-production]
 *
 * Closes what crashed runs left behind, through the interface (any server, no back door): every
 * customer whose name or business reference starts with the run prefix (`fcr`, every run) or with
 * one run's id (--run), and that is not closed yet — children before parents, in the caller's
 * hierarchy and in the second client's (FLEET_FOREIGN_CLIENT_ID, when configured). Without --run, the
 * customers of runs still in progress are left alone: a run whose lease was renewed within five
 * minutes (lib/run-lease.ts), unless it ran on this machine and its process is gone (killed).
 * Closing is a write: against FLEET_TARGET=production it refuses to start unless --yes-production
 * is given.
 */

import type { FleetApi } from '../lib/api.js';
import { cleanupApi, closeCustomers, isMarked, markedCustomers } from '../lib/cleanup.js';
import { banner, type Config, ConfigError, loadConfig, RUN_PREFIX } from '../lib/config.js';
import { liveLeases } from '../lib/run-lease.js';
import { deadLocalRuns } from '../lib/run-record.js';
import { checkTargetReach } from '../lib/transport/reach.js';
import { oneLine } from './one-line.js';
import { startTrusted } from './trusted-start.js';

interface Options {
  dryRun: boolean;
  runId?: string;
  yesProduction: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { dryRun: false, yesProduction: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--yes-production') options.yesProduction = true;
    else if (arg === '--run') {
      const runId = argv[++i] ?? '';
      if (!new RegExp(`^${RUN_PREFIX}[a-z0-9]{1,12}$`).test(runId))
        throw new ConfigError(
          `--run: "${runId}" is not a run id (${RUN_PREFIX} followed by 1 to 12 lowercase letters or digits)`
        );
      options.runId = runId;
    } else throw new ConfigError(`cleanup: unknown argument "${arg}" (use --dry-run, --run <runId>, --yes-production)`);
  }
  return options;
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  if (config.target === 'production' && !options.yesProduction) {
    throw new ConfigError(
      'FLEET_TARGET=production: cleanup closes customers, which is a write; add --yes-production if you mean it'
    );
  }
  console.log(banner(config));
  if (!config.sandbox) await checkTargetReach(config);
  const prefix = options.runId ?? RUN_PREFIX;
  // --yes-production lifts the client's production guard for this one, explicitly requested write.
  const clientConfig = options.yesProduction ? { ...config, target: 'test' as const } : config;
  const { api, dispose } = await cleanupApi(clientConfig);
  try {
    // Without --run, a run still in progress (its lease renewed, and not a run of this machine whose process is gone) is left alone.
    const dead = new Set(deadLocalRuns());
    const live = options.runId
      ? []
      : [...new Set((await liveLeases(api, config.customerListFields)).map((l) => l.runId))].filter(
          (id) => !dead.has(id)
        );
    let failed = await closeMarked(api, 'customers', config, prefix, live, options.dryRun);
    // The second client creates a sub-customer of its own hierarchy when the authorization matrix finds none there.
    if (config.foreignClient) {
      const second = await cleanupApi(clientConfig, true);
      try {
        failed += await closeMarked(second.api, 'customers of the second client', config, prefix, live, options.dryRun);
      } finally {
        await second.dispose();
      }
    }
    return failed ? 1 : 0;
  } finally {
    await dispose();
  }
}

/** Closes what `api` lists marked `prefix` but the customers of runs in progress (`live`); how many it could not close. */
async function closeMarked(
  api: FleetApi,
  what: string,
  config: Config,
  prefix: string,
  live: string[],
  dryRun: boolean
): Promise<number> {
  const marked = await markedCustomers(api, config.customerListFields, prefix);
  const found = marked.filter((c) => !live.some((id) => isMarked(c, id)));
  if (found.length < marked.length)
    console.log(
      `left alone: ${marked.length - found.length} ${what} of ${live.length} run${live.length === 1 ? '' : 's'} in progress (${live.join(', ')}); --run <id> closes one run's anyway`
    );
  const counts = await closeCustomers(api, found, { dryRun, log: (line) => console.log(line) });
  console.log(
    dryRun
      ? `cleanup (dry run): ${found.length} ${what} marked ${prefix}, ${counts.left} would be closed, ${counts.already} already closed`
      : `cleanup: ${found.length} ${what} marked ${prefix}: ${counts.closed} closed, ${counts.failed} could not be closed, ${counts.already} already closed`
  );
  return counts.failed;
}

await startTrusted();
main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    // ConfigError, AuthError (unreachable target, refused credentials), a ConformanceError of the list: one line.
    console.error(`cleanup: ${e instanceof Error ? oneLine(e.message) : String(e)}`);
    process.exit(2);
  }
);

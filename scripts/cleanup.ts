/**
 * npm run cleanup [-- --dry-run] [--run <runId>] [--yes-production]
 *
 * Closes what crashed runs left behind, through the interface (any server, no back door): every
 * customer whose name or business reference starts with the run prefix (`fcr`, every run) or with
 * one run's id (--run), and that is not closed yet — children before parents. Closing is a write:
 * against FLEET_TARGET=production it refuses to start unless --yes-production is given.
 */
import { request } from '@playwright/test';
import { FleetApi } from '../lib/api.js';
import { TokenProvider } from '../lib/auth.js';
import { markedCustomers } from '../lib/cleanup.js';
import { banner, ConfigError, loadConfig, RUN_PREFIX, secretsOf, type Config } from '../lib/config.js';
import { ACTIVE } from '../lib/discovery.js';
import { SecretRegistry } from '../lib/report/redact.js';
import type { Customer } from '../lib/types.generated.js';
import { loadSchemas } from '../lib/validation.js';
import { oneLine } from './one-line.js';

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
      if (!new RegExp(`^${RUN_PREFIX}[a-z0-9]{1,12}$`).test(runId)) throw new ConfigError(`--run: "${runId}" is not a run id (${RUN_PREFIX} followed by 1 to 12 lowercase letters or digits)`);
      options.runId = runId;
    } else throw new ConfigError(`cleanup: unknown argument "${arg}" (use --dry-run, --run <runId>, --yes-production)`);
  }
  return options;
}

function describe(c: Customer): string {
  return `${c.customerAccountNumber} "${c.customerName}" (${c.status ?? `status ${c.statusIdentifier}`})`;
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  if (config.target === 'production' && !options.yesProduction) {
    throw new ConfigError('FLEET_TARGET=production: cleanup closes customers, which is a write; add --yes-production if you mean it');
  }
  console.log(banner(config));
  const prefix = options.runId ?? RUN_PREFIX;
  const secrets = new SecretRegistry();
  for (const secret of secretsOf(config)) secrets.add(secret);
  const context = await request.newContext();
  // --yes-production lifts the client's production guard for this one, explicitly requested write.
  const clientConfig: Config = options.yesProduction ? { ...config, target: 'test' } : config;
  const api = new FleetApi({ request: context, config: clientConfig, tokens: new TokenProvider(config), schemas: loadSchemas(), secrets });
  try {
    const found = await markedCustomers(api, config.customerListFields, prefix);
    // The document shows no closed status: learn its identifier from the first close, and trust its name meanwhile.
    let closedStatus: number | undefined;
    const isClosed = (c: Customer) => c.statusIdentifier === closedStatus || /clos/i.test(c.status ?? '');
    const counts = { closed: 0, already: 0, failed: 0 };
    for (const customer of found) {
      if (isClosed(customer)) {
        counts.already += 1;
        continue;
      }
      if (options.dryRun) {
        console.log(`would close ${describe(customer)}`);
        continue;
      }
      const number = customer.customerAccountNumber!;
      const outcome = await api.closeCustomer(number, { notes: 'fleet-conformance cleanup' }).then((r) => r.status, (e: Error) => oneLine(e.message));
      if (outcome === 200) {
        counts.closed += 1;
        const after = await api.getCustomer(number).catch(() => undefined);
        if (after?.status === 200 && after.body.statusIdentifier !== ACTIVE) closedStatus ??= after.body.statusIdentifier;
        console.log(`closed ${describe(customer)}`);
      } else {
        counts.failed += 1;
        console.log(`could not close ${describe(customer)}: ${outcome}`);
      }
    }
    const open = found.length - counts.already;
    console.log(options.dryRun
      ? `cleanup (dry run): ${found.length} customers marked ${prefix}, ${open} would be closed, ${counts.already} already closed`
      : `cleanup: ${found.length} customers marked ${prefix}: ${counts.closed} closed, ${counts.failed} could not be closed, ${counts.already} already closed`);
    return counts.failed ? 1 : 0;
  } finally {
    await context.dispose();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    // ConfigError, AuthError (unreachable target, refused credentials), a ConformanceError of the list: one line.
    console.error(`cleanup: ${e instanceof Error ? oneLine(e.message) : String(e)}`);
    process.exit(2);
  },
);

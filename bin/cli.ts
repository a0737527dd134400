/**
 * fleet-conformance <command> [arguments]: the suite's commands for a folder outside this
 * repository (a pipeline's workspace): each reads `.env` and writes `reports/` in the folder it runs
 * in, and runs the package's own code, specs and defaults. bin/fleet-conformance.js starts this file
 * with TypeScript through tsx; a command is the script `npm run <script>` runs in a clone. Like
 * package.json's scripts, it stands beside the three parts and may start any of them.
 * Exit 2 for an unknown command (one line); otherwise the command's own exit code.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { packageFile } from '../lib/package-files.js';

interface Command {
  script: string;
  usage: string;
  what: string;
  /** Lines after the usage: options, exit codes. */
  more: string[];
}

const EXITS = (codes: string) => `exit: ${codes}`;

export const COMMANDS: Record<string, Command> = {
  run: {
    script: 'scripts/conformance.ts',
    usage: 'fleet-conformance run [<playwright test arguments>]',
    what: 'the conformance suite against the target of .env (or the environment); the reports in ./reports',
    more: [
      'Any argument goes to `playwright test`: -g <regexp> (a part of the suite, e.g. -g CUST-LIST), --shard=i/n with --reporter=blob,dot, --workers n.',
      'Reports: reports/coverage.html, reports/allure/index.html, reports/playwright/index.html, reports/drift.html, reports/junit.xml, reports/coverage.json.',
      EXITS(
        '0 nothing proven broken; 1 a rule broken or a finding, or the environment was unavailable; 2 bad input (one line); 3 a suite error; 4 an operation the server answered unavailable to every request; 130/143 cancelled'
      ),
    ],
  },
  perf: {
    script: 'perf/run.ts',
    usage: 'fleet-conformance perf',
    what: "latency gates: each operation at a fixed rate, judged against the document's latency targets",
    more: [
      'Writes reports/perf/summary.json and reports/perf/index.html; FLEET_PERF_* tune it.',
      EXITS('0 every target met or not decided; 1 a target missed; 2 bad input'),
    ],
  },
  gate: {
    script: 'scripts/gate.ts',
    usage:
      'fleet-conformance gate --baseline <dir> [--current <dir>] [--known <file>] [--accept | --init] [--min-judged <share>]',
    what: "this run's reports against the last accepted run's: the regression gate",
    more: [
      "--current: the run's reports (default ./reports); --known: accepted failures (default ./known-failures.json, else none); --init makes the first baseline, --accept keeps a passing run as the baseline.",
      EXITS(
        '0 no regression; 1 a regression; 2 bad input; 3 not judged (the environment was unavailable); 4 an operation unavailable; 5 a rule not judged on FLEET_GATE_MAX_UNJUDGED_NIGHTS nights in a row'
      ),
    ],
  },
  merge: {
    script: 'scripts/merge-shards.ts',
    usage: 'fleet-conformance merge [<blob dir>] [--shards <n>]',
    what: "the reports of a sharded run, from its shards' blob reports",
    more: [
      'Each shard: PLAYWRIGHT_BLOB_OUTPUT_FILE=blob-report/report-<i>.zip fleet-conformance run --shard=<i>/<n> --reporter=blob,dot',
      EXITS(
        '0 nothing broken; 1 a failure, a finding or a shard that did not run; 2 bad input; 4 an operation unavailable'
      ),
    ],
  },
  sandbox: {
    script: 'sandbox/server.ts',
    usage: 'fleet-conformance sandbox [--print-env]',
    what: 'the embedded sandbox alone, a server that implements the document (SANDBOX_PORT, default 4010)',
    more: [
      "SANDBOX_FAULTS, SANDBOX_VARIANTS, SANDBOX_LATENCY, SANDBOX_TLS: see the package's sandbox/README.md.",
      'Stops on Ctrl-C (SIGINT) or SIGTERM.',
      '--print-env: prints, instead, the .env of a full run against it as a stand-in test environment (its own fixed test credentials, the second client, the card pool, the session ids): fleet-conformance sandbox --print-env > .env',
    ],
  },
  token: {
    script: 'scripts/token.ts',
    usage: 'fleet-conformance token',
    what: "prints an access token for the configured target, for the reports' replays",
    more: [
      'export FLEET_TOKEN=$(npx fleet-conformance token)',
      EXITS('0 printed; 2 the configuration or the identity provider refused it (one line)'),
    ],
  },
  cleanup: {
    script: 'scripts/cleanup.ts',
    usage: 'fleet-conformance cleanup [--dry-run] [--run <id>]',
    what: 'closes what a killed run left on the target (everything it creates carries its run id fcr…)',
    more: ['Without --run: everything marked fcr but the runs still in progress on this machine.'],
  },
  chaos: {
    script: 'proof/scripts/chaos.ts',
    usage:
      'fleet-conformance chaos [--target <url>] [--port <n>] [--seed <n>] [--rate <p> | <kind>=<p>] [--pause <ms>[-<ms>]] [--token-failures <n>] [--log <file>]',
    what: 'a bad night on purpose: a proxy in front of the target injecting gateway pages, resets, pauses and a failing token request',
    more: ['Point FLEET_BASE_URL at the address it prints; one JSON line per event it injected (--log).'],
  },
};

const version = () => (JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }).version;

export function generalHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    `fleet-conformance ${version()}: contract tests of the Fleet Card and Charging Service interface`,
    '',
    'usage: fleet-conformance <command> [arguments]    (fleet-conformance <command> --help for its options)',
    '',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.what}`),
    '',
    'Each command reads .env of the folder it runs in (real environment variables win) and writes reports/ there;',
    "known-failures.json there, if any, holds the accepted failures. The variables: the package's .env.example.",
  ].join('\n');
}

export function commandHelp(name: string): string {
  const c = COMMANDS[name]!;
  return [`usage: ${c.usage}`, '', c.what, '', ...c.more].join('\n');
}

/** What to do with the arguments: print (help, version, a mistake) or run a command's script. */
export function dispatch(argv: string[]): { print: string; exit: number } | { script: string; args: string[] } {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help')
    return { print: generalHelp(), exit: name ? 0 : 2 };
  if (name === '--version' || name === '-v') return { print: version(), exit: 0 };
  const command = COMMANDS[name];
  if (!command)
    return {
      print: `fleet-conformance: unknown command "${name}" (the commands: ${Object.keys(COMMANDS).join(', ')}; fleet-conformance --help)`,
      exit: 2,
    };
  if (args[0] === '--help' || args[0] === '-h') return { print: commandHelp(name), exit: 0 };
  return { script: packageFile(command.script), args };
}

async function main(): Promise<void> {
  const what = dispatch(process.argv.slice(2));
  if ('print' in what) {
    (what.exit === 2 ? console.error : console.log)(what.print);
    process.exit(what.exit);
  }
  // The script reads its arguments as if started on its own (`node --import tsx <script> ...`).
  process.argv = [process.argv[0]!, what.script, ...what.args];
  await import(pathToFileURL(what.script).href);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await main();

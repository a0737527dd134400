/**
 * npm run -s job-summary -- [--reports <dir>] [--title <text>] [--exit <code>] [--of gate|conformance]
 *   [--context <line> ...] [--link <label>=<url> ...] [--artifact <name>]:
 * the verdict on the job's page. Appends Markdown to $GITHUB_STEP_SUMMARY (GitHub Actions shows
 * it on the run's page), or prints it when that is unset: the verdict and the exit code of the
 * gate (or of the conformance run), the counts, each regression and broken rule with its reason
 * and replay, the environment's night, links to the reports (`--artifact`: the run's artifact of
 * that name). Exit 0; 2 for bad input (one line).
 */
import { appendFileSync } from 'node:fs';
import { ConfigError } from '../lib/config.js';
import { jobSummary } from '../lib/report/job-summary.js';
import { type ExitOf, verdictOf } from '../lib/report/verdict.js';
import { ciOptions, exitCodeOf, readRunFiles, runSecrets } from './ci-reports.js';

const USAGE =
  'usage: job-summary [--reports <dir>] [--title <text>] [--exit <code>] [--of gate|conformance] [--context <line> ...] [--link <label>=<url> ...] [--artifact <name>]';

function options(argv: string[]) {
  const values = ciOptions(
    argv,
    {
      reports: { type: 'string', default: 'reports' },
      title: { type: 'string', default: 'run' },
      exit: { type: 'string' },
      of: { type: 'string', default: 'conformance' },
      context: { type: 'string', multiple: true },
      link: { type: 'string', multiple: true },
      artifact: { type: 'string' },
    },
    USAGE
  );
  if (values.of !== 'gate' && values.of !== 'conformance')
    throw new ConfigError(`--of ${values.of}: expected gate or conformance (${USAGE})`);
  const links = (values.link ?? []).map((l): [string, string] => {
    const m = /^([^=]+)=(\S+)$/.exec(l);
    if (!m) throw new ConfigError(`--link ${l}: expected <label>=<url> (${USAGE})`);
    return [m[1]!, m[2]!];
  });
  return { ...values, of: values.of as ExitOf, exitCode: exitCodeOf(values.exit, USAGE), links };
}

function artifactLink(name: string): [string, string] | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: run } = process.env;
  return server && repository && run
    ? [`the ${name} artifact`, `${server}/${repository}/actions/runs/${run}#artifacts`]
    : undefined;
}

function main(): number {
  const args = options(process.argv.slice(2));
  const { coverage, gate } = readRunFiles(args.reports);
  const artifact = args.artifact ? artifactLink(args.artifact) : undefined;
  const secrets = runSecrets();
  const text = jobSummary({
    title: args.title,
    verdict: verdictOf(coverage, gate, args.exitCode, args.of),
    ...(coverage ? { coverage } : {}),
    ...(gate ? { gate } : {}),
    context: (args.context ?? []).filter((c) => c.trim() && !/:\s*$/.test(c)),
    links: [...args.links, ...(artifact ? [artifact] : [])],
    scrub: (t) => secrets.scrub(t),
  });
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (file) appendFileSync(file, `${text}\n`);
  else process.stdout.write(text);
  return 0;
}

try {
  process.exit(main());
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(`job-summary: ${e.message}`);
    process.exit(2);
  }
  throw e;
}

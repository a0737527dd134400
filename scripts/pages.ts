/**
 * npm run -s pages -- --site <dir> (--night <id> | --deploy <id>) [--reports <dir>] [--exit <code>] [--keep <n>] [--context <line> ...]:
 * adds a run's reports to the published site (lib/pages/site.ts) in <dir>, which holds the site as
 * last published (restored by the workflow; empty the first time): a night under nights/<id>/ and
 * latest/, a deployment check under deploy/<id>/, the last --keep (30) of each kept, the index of
 * nights and deployment checks with their verdicts (from the gate's exit code, --exit, and
 * gate.json), Allure 3's history file beside them. Then every file of the site is searched for the
 * configured secrets and the shapes of a token (lib/report/secret-scan.ts): one found fails it, and
 * the workflow publishes nothing. Exit 0: added, no secret; 1: a secret found; 2: bad input.
 */
import { ConfigError } from '../lib/config.js';
import { addToSite } from '../lib/pages/site.js';
import { scanTree } from '../lib/report/secret-scan.js';
import { countsOf, verdictOf } from '../lib/report/verdict.js';
import { ciOptions, exitCodeOf, readRunFiles, runSecrets } from './ci-reports.js';

const USAGE =
  'usage: pages --site <dir> (--night <id> | --deploy <id>) [--reports <dir>] [--exit <code>] [--keep <n>] [--context <line> ...]';
/** Findings shown before "… and N more". */
const MAX_SHOWN = 20;

function options(argv: string[]) {
  const values = ciOptions(
    argv,
    {
      site: { type: 'string' },
      night: { type: 'string' },
      deploy: { type: 'string' },
      reports: { type: 'string', default: 'reports' },
      exit: { type: 'string' },
      keep: { type: 'string', default: '30' },
      context: { type: 'string', multiple: true },
    },
    USAGE
  );
  if (!values.site) throw new ConfigError(`--site <dir> is required (${USAGE})`);
  if ((values.night === undefined) === (values.deploy === undefined))
    throw new ConfigError(`give --night <id> or --deploy <id> (${USAGE})`);
  const id = (values.night ?? values.deploy)!;
  if (!/^[\w.-]+$/.test(id) || /^\.+$/.test(id))
    throw new ConfigError(`${values.night ? '--night' : '--deploy'} ${id}: an id is letters, digits, '.', '-' and '_'`);
  if (!/^[1-9]\d*$/.test(values.keep)) throw new ConfigError(`--keep ${values.keep}: expected how many runs to keep`);
  return {
    ...values,
    site: values.site,
    id,
    kind: values.night ? ('night' as const) : ('deploy' as const),
    keep: Number(values.keep),
    exitCode: exitCodeOf(values.exit, USAGE),
  };
}

function main(): number {
  const args = options(process.argv.slice(2));
  const { coverage, gate } = readRunFiles(args.reports);
  const verdict = verdictOf(coverage, gate, args.exitCode, 'gate');
  const { manifest, removed } = addToSite({
    site: args.site,
    reports: args.reports,
    kind: args.kind,
    id: args.id,
    at: coverage?.generatedAt ?? new Date().toISOString(),
    verdict,
    keep: args.keep,
    ...(coverage ? { counts: countsOf(coverage), target: coverage.target } : {}),
    context: (args.context ?? []).filter((c) => c.trim() && !/:\s*$/.test(c)),
  });
  console.log(
    `pages: ${args.kind === 'night' ? 'night' : 'deployment check'} ${args.id} (${verdict.word}${verdict.exitCode === undefined ? '' : `, exit ${verdict.exitCode}`}) added to ${args.site}; ${manifest.nights.length} nights and ${manifest.deploys.length} deployment checks kept${removed.length ? `; removed ${removed.join(', ')}` : ''}`
  );
  const found = scanTree(args.site, runSecrets());
  if (found.length) {
    for (const f of found.slice(0, MAX_SHOWN)) console.error(`pages: ${f}`);
    console.error(
      `pages: ${found.length} secret${found.length === 1 ? '' : 's'} in the site to publish${found.length > MAX_SHOWN ? ` (${MAX_SHOWN} shown)` : ''}: nothing may be published`
    );
    return 1;
  }
  console.log(`pages: no secret in ${args.site} (every file, and what its single-file reports carry)`);
  return 0;
}

try {
  process.exit(main());
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(`pages: ${e.message}`);
    process.exit(2);
  }
  throw e;
}

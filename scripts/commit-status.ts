/**
 * npm run -s commit-status -- (--state pending [--description <text>] | --exit <code> [--of gate|conformance] [--reports <dir>])
 *   [--repository <owner/name>] [--commit <sha>] [--context <name>] [--target-url <url>]:
 * sets a commit status on the service's commit through GitHub's REST API
 * (`POST ${GITHUB_API_URL}/repos/<owner/name>/statuses/<sha>`), with the token in STATUS_TOKEN
 * (never an argument: a command line is visible to every process). `--exit`: the verdict of the
 * run from its exit code and reports (success, failure, or error when it could not be judged), with
 * its one-line reason; the link is the workflow run's (GITHUB_SERVER_URL, GITHUB_REPOSITORY,
 * GITHUB_RUN_ID) unless --target-url says otherwise. Without a token, a repository or a commit it
 * says so and sets nothing (exit 0). Exit 1: GitHub refused it or could not be reached (one line);
 * 2: bad input.
 */
import { ConfigError } from '../lib/config.js';
import { type ExitOf, verdictOf } from '../lib/report/verdict.js';
import { ciOptions, exitCodeOf, readRunFiles, runSecrets } from './ci-reports.js';

const USAGE =
  'usage: commit-status (--state pending [--description <text>] | --exit <code> [--of gate|conformance] [--reports <dir>]) [--repository <owner/name>] [--commit <sha>] [--context <name>] [--target-url <url>]';
/** GitHub keeps at most 140 characters of a status's description. */
const MAX_DESCRIPTION = 140;
const STATES = ['pending', 'success', 'failure', 'error'] as const;
type State = (typeof STATES)[number];

function options(argv: string[]) {
  const values = ciOptions(
    argv,
    {
      state: { type: 'string' },
      description: { type: 'string' },
      exit: { type: 'string' },
      of: { type: 'string', default: 'gate' },
      reports: { type: 'string', default: 'reports' },
      repository: { type: 'string' },
      commit: { type: 'string' },
      context: { type: 'string', default: 'fleet-conformance / deployment check' },
      'target-url': { type: 'string' },
    },
    USAGE
  );
  if ((values.state === undefined) === (values.exit === undefined))
    throw new ConfigError(`give --state or --exit (${USAGE})`);
  if (values.state !== undefined && !(STATES as readonly string[]).includes(values.state))
    throw new ConfigError(`--state ${values.state}: expected ${STATES.join(', ')}`);
  if (values.of !== 'gate' && values.of !== 'conformance')
    throw new ConfigError(`--of ${values.of}: expected gate or conformance`);
  const repository = values.repository?.trim() || undefined;
  const commit = values.commit?.trim() || undefined;
  if (repository && !/^[\w.-]+\/[\w.-]+$/.test(repository))
    throw new ConfigError(`--repository ${repository}: expected <owner>/<name>`);
  if (commit && !/^[0-9a-f]{7,40}$/i.test(commit))
    throw new ConfigError(`--commit ${commit}: expected a commit's SHA (7 to 40 hexadecimal digits)`);
  return { ...values, of: values.of as ExitOf, exitCode: exitCodeOf(values.exit, USAGE), repository, commit };
}

function clip(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > MAX_DESCRIPTION ? `${one.slice(0, MAX_DESCRIPTION - 1)}…` : one;
}

/** The state and the one-line description of a finished run. */
function finished(reports: string, exitCode: number | undefined, of: ExitOf): { state: State; description: string } {
  const { coverage, gate } = readRunFiles(reports);
  const verdict = verdictOf(coverage, gate, exitCode, of);
  const state: State = verdict.passed === true ? 'success' : verdict.passed === false ? 'failure' : 'error';
  return { state, description: `${verdict.word}: ${verdict.line}` };
}

async function main(): Promise<number> {
  const args = options(process.argv.slice(2));
  const token = process.env.STATUS_TOKEN?.trim();
  const missing = [!token && 'STATUS_TOKEN', !args.repository && '--repository', !args.commit && '--commit'].filter(
    Boolean
  );
  if (missing.length) {
    console.log(`commit status: not set (${missing.join(', ')} not given)`);
    return 0;
  }
  const { state, description } = args.state
    ? { state: args.state as State, description: args.description ?? 'running' }
    : finished(args.reports, args.exitCode, args.of);
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: run } = process.env;
  const targetUrl =
    args['target-url'] ?? (server && repository && run ? `${server}/${repository}/actions/runs/${run}` : undefined);
  const api = (process.env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
  const url = `${api}/repos/${args.repository}/statuses/${args.commit}`;
  const scrub = runSecrets();
  scrub.add(token);
  const body = {
    state,
    description: clip(scrub.scrub(description)),
    context: args.context,
    ...(targetUrl ? { target_url: targetUrl } : {}),
  };
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token}`,
        'x-github-api-version': '2022-11-28',
        'content-type': 'application/json',
        'user-agent': 'fleet-conformance',
      },
    });
  } catch (e) {
    console.error(
      `commit status: ${url} could not be reached (${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message})`
    );
    return 1;
  }
  if (response.status !== 201) {
    const text = await response.text();
    const message = (() => {
      try {
        return (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        return text;
      }
    })();
    console.error(
      `commit status: ${response.status} from ${url}: ${scrub.scrub(message.split('\n')[0]!.slice(0, 200))}`
    );
    return 1;
  }
  console.log(
    `commit status: ${state} on ${args.repository}@${args.commit!.slice(0, 12)} (${args.context}): ${body.description}`
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof ConfigError) {
      console.error(`commit-status: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
);

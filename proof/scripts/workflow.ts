/**
 * npm run workflow -- <workflow> [--vars <file>] [--work <dir>] [--repo <dir>] [--keep]
 *   [--input NAME=value ...] [--dispatch <type> [--payload <json>]] [--api <url>]: one run of
 * a workflow of .github/workflows, on this machine, as GitHub Actions would run it (proof/workflow/):
 * the repository's HEAD, each job in a fresh clone, matrix jobs at once, the repository variables
 * and secrets from --vars (`vars.NAME=value`, `secrets.NAME=value`; secrets are masked), artifacts
 * and the Actions cache as folders under --work (the cache carried from run to run). Started as a
 * manual dispatch with its --input values, or with --dispatch as a repository dispatch of that type
 * with --payload as its client payload; --api is the GITHUB_API_URL its steps see.
 * Exit 0: the run succeeded; 1: it failed or was cancelled; 2: bad input (one line).
 */
import { parseArgs } from 'node:util';
import { WorkflowError } from '../workflow/errors.js';
import type { RunEvent } from '../workflow/event.js';
import type { Value } from '../workflow/expressions.js';
import { runWorkflow } from '../workflow/runner.js';
import { readSettings } from '../workflow/vars.js';

const USAGE =
  'usage: npm run workflow -- <workflow> [--vars <file>] [--work <dir>] [--repo <dir>] [--keep] [--input NAME=value ...] [--dispatch <type> [--payload <json>]] [--api <url>]';

function eventOf(values: { input?: string[]; dispatch?: string; payload?: string }): RunEvent {
  if (values.dispatch === undefined) {
    if (values.payload !== undefined) throw new WorkflowError(`--payload goes with --dispatch (${USAGE})`);
    const inputs = Object.fromEntries(
      (values.input ?? []).map((i) => {
        const m = /^([\w-]+)=(.*)$/s.exec(i);
        if (!m) throw new WorkflowError(`--input ${i}: expected NAME=value (${USAGE})`);
        return [m[1]!, m[2]!];
      })
    );
    return { name: 'workflow_dispatch', inputs };
  }
  if (values.input?.length)
    throw new WorkflowError("--input is a manual dispatch's; a repository dispatch carries --payload");
  let clientPayload: unknown = {};
  try {
    clientPayload = JSON.parse(values.payload ?? '{}');
  } catch (e) {
    throw new WorkflowError(`--payload: not JSON (${(e as Error).message})`);
  }
  if (!clientPayload || typeof clientPayload !== 'object' || Array.isArray(clientPayload))
    throw new WorkflowError('--payload: expected a JSON object');
  return { name: 'repository_dispatch', type: values.dispatch, clientPayload: clientPayload as Record<string, Value> };
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      strict: true,
      options: {
        vars: { type: 'string' },
        work: { type: 'string' },
        repo: { type: 'string' },
        keep: { type: 'boolean' },
        input: { type: 'string', multiple: true },
        dispatch: { type: 'string' },
        payload: { type: 'string' },
        api: { type: 'string' },
      },
    });
  } catch (e) {
    throw new WorkflowError(`${(e as Error).message.split('\n')[0]} (${USAGE})`);
  }
  const [workflow, ...extra] = parsed.positionals;
  if (!workflow || extra.length) throw new WorkflowError(`name one workflow (${USAGE})`);
  const cancel = new AbortController();
  process.once('SIGINT', () => cancel.abort());
  process.once('SIGTERM', () => cancel.abort());
  const summary = await runWorkflow({
    workflow,
    repo: parsed.values.repo ?? '.',
    workDir: parsed.values.work ?? 'reports/workflow',
    settings: readSettings(parsed.values.vars),
    keepWorkspaces: !!parsed.values.keep,
    signal: cancel.signal,
    event: eventOf(parsed.values),
    ...(parsed.values.api ? { apiUrl: parsed.values.api } : {}),
  });
  for (const job of summary.jobs)
    console.log(
      `  ${job.conclusion.padEnd(9)} ${job.name} (${job.seconds} s)${job.timedOut ? ' timed out' : ''}${job.summary ? `; its summary: ${job.summary}` : ''}`
    );
  if (summary.conclusion === 'cancelled') return 130;
  return summary.conclusion === 'success' ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof WorkflowError) {
      console.error(`workflow: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
);

/**
 * npm run workflow -- <workflow> [--vars <file>] [--work <dir>] [--repo <dir>] [--keep]: one run of
 * a workflow of .github/workflows, on this machine, as GitHub Actions would run it (proof/workflow/):
 * the repository's HEAD, each job in a fresh clone, matrix jobs at once, the repository variables
 * and secrets from --vars (`vars.NAME=value`, `secrets.NAME=value`; secrets are masked), artifacts
 * and the Actions cache as folders under --work (the cache carried from run to run).
 * Exit 0: the run succeeded; 1: it failed or was cancelled; 2: bad input (one line).
 */
import { parseArgs } from 'node:util';
import { WorkflowError } from '../workflow/errors.js';
import { runWorkflow } from '../workflow/runner.js';
import { readSettings } from '../workflow/vars.js';

const USAGE = 'usage: npm run workflow -- <workflow> [--vars <file>] [--work <dir>] [--repo <dir>] [--keep]';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2), allowPositionals: true, strict: true,
      options: { vars: { type: 'string' }, work: { type: 'string' }, repo: { type: 'string' }, keep: { type: 'boolean' } },
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
    workflow, repo: parsed.values.repo ?? '.', workDir: parsed.values.work ?? 'reports/workflow', settings: readSettings(parsed.values.vars),
    keepWorkspaces: !!parsed.values.keep, signal: cancel.signal,
  });
  for (const job of summary.jobs) console.log(`  ${job.conclusion.padEnd(9)} ${job.name} (${job.seconds} s)${job.timedOut ? ' timed out' : ''}`);
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
  },
);

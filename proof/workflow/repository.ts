/**
 * The repository a local run runs, as GitHub would: its HEAD commit (what is not committed is not
 * part of the run), and the workflow files of that commit, checked whole before anything starts:
 * every key, every action and its inputs, every expression.
 */
import { spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import { checkUses } from './actions.js';
import { WorkflowError } from './errors.js';
import { checkExpression, conditionText, expressionsIn } from './expressions.js';
import { parseWorkflow, type Workflow } from './model.js';

export const CONTEXTS = [
  'github',
  'inputs',
  'vars',
  'secrets',
  'matrix',
  'env',
  'needs',
  'steps',
  'runner',
  'job',
  'strategy',
];

function git(repo: string, args: string[]): string {
  const r = spawnSync('git', ['-C', repo, ...args], { encoding: 'utf8' });
  if (r.status !== 0)
    throw new WorkflowError(
      `${repo}: git ${args.join(' ')}: ${(r.stderr || r.stdout).trim().split('\n')[0] ?? `exit ${r.status}`}`
    );
  return r.stdout;
}

export interface Head {
  sha: string;
  /** refs/heads/<branch>, or the sha when detached. */
  ref: string;
  /** Changes in the working tree, which the run does not see. */
  dirty: boolean;
}

export function headOf(repo: string): Head {
  const sha = git(repo, ['rev-parse', 'HEAD']).trim();
  const branch = git(repo, ['rev-parse', '--abbrev-ref', 'HEAD']).trim();
  return {
    sha,
    ref: branch === 'HEAD' ? sha : `refs/heads/${branch}`,
    dirty: git(repo, ['status', '--porcelain', '--untracked-files=no']).trim() !== '',
  };
}

/** Every action and its inputs, every expression of a workflow: known to the local runner, or a WorkflowError. */
export function checkWorkflow(workflow: Workflow): void {
  const expr = (where: string, text: string) => {
    try {
      checkExpression(text, CONTEXTS);
    } catch (e) {
      throw new WorkflowError(`${where}: ${(e as Error).message}`);
    }
  };
  const strings = (where: string, value: unknown) => {
    if (typeof value === 'string') for (const e of expressionsIn(value)) expr(where, e);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) strings(`${where}.${k}`, v);
  };
  const { jobs, ...top } = workflow;
  strings(workflow.file, top);
  for (const [id, job] of Object.entries(jobs)) {
    const { steps, ...rest } = job;
    const where = `${workflow.file}: jobs.${id}`;
    strings(where, rest);
    if (typeof job.if === 'string') expr(`${where}.if`, conditionText(job.if));
    steps.forEach((step, i) => {
      const at = `${where}.steps[${i}]${step.name ? ` (${step.name})` : ''}`;
      strings(at, step);
      if (typeof step.if === 'string') expr(`${at}.if`, conditionText(step.if));
      if (step.uses) checkUses(at, step.uses, Object.keys(step.with ?? {}));
    });
  }
}

/** A workflow of the repository's HEAD by file name (nightly, nightly.yml) or by its name:. */
export function readWorkflow(repo: string, sha: string, wanted: string): Workflow {
  const files = git(repo, ['ls-tree', '--name-only', sha, '.github/workflows/'])
    .split('\n')
    .filter((f) => /\.ya?ml$/.test(f));
  const workflows = files.map((f) => parseWorkflow(git(repo, ['show', `${sha}:${f}`]), basename(f)));
  const found =
    workflows.find((w) => w.file === wanted || w.file.replace(/\.ya?ml$/, '') === wanted) ??
    workflows.find((w) => w.name === wanted);
  if (!found)
    throw new WorkflowError(
      `no workflow "${wanted}" in .github/workflows of ${repo} at ${sha.slice(0, 12)} (there: ${workflows.map((w) => w.file).join(', ') || 'none'})`
    );
  checkWorkflow(found);
  return found;
}

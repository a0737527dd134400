/**
 * A workflow file as the local runner reads it: the keys of GitHub Actions' syntax that our
 * workflows use, checked once. A key it does not know is a WorkflowError naming the file and the
 * key, so that nothing in a workflow is silently skipped.
 */
import { parse } from 'yaml';
import { WorkflowError } from './errors.js';

export interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
  if?: string | boolean;
  'continue-on-error'?: boolean | string;
  'timeout-minutes'?: number;
  'working-directory'?: string;
  shell?: string;
}

export interface Job {
  name?: string;
  'runs-on': string;
  needs?: string | string[];
  if?: string | boolean;
  'timeout-minutes'?: number;
  'continue-on-error'?: boolean;
  strategy?: { 'fail-fast'?: boolean; 'max-parallel'?: number; matrix?: Record<string, (string | number | boolean)[]> };
  env?: Record<string, string>;
  defaults?: { run?: { 'working-directory'?: string; shell?: string } };
  permissions?: unknown;
  /** Evaluated when its steps are done: what jobs that need it read (needs.<id>.outputs). */
  outputs?: Record<string, string>;
  environment?: string | { name: string; url?: string };
  concurrency?: unknown;
  steps: Step[];
}

export interface Workflow {
  /** The file it was read from (for messages). */
  file: string;
  name: string;
  on: unknown;
  permissions?: unknown;
  env?: Record<string, string>;
  defaults?: Job['defaults'];
  jobs: Record<string, Job>;
}

const WORKFLOW_KEYS = ['name', 'on', 'permissions', 'concurrency', 'env', 'defaults', 'jobs'];
// environment and concurrency are GitHub's protection and queueing: one local run at a time needs neither.
const JOB_KEYS = [
  'name',
  'runs-on',
  'needs',
  'if',
  'timeout-minutes',
  'continue-on-error',
  'strategy',
  'env',
  'defaults',
  'permissions',
  'outputs',
  'environment',
  'concurrency',
  'steps',
];
const STEP_KEYS = [
  'name',
  'id',
  'uses',
  'run',
  'with',
  'env',
  'if',
  'continue-on-error',
  'timeout-minutes',
  'working-directory',
  'shell',
];
const STRATEGY_KEYS = ['fail-fast', 'max-parallel', 'matrix'];
/** Runner images the local runner stands in for: this machine is a Linux x64 runner. */
const RUNNERS = ['ubuntu-latest', 'ubuntu-24.04', 'ubuntu-22.04'];
const SHELLS = ['bash'];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function unknownKeys(where: string, value: Record<string, unknown>, known: string[]): void {
  const extra = Object.keys(value).filter((k) => !known.includes(k));
  if (extra.length)
    throw new WorkflowError(
      `${where}: ${extra.join(', ')} is not supported by the local runner (it knows: ${known.join(', ')})`
    );
}

function stringMap(where: string, value: unknown): void {
  if (value === undefined) return;
  if (!isObject(value) || Object.values(value).some((v) => typeof v === 'object' && v !== null))
    throw new WorkflowError(`${where}: expected a map of names to values`);
}

function checkStep(where: string, step: unknown): void {
  if (!isObject(step)) throw new WorkflowError(`${where}: a step must be a map`);
  unknownKeys(where, step, STEP_KEYS);
  if ((step.uses === undefined) === (step.run === undefined))
    throw new WorkflowError(`${where}: a step needs exactly one of uses: or run:`);
  if (step.shell !== undefined && !SHELLS.includes(String(step.shell)))
    throw new WorkflowError(
      `${where}: shell ${String(step.shell)} is not supported by the local runner (it knows: ${SHELLS.join(', ')})`
    );
  stringMap(`${where}.env`, step.env);
  stringMap(`${where}.with`, step.with);
}

function checkJob(file: string, id: string, job: unknown, ids: string[]): void {
  const where = `${file}: jobs.${id}`;
  if (!isObject(job)) throw new WorkflowError(`${where}: a job must be a map`);
  unknownKeys(where, job, JOB_KEYS);
  if (!RUNNERS.includes(String(job['runs-on'])))
    throw new WorkflowError(
      `${where}.runs-on: ${String(job['runs-on'])} (the local runner stands in for ${RUNNERS.join(', ')})`
    );
  const needs = job.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs];
  for (const need of needs)
    if (!ids.includes(String(need))) throw new WorkflowError(`${where}.needs: no job "${String(need)}"`);
  if (job.strategy !== undefined) {
    if (!isObject(job.strategy)) throw new WorkflowError(`${where}.strategy: expected a map`);
    unknownKeys(`${where}.strategy`, job.strategy, STRATEGY_KEYS);
    const matrix = job.strategy.matrix;
    if (
      matrix !== undefined &&
      (!isObject(matrix) ||
        Object.entries(matrix).some(([, v]) => !Array.isArray(v) || v.some((x) => typeof x === 'object')))
    ) {
      throw new WorkflowError(
        `${where}.strategy.matrix: the local runner knows lists of values only (no include, exclude or expressions)`
      );
    }
  }
  stringMap(`${where}.env`, job.env);
  stringMap(`${where}.outputs`, job.outputs);
  if (!Array.isArray(job.steps) || !job.steps.length)
    throw new WorkflowError(`${where}.steps: expected a list of steps`);
  job.steps.forEach((step, i) => {
    checkStep(`${where}.steps[${i}]`, step);
  });
}

/** Parses and checks a workflow's text. */
export function parseWorkflow(text: string, file: string): Workflow {
  let data: unknown;
  try {
    data = parse(text);
  } catch (e) {
    throw new WorkflowError(`${file}: not YAML (${(e as Error).message.split('\n')[0]})`);
  }
  if (!isObject(data) || !isObject(data.jobs)) throw new WorkflowError(`${file}: expected a workflow with jobs:`);
  unknownKeys(file, data, WORKFLOW_KEYS);
  stringMap(`${file}: env`, data.env);
  const ids = Object.keys(data.jobs);
  for (const id of ids) checkJob(file, id, data.jobs[id], ids);
  return {
    ...(data as unknown as Omit<Workflow, 'file'>),
    file,
    name: typeof data.name === 'string' ? data.name : file,
  };
}

export function needsOf(job: Job): string[] {
  return job.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs];
}

/** Every combination of a job's matrix (one empty combination without a matrix). */
export function matrixOf(job: Job): Record<string, string | number | boolean>[] {
  const matrix = job.strategy?.matrix;
  if (!matrix) return [{}];
  return Object.entries(matrix).reduce<Record<string, string | number | boolean>[]>(
    (combos, [key, values]) => combos.flatMap((c) => values.map((v) => ({ ...c, [key]: v }))),
    [{}]
  );
}

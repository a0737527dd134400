/**
 * A local runner for the repository's GitHub Actions workflows: the workflow of the repository's
 * HEAD, its matrix expanded, each job in a fresh workspace (its checkout a fresh clone), matrix
 * jobs and independent jobs at the same time, each job's steps in order with the workflow's, the
 * job's and the step's env; `if:`, `needs`, `continue-on-error`, `timeout-minutes` (a step or job
 * over it is stopped and recorded as timed out), `strategy.fail-fast`. The uses-steps are emulated
 * (proof/workflow/actions.ts); artifacts are folders of the run, the Actions cache a folder carried
 * from run to run. Writes summary.json (jobs, steps, exit codes, times) and a log per step.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { type CheckResult, runAction } from './actions.js';
import { WorkflowError } from './errors.js';
import { type RunEvent, type StartedBy, startedBy } from './event.js';
import { condition, type ExpressionContext, interpolate, type StatusView, type Value } from './expressions.js';
import { type Job, matrixOf, needsOf, type Step, type Workflow } from './model.js';
import { type Head, headOf, readWorkflow } from './repository.js';
import { endGroup, runShell } from './shell.js';
import { collectSummary, readOutputs } from './step-files.js';
import { ActionsCache, ArtifactStore } from './store.js';
import { masker, type RepositorySettings } from './vars.js';

export type Conclusion = 'success' | 'failure' | 'cancelled' | 'skipped';

export interface StepResult {
  name: string;
  uses?: string;
  /** What the step did; its conclusion differs when continue-on-error turned a failure into a success. */
  outcome: Conclusion;
  conclusion: Conclusion;
  exitCode?: number | null;
  timedOut?: boolean;
  seconds: number;
  log?: string;
}

export interface JobResult {
  id: string;
  name: string;
  matrix: Record<string, string | number | boolean>;
  conclusion: Conclusion;
  timedOut: boolean;
  startedAt?: string;
  seconds: number;
  steps: StepResult[];
  /** The job's `outputs:`, as its steps set them. */
  outputs?: Record<string, string>;
  /** Its summary (what its steps wrote to GITHUB_STEP_SUMMARY), as the run's page shows it. */
  summary?: string;
}

export interface RunSummary {
  workflow: string;
  file: string;
  runId: number;
  runNumber: number;
  repo: string;
  sha: string;
  startedAt: string;
  seconds: number;
  conclusion: Conclusion;
  jobs: JobResult[];
  artifacts: string[];
  checks: CheckResult[];
  /** The run's folder: summary.json, logs/, artifacts/. */
  dir: string;
}

export interface RunOptions {
  /** A workflow's file name (nightly, nightly.yml) or name. */
  workflow: string;
  /** The git repository whose HEAD runs. */
  repo: string;
  /** Runs, their artifacts and logs, and the Actions cache they share. */
  workDir: string;
  settings: RepositorySettings;
  progress?: (line: string) => void;
  /** Keep each job's workspace (its clone, node_modules, reports) after the run. */
  keepWorkspaces?: boolean;
  /** Cancels the run (as "Cancel workflow" does). */
  signal?: AbortSignal;
  /** What starts it (default: a manual dispatch without inputs). */
  event?: RunEvent;
  /** GITHUB_API_URL of the steps (default GitHub's): a proof points it at a stand-in. */
  apiUrl?: string;
}

const SERVER_URL = 'https://github.com';
const API_URL = 'https://api.github.com';

/** A job of the run with what it shares: its run, its matrix combination, the needs' results. */
interface JobRun {
  id: string;
  job: Job;
  matrix: Record<string, string | number | boolean>;
  index: number;
  total: number;
  needs: Record<string, Value>;
  cancel: AbortSignal;
}

/** What the steps of a job set so far: the `steps` context. */
type StepsContext = Record<string, { outputs: Record<string, string>; outcome: Conclusion; conclusion: Conclusion }>;

interface StepOutcome {
  outcome: Conclusion;
  outputs?: Record<string, string>;
  exitCode?: number | null;
  killedBy?: string;
  timedOut?: boolean;
  /** The job's time ran out during the step (not the step's own limit). */
  jobTimedOut?: boolean;
}

const DEFAULT_TIMEOUT_MINUTES = 360;
const CANCEL_TIMEOUT_MS = 5 * 60_000;
/** What a runner's environment carries over from the machine; everything else is the workflow's. */
const MACHINE_ENV = ['HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR'];

const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function machineEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const k of MACHINE_ENV) if (process.env[k] !== undefined) env[k] = process.env[k]!;
  // Not the node_modules/.bin of whatever project started the runner.
  env.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((p) => p && !p.includes('node_modules'))
    .join(':');
  return env;
}

function aggregate(results: JobResult[]): Conclusion {
  if (results.some((r) => r.conclusion === 'failure')) return 'failure';
  if (results.some((r) => r.conclusion === 'cancelled')) return 'cancelled';
  if (results.every((r) => r.conclusion === 'skipped')) return 'skipped';
  return 'success';
}

class WorkflowRun {
  private readonly dir: string;
  private readonly artifacts: ArtifactStore;
  private readonly cache: ActionsCache;
  private readonly mask: (text: string) => string;
  private readonly checks: CheckResult[] = [];
  private readonly progress: (line: string) => void;
  private readonly label: string;

  private readonly repository: string;

  constructor(
    private readonly workflow: Workflow,
    private readonly options: RunOptions,
    private readonly head: Head,
    private readonly runId: number,
    private readonly runNumber: number,
    private readonly event: StartedBy
  ) {
    this.dir = join(resolve(options.workDir), 'runs', `${slug(workflow.name)}-${runNumber}`);
    this.artifacts = new ArtifactStore(join(this.dir, 'artifacts'));
    this.cache = new ActionsCache(join(resolve(options.workDir), 'cache'));
    this.mask = masker(options.settings);
    this.label = `${workflow.name} #${runNumber}`;
    this.progress = (line) => (options.progress ?? console.log)(this.mask(`[${this.label}] ${line}`));
    this.repository = String((event.payload.repository as { full_name: string }).full_name);
  }

  private contexts(
    run: JobRun,
    env: Record<string, string>,
    steps: StepsContext = {}
  ): Record<string, Record<string, Value>> {
    return {
      github: {
        run_id: String(this.runId),
        run_number: String(this.runNumber),
        run_attempt: '1',
        sha: this.head.sha,
        ref: this.head.ref,
        event_name: this.event.name,
        event: this.event.payload,
        workflow: this.workflow.name,
        job: run.id,
        repository: this.repository,
        actor: 'local',
        server_url: SERVER_URL,
        api_url: this.options.apiUrl ?? API_URL,
      },
      inputs: this.event.inputs,
      steps,
      vars: this.options.settings.vars,
      secrets: this.options.settings.secrets,
      matrix: run.matrix,
      needs: run.needs,
      env,
      runner: { os: 'Linux', arch: 'X64', name: 'local', temp: join(this.dir, 'tmp') },
      job: { status: 'success' },
      strategy: {
        'job-index': run.index,
        'job-total': run.total,
        'fail-fast': run.job.strategy?.['fail-fast'] ?? true,
      },
    };
  }

  private evaluated(map: Record<string, string> | undefined, context: ExpressionContext): Record<string, string> {
    return Object.fromEntries(Object.entries(map ?? {}).map(([k, v]) => [k, interpolate(String(v), context)]));
  }

  async start(): Promise<RunSummary> {
    const started = Date.now();
    mkdirSync(join(this.dir, 'logs'), { recursive: true });
    mkdirSync(join(this.dir, 'tmp'), { recursive: true });
    writeFileSync(join(this.dir, 'event.json'), `${JSON.stringify(this.event.payload, null, 2)}\n`);
    this.progress(
      `${this.workflow.file} at ${this.head.sha.slice(0, 12)} (${this.head.ref})${this.head.dirty ? '; uncommitted changes are not part of the run' : ''}`
    );
    const results = new Map<string, JobResult[]>();
    const ids = Object.keys(this.workflow.jobs);
    const running = new Map<string, Promise<void>>();
    while (results.size < ids.length) {
      for (const id of ids.filter(
        (i) => !results.has(i) && !running.has(i) && needsOf(this.workflow.jobs[i]!).every((n) => results.has(n))
      )) {
        running.set(
          id,
          this.runJobGroup(id, results).then((r) => {
            results.set(id, r);
            running.delete(id);
          })
        );
      }
      if (!running.size)
        throw new WorkflowError(
          `${this.workflow.file}: the needs of ${ids.filter((i) => !results.has(i)).join(', ')} form a cycle`
        );
      await Promise.race(running.values());
    }
    const jobs = ids.flatMap((id) => results.get(id)!);
    const summary: RunSummary = {
      workflow: this.workflow.name,
      file: this.workflow.file,
      runId: this.runId,
      runNumber: this.runNumber,
      repo: resolve(this.options.repo),
      sha: this.head.sha,
      startedAt: new Date(started).toISOString(),
      seconds: seconds(started),
      conclusion: this.options.signal?.aborted ? 'cancelled' : aggregate(jobs),
      jobs,
      artifacts: this.artifacts.names(),
      checks: this.checks,
      dir: this.dir,
    };
    writeFileSync(join(this.dir, 'summary.json'), `${this.mask(JSON.stringify(summary, null, 2))}\n`);
    this.progress(`${summary.conclusion} in ${summary.seconds} s; summary ${join(this.dir, 'summary.json')}`);
    return summary;
  }

  /** All matrix combinations of a job, at once; fail-fast cancels the others when one fails. */
  private async runJobGroup(id: string, results: Map<string, JobResult[]>): Promise<JobResult[]> {
    const job = this.workflow.jobs[id]!;
    const needResults = Object.fromEntries(needsOf(job).map((n) => [n, aggregate(results.get(n)!)]));
    const needs: Record<string, Value> = Object.fromEntries(
      Object.entries(needResults).map(([n, r]) => [
        n,
        {
          result: r,
          outputs: Object.assign({}, ...results.get(n)!.map((j) => j.outputs ?? {})) as Record<string, string>,
        },
      ])
    );
    const combos = matrixOf(job);
    const cancel = new AbortController();
    const abortAll = () => cancel.abort();
    this.options.signal?.addEventListener('abort', abortAll, { once: true });
    const status: StatusView = {
      success: Object.values(needResults).every((r) => r === 'success'),
      failure: Object.values(needResults).some((r) => r === 'failure'),
      cancelled: !!this.options.signal?.aborted,
    };
    const runs: JobRun[] = combos.map((matrix, index) => ({
      id,
      job,
      matrix,
      index,
      total: combos.length,
      needs,
      cancel: cancel.signal,
    }));
    const context = { contexts: this.contexts(runs[0]!, {}), status };
    if (!condition(job.if, context)) {
      return runs.map((r) => ({
        id,
        name: this.jobName(r),
        matrix: r.matrix,
        conclusion: 'skipped',
        timedOut: false,
        seconds: 0,
        steps: [],
      }));
    }
    const failFast = job.strategy?.['fail-fast'] ?? true;
    const limit = job.strategy?.['max-parallel'] ?? runs.length;
    const out: JobResult[] = new Array(runs.length);
    let next = 0;
    const worker = async () => {
      while (next < runs.length) {
        const i = next++;
        out[i] = await this.runJob(runs[i]!);
        if (failFast && combos.length > 1 && out[i]!.conclusion === 'failure') cancel.abort();
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, runs.length) }, worker));
    this.options.signal?.removeEventListener('abort', abortAll);
    return out;
  }

  private jobName(run: JobRun): string {
    const values = Object.values(run.matrix);
    if (run.job.name)
      return interpolate(run.job.name, {
        contexts: this.contexts(run, {}),
        status: { success: true, failure: false, cancelled: false },
      });
    return values.length ? `${run.id} (${values.join(', ')})` : run.id;
  }

  private async runJob(run: JobRun): Promise<JobResult> {
    const name = this.jobName(run);
    const started = Date.now();
    const result: JobResult = {
      id: run.id,
      name,
      matrix: run.matrix,
      conclusion: 'success',
      timedOut: false,
      startedAt: new Date(started).toISOString(),
      seconds: 0,
      steps: [],
    };
    if (run.cancel.aborted) return { ...result, conclusion: 'cancelled' };
    // One path per job from run to run, as a runner's workspace is (/home/runner/work/<repo>/<repo>).
    const workspace = join(resolve(this.options.workDir), 'work', slug(name));
    rmSync(workspace, { recursive: true, force: true });
    const logs = join(this.dir, 'logs', slug(name));
    mkdirSync(workspace, { recursive: true });
    mkdirSync(logs, { recursive: true });
    this.progress(`${name}: started`);
    let deadline = started + (run.job['timeout-minutes'] ?? DEFAULT_TIMEOUT_MINUTES) * 60_000;
    const base = { contexts: this.contexts(run, {}), status: { success: true, failure: false, cancelled: false } };
    const workflowEnv = this.evaluated(this.workflow.env, base);
    const jobEnv = {
      ...workflowEnv,
      ...this.evaluated(run.job.env, { ...base, contexts: this.contexts(run, workflowEnv) }),
    };
    const runnerEnv: Record<string, string> = {
      ...machineEnv(),
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_RUN_ID: String(this.runId),
      GITHUB_RUN_NUMBER: String(this.runNumber),
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_SHA: this.head.sha,
      GITHUB_REF: this.head.ref,
      GITHUB_EVENT_NAME: this.event.name,
      GITHUB_EVENT_PATH: join(this.dir, 'event.json'),
      GITHUB_WORKFLOW: this.workflow.name,
      GITHUB_REPOSITORY: this.repository,
      GITHUB_SERVER_URL: SERVER_URL,
      GITHUB_API_URL: this.options.apiUrl ?? API_URL,
      GITHUB_JOB: run.id,
      RUNNER_OS: 'Linux',
      RUNNER_ARCH: 'X64',
      RUNNER_TEMP: join(this.dir, 'tmp'),
    };
    const steps: StepsContext = {};
    const summaryFile = join(this.dir, 'summaries', `${slug(name)}.md`);
    const state = { failed: false, cancelled: false, timedOut: false };
    const groups: number[] = [];
    const onCancel = () => (state.cancelled = true);
    run.cancel.addEventListener('abort', onCancel, { once: true });
    try {
      for (const [i, step] of run.job.steps.entries()) {
        if (Date.now() >= deadline && !state.timedOut) {
          state.timedOut = state.cancelled = true;
          // What still runs after a timeout (always(), cancelled()) has the cancel timeout, as on GitHub.
          deadline = Date.now() + CANCEL_TIMEOUT_MS;
        }
        const stepEnvContext = {
          contexts: this.contexts(run, jobEnv, steps),
          status: { success: !state.failed && !state.cancelled, failure: state.failed, cancelled: state.cancelled },
        };
        const stepName = step.name
          ? interpolate(step.name, stepEnvContext)
          : `Run ${step.uses ?? step.run!.trim().split('\n')[0]}`;
        if (!condition(step.if, stepEnvContext)) {
          result.steps.push({
            name: stepName,
            ...(step.uses ? { uses: step.uses } : {}),
            outcome: 'skipped',
            conclusion: 'skipped',
            seconds: 0,
          });
          continue;
        }
        const env = { ...jobEnv, ...this.evaluated(step.env, stepEnvContext) };
        const context = { ...stepEnvContext, contexts: this.contexts(run, env, steps) };
        const log = join(logs, `${String(i + 1).padStart(2, '0')}-${slug(stepName).slice(0, 60)}.log`);
        writeFileSync(log, '');
        const stepStarted = Date.now();
        const where = `${this.workflow.file}: jobs.${run.id}.steps[${i}]`;
        const files = {
          GITHUB_OUTPUT: join(this.dir, 'tmp', `${slug(name)}-${i + 1}-output`),
          GITHUB_ENV: join(this.dir, 'tmp', `${slug(name)}-${i + 1}-env`),
          GITHUB_STEP_SUMMARY: join(this.dir, 'tmp', `${slug(name)}-${i + 1}-summary.md`),
        };
        const outcome = step.uses
          ? this.uses(step, run, context, workspace, log, runnerEnv, where)
          : await this.shell(step, run, context, { ...runnerEnv, ...env, ...files }, workspace, log, deadline, groups);
        const outputs = { ...outcome.outputs, ...readOutputs(files.GITHUB_OUTPUT, where) };
        Object.assign(runnerEnv, readOutputs(files.GITHUB_ENV, where, 'GITHUB_ENV'));
        if (collectSummary(files.GITHUB_STEP_SUMMARY, summaryFile, this.mask)) result.summary = summaryFile;
        if (outcome.jobTimedOut && !state.timedOut) {
          state.timedOut = state.cancelled = true;
          deadline = Date.now() + CANCEL_TIMEOUT_MS;
        }
        const continueOnError =
          step['continue-on-error'] === true ||
          interpolate(String(step['continue-on-error'] ?? 'false'), context) === 'true';
        const conclusion: Conclusion = outcome.outcome === 'failure' && continueOnError ? 'success' : outcome.outcome;
        if (conclusion === 'failure') state.failed = true;
        if (step.id) steps[step.id] = { outputs, outcome: outcome.outcome, conclusion };
        const stepResult: StepResult = {
          name: stepName,
          ...(step.uses ? { uses: step.uses } : {}),
          outcome: outcome.outcome,
          conclusion,
          ...(outcome.exitCode !== undefined ? { exitCode: outcome.exitCode } : {}),
          ...(outcome.timedOut ? { timedOut: true } : {}),
          seconds: seconds(stepStarted),
          log,
        };
        result.steps.push(stepResult);
        const code =
          stepResult.exitCode === undefined
            ? ''
            : stepResult.exitCode === null
              ? ` (killed by ${outcome.killedBy ?? 'a signal'})`
              : ` (exit ${stepResult.exitCode})`;
        if (outcome.outcome !== 'success')
          this.progress(
            `${name}: step "${stepName}" ${outcome.timedOut ? 'timed out' : outcome.outcome}${code}${conclusion === 'success' ? ', continue-on-error' : ''} after ${stepResult.seconds} s`
          );
      }
    } finally {
      run.cancel.removeEventListener('abort', onCancel);
      for (const g of groups) endGroup(g);
      if (!this.options.keepWorkspaces) rmSync(workspace, { recursive: true, force: true });
    }
    if (run.job.outputs) {
      const context = {
        contexts: this.contexts(run, jobEnv, steps),
        status: { success: true, failure: false, cancelled: false },
      };
      result.outputs = this.evaluated(run.job.outputs, context);
    }
    result.timedOut = state.timedOut;
    result.conclusion = state.timedOut || state.failed ? 'failure' : state.cancelled ? 'cancelled' : 'success';
    result.seconds = seconds(started);
    this.progress(
      `${name}: ${state.timedOut ? `timed out after ${run.job['timeout-minutes'] ?? DEFAULT_TIMEOUT_MINUTES} min` : result.conclusion} in ${result.seconds} s`
    );
    return result;
  }

  private uses(
    step: Step,
    run: JobRun,
    context: ExpressionContext,
    workspace: string,
    log: string,
    runnerEnv: Record<string, string>,
    where: string
  ): StepOutcome {
    const lines: string[] = [];
    try {
      const outcome = runAction(step.uses!, {
        where,
        inputs: this.evaluated(step.with as Record<string, string>, context),
        workspace,
        repo: resolve(this.options.repo),
        sha: this.head.sha,
        artifacts: this.artifacts,
        cache: this.cache,
        log: (l) => lines.push(l),
        setEnv: (k, v) => (runnerEnv[k] = v),
        addPath: (dir) => (runnerEnv.PATH = [dir, runnerEnv.PATH].filter(Boolean).join(':')),
        tools: join(resolve(this.options.workDir), 'tools'),
        permissions: permissionsOf(run.job.permissions ?? this.workflow.permissions),
        pages: join(resolve(this.options.workDir), 'pages'),
      });
      if (outcome.check) this.checks.push(outcome.check);
      return { outcome: outcome.ok ? 'success' : 'failure', ...(outcome.outputs ? { outputs: outcome.outputs } : {}) };
    } catch (e) {
      lines.push(`error: ${(e as Error).message}`);
      return { outcome: 'failure' };
    } finally {
      writeFileSync(log, this.mask(`${lines.join('\n')}\n`));
    }
  }

  private async shell(
    step: Step,
    run: JobRun,
    context: ExpressionContext,
    env: Record<string, string>,
    workspace: string,
    log: string,
    jobDeadline: number,
    groups: number[]
  ): Promise<StepOutcome> {
    const workingDirectory =
      step['working-directory'] ??
      run.job.defaults?.run?.['working-directory'] ??
      this.workflow.defaults?.run?.['working-directory'];
    const stepTimeout = step['timeout-minutes'] === undefined ? Infinity : step['timeout-minutes'] * 60_000;
    const jobLeft = jobDeadline - Date.now();
    const shell = step.shell ?? run.job.defaults?.run?.shell ?? this.workflow.defaults?.run?.shell;
    const done = await runShell({
      // In the run's temp folder, never beside the logs: a script may hold a secret.
      script: interpolate(step.run!, context),
      scriptFile: join(this.dir, 'tmp', `${basename(log, '.log')}-${process.hrtime.bigint()}.sh`),
      ...(shell ? { shell } : {}),
      cwd: workingDirectory ? join(workspace, interpolate(workingDirectory, context)) : workspace,
      env,
      logFile: log,
      mask: this.mask,
      timeoutMs: Math.min(stepTimeout, jobLeft),
      signal: run.cancel,
    });
    groups.push(done.group);
    const outcome: Conclusion = done.cancelled
      ? 'cancelled'
      : done.exitCode === 0 && !done.timedOut
        ? 'success'
        : 'failure';
    return {
      outcome,
      exitCode: done.exitCode,
      ...(done.killedBy ? { killedBy: done.killedBy } : {}),
      ...(done.timedOut ? { timedOut: true, jobTimedOut: jobLeft <= stepTimeout } : {}),
    };
  }
}

function nextNumbers(workDir: string, workflow: Workflow): { runId: number; runNumber: number } {
  const runs = join(resolve(workDir), 'runs');
  const existing = (() => {
    try {
      return readdirSync(runs);
    } catch {
      return [];
    }
  })();
  const mine = existing
    .map((d) => new RegExp(`^${slug(workflow.name)}-(\\d+)$`).exec(d)?.[1])
    .filter((n): n is string => !!n)
    .map(Number);
  return { runId: existing.length + 1, runNumber: Math.max(0, ...mine) + 1 };
}

/** The token's permissions as a map (`read-all`, `write-all` and none as GitHub reads them). */
function permissionsOf(value: unknown): Record<string, string> {
  if (value === 'write-all' || value === 'read-all') return { '*': value.slice(0, -4) };
  return value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]))
    : {};
}

export async function runWorkflow(options: RunOptions): Promise<RunSummary> {
  const head = headOf(options.repo);
  const workflow = readWorkflow(options.repo, head.sha, options.workflow);
  const event = startedBy(
    workflow,
    options.event ?? { name: 'workflow_dispatch' },
    `local/${basename(resolve(options.repo))}`
  );
  const { runId, runNumber } = nextNumbers(options.workDir, workflow);
  return new WorkflowRun(workflow, options, head, runId, runNumber, event).start();
}

/**
 * Runs the nights (proof/nights/plan.ts) one after the other: the repository's HEAD in a throwaway
 * clone, the stand-in restarted whenever the server changes (it keeps what runs created while it
 * does not), `nightly` run by the local runner with the Actions cache carried from night to night,
 * and each night judged against its plan. With chaos, each night has the chaos layer between the
 * shards and the stand-in (calm once the shards are done: the report job's latency gates measure
 * the server) and a busy loop on one core beside them, and its books: every event the layer
 * injected matched with what the night's own report says became of it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { utcDate } from '../../lib/gate/known-failures.js';
import type { CoverageReport } from '../../lib/report/coverage.js';
import { type ChaosProcess, startChaosProcess } from '../chaos/process.js';
import { type RunSummary, runWorkflow } from '../workflow/runner.js';
import { type Fate, keepBooks } from './accounting.js';
import { type NightChaos, type NightResult, problemsOf, readNight } from './night.js';
import { FIRST_NIGHT, type NightPlan, nightPlans, SHORT_VARS, STAND_IN_LATENCY, STAND_IN_VARIANTS } from './plan.js';
import { type StandIn, standInSettings, startStandIn } from './stand-in.js';
import { ThrowawayRepository } from './throwaway.js';

export interface NightsOptions {
  /** The project checkout: its HEAD is what the nights run, its sandbox the stand-in. */
  repo: string;
  /** Emptied first: the throwaway clone, the runs, the Actions cache. */
  workDir: string;
  /** The short form (npm test): a few tests a night, see SHORT_VARS. */
  short: boolean;
  /** More repository variables (they win over the short form's). */
  vars?: Record<string, string>;
  /** How many of the nights to run (all by default). */
  nights?: number;
  progress?: (line: string) => void;
  signal?: AbortSignal;
  /** The chaos layer and a busy core beside the shards; undefined: a calm night. */
  chaos?: NightsChaosOptions;
}

export interface NightsChaosOptions {
  /** The rate of each kind of event (docs/chaos.md). */
  rate: number;
  /** Night n's layer draws with seed + n - 1 (printed, to replay a night). */
  seed: number;
  pauseMs?: [number, number];
  /** A loop on one core beside the shards (default): left out where the night already has a busy neighbour. */
  busyCore?: boolean;
}

/** A loop on one core for as long as the night lasts: the shared CI runner's other work. */
function busyLoop(): () => void {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return () => void child.kill('SIGKILL');
}

/** What the night's merged report says the environment did (lib/environment.ts), if it says it. */
function environmentOf(summary: RunSummary): CoverageReport['environment'] | undefined {
  const file = join(summary.dir, 'artifacts', 'nightly-reports', 'coverage.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<CoverageReport>).environment : undefined;
}

async function chaosOf(layer: ChaosProcess, seed: number, summary: RunSummary): Promise<NightChaos> {
  const { requests } = await layer.stop();
  const environment = environmentOf(summary);
  const books = keepBooks(layer.events(), environment?.events ?? []);
  if (!environment)
    books.unaccounted.unshift("the night's coverage.json has no environment report to account for them");
  return {
    seed,
    requests,
    log: layer.log,
    books,
    incompleteTests: environment?.incompleteTests ?? 0,
    retries: environment?.retries ?? 0,
    reconciled: environment?.reconciled ?? 0,
  };
}

function knownFailuresText(current: string, entries: NightPlan['known']): string {
  const comment = (JSON.parse(current) as { $comment?: string }).$comment;
  return `${JSON.stringify({ ...(comment ? { $comment: comment } : {}), knownFailures: entries }, null, 2)}\n`;
}

export async function runNights(
  options: NightsOptions,
  onNight: (result: NightResult) => void = () => undefined
): Promise<NightResult[]> {
  const progress = options.progress ?? console.log;
  const work = resolve(options.workDir);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const repository = ThrowawayRepository.clone(resolve(options.repo), join(work, 'repository'));
  const plans = nightPlans(utcDate()).slice(0, options.nights);
  const vars = { ...(options.short ? SHORT_VARS : {}), ...options.vars };
  const results: NightResult[] = [];
  let standIn: { faults: string; server: StandIn } | undefined;
  try {
    for (const [i, plan] of plans.entries()) {
      if (options.signal?.aborted) break;
      const night = i + 1;
      if (plan.known) {
        const file = join(repository.dir, 'known-failures.json');
        repository.commit(
          { 'known-failures.json': knownFailuresText(readFileSync(file, 'utf8'), plan.known) },
          `night ${night}: known-failures.json with ${plan.known.map((k) => `${k.rule ?? k.test} until ${k.expires}`).join(', ') || 'no entry'}`
        );
      }
      if (standIn?.faults !== plan.faults.join(',')) {
        await standIn?.server.stop();
        standIn = undefined;
        const server = await startStandIn({
          latency: STAND_IN_LATENCY,
          variants: STAND_IN_VARIANTS,
          faults: plan.faults,
          cwd: resolve(options.repo),
        });
        standIn = { faults: plan.faults.join(','), server };
        progress(`night ${night}: the stand-in restarted: ${server.banner}`);
      }
      progress(`night ${night}: ${plan.name}`);
      const seed = options.chaos ? options.chaos.seed + i : 0;
      const layer = options.chaos
        ? await startChaosProcess({
            target: standIn.server.baseUrl,
            seed,
            rates: options.chaos.rate,
            ...(options.chaos.pauseMs ? { pauseMs: options.chaos.pauseMs } : {}),
            log: join(work, 'chaos', `night-${night}.jsonl`),
            cwd: resolve(options.repo),
          })
        : undefined;
      if (layer) progress(`night ${night}: ${layer.banner}`);
      const idle = options.chaos && options.chaos.busyCore !== false ? busyLoop() : undefined;
      let summary: RunSummary;
      try {
        summary = await runWorkflow({
          workflow: 'nightly',
          repo: repository.dir,
          workDir: join(work, 'actions'),
          settings: standInSettings(layer?.url ?? standIn.server.baseUrl, vars),
          // The first baseline by intent, as a person starts it: a manual run with first_night.
          ...(plan.expect.gate === 'init' ? { event: FIRST_NIGHT } : {}),
          progress: (line) => {
            // The shards are done: the report job's latency gates measure the server, not the layer.
            if (/(^|\] )report: started$/.test(line)) layer?.calm(true);
            progress(`night ${night}: ${line}`);
          },
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (e) {
        await layer?.stop();
        throw e;
      } finally {
        idle?.();
      }
      const read = {
        ...readNight(night, plan, summary),
        ...(layer ? { chaos: await chaosOf(layer, seed, summary) } : {}),
      };
      const result = { ...read, problems: problemsOf(plan, read) };
      results.push(result);
      onNight(result);
    }
  } finally {
    await standIn?.server.stop();
  }
  return results;
}

function minutes(seconds: number): string {
  const m = Math.floor(seconds / 60);
  return m ? `${m} min ${Math.round(seconds - m * 60)} s` : `${Math.round(seconds)} s`;
}

/** The nights as a Markdown table: night, server, shard exits, the chaos layer's events and what became of them, the gate's verdict, wall time. */
export function nightsTable(results: NightResult[]): string[] {
  const gate = (r: NightResult) => {
    if (r.gate === 'init') return '`--init`: the first baseline';
    const named = r.regressions.length
      ? `, ${r.regressions.length} regression${r.regressions.length > 1 ? 's' : ''}: ${r.regressions.join('; ')}`
      : '';
    const notes = r.rows.filter((row) => !r.regressions.includes(row));
    return `${r.gate}${named}${notes.length ? ` (${notes.join('; ')})` : ''}`;
  };
  const chaos = results.some((r) => r.chaos);
  const events = (r: NightResult) => {
    const c = r.chaos!;
    const kinds = Object.entries(c.books.injected)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    return `${kinds || 'none'} (of ${c.requests} requests)`;
  };
  const fate = (r: NightResult, f: Fate) => r.chaos!.books.fates[f] ?? 0;
  const others = (r: NightResult) =>
    (['transient', 'gave-up', 'answered late'] as const).map((f) => `${f} ${fate(r, f)}`).join(', ');
  return [
    `| night | server | shards (exit) |${chaos ? ' events injected | retried | reconciled | other | incomplete tests |' : ''} gate | wall time | as planned |`,
    `|---|---|---|${chaos ? '---|---|---|---|---|' : ''}---|---|---|`,
    ...results.map(
      (r) =>
        `| ${r.night}: ${r.name} | ${r.server} | ${r.shards.join(' ')} |${r.chaos ? ` ${events(r)} | ${fate(r, 'retried')} | ${fate(r, 'reconciled')} | ${others(r)} | ${r.chaos.incompleteTests} |` : chaos ? ' | | | | |' : ''} ${gate(r)} | ${minutes(r.seconds)} | ${r.problems.length ? `no: ${r.problems.join('; ')}` : 'yes'} |`
    ),
  ];
}

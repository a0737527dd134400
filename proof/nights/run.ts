/**
 * Runs the nights (proof/nights/plan.ts) one after the other: the repository's HEAD in a throwaway
 * clone, the stand-in restarted whenever the server changes (it keeps what runs created while it
 * does not), `nightly` run by the local runner with the Actions cache carried from night to night,
 * and each night judged against its plan.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { utcDate } from '../../lib/gate/known-failures.js';
import { runWorkflow } from '../workflow/runner.js';
import { problemsOf, readNight, type NightResult } from './night.js';
import { nightPlans, SHORT_VARS, STAND_IN_LATENCY, STAND_IN_VARIANTS, type NightPlan } from './plan.js';
import { standInSettings, startStandIn, type StandIn } from './stand-in.js';
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
}

function knownFailuresText(current: string, entries: NightPlan['known']): string {
  const comment = (JSON.parse(current) as { $comment?: string }).$comment;
  return `${JSON.stringify({ ...(comment ? { $comment: comment } : {}), knownFailures: entries }, null, 2)}\n`;
}

export async function runNights(options: NightsOptions, onNight: (result: NightResult) => void = () => undefined): Promise<NightResult[]> {
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
        repository.commit({ 'known-failures.json': knownFailuresText(readFileSync(file, 'utf8'), plan.known) }, `night ${night}: known-failures.json with ${plan.known.map((k) => `${k.rule ?? k.test} until ${k.expires}`).join(', ') || 'no entry'}`);
      }
      if (standIn?.faults !== plan.faults.join(',')) {
        await standIn?.server.stop();
        standIn = undefined;
        const server = await startStandIn({ latency: STAND_IN_LATENCY, variants: STAND_IN_VARIANTS, faults: plan.faults, cwd: resolve(options.repo) });
        standIn = { faults: plan.faults.join(','), server };
        progress(`night ${night}: the stand-in restarted: ${server.banner}`);
      }
      progress(`night ${night}: ${plan.name}`);
      const summary = await runWorkflow({
        workflow: 'nightly', repo: repository.dir, workDir: join(work, 'actions'), settings: standInSettings(standIn.server.baseUrl, vars),
        progress: (line) => progress(`night ${night}: ${line}`), ...(options.signal ? { signal: options.signal } : {}),
      });
      const read = readNight(night, plan, summary);
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

/** The nights as a Markdown table: night, server, shard exits, the gate's verdict, wall time. */
export function nightsTable(results: NightResult[]): string[] {
  const gate = (r: NightResult) => {
    if (r.gate === 'init') return '`--init`: the first baseline';
    const named = r.regressions.length ? `, ${r.regressions.length} regression${r.regressions.length > 1 ? 's' : ''}: ${r.regressions.join('; ')}` : '';
    const notes = r.rows.filter((row) => !r.regressions.includes(row));
    return `${r.gate}${named}${notes.length ? ` (${notes.join('; ')})` : ''}`;
  };
  return [
    '| night | server | shards (exit) | gate | wall time | as planned |',
    '|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.night}: ${r.name} | ${r.server} | ${r.shards.join(' ')} | ${gate(r)} | ${minutes(r.seconds)} | ${r.problems.length ? `no: ${r.problems.join('; ')}` : 'yes'} |`),
  ];
}

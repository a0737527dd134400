/**
 * The tests a Playwright run would run (`playwright test --list`), each with the key the reports
 * use (project › file › title path), its tags and the rules it declares: what the write budget is
 * estimated from before a run starts, and what the fault self-test plans with.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestDetailsAnnotation } from '@playwright/test';
import { playwrightCommand, playwrightConfig } from './package-files.js';
import type { RuleId } from './rules/catalogue.js';
import { declaredRuleIds } from './rules/declared.js';

interface JsonSpec {
  title: string;
  tags?: string[];
  tests: { projectName: string; annotations?: TestDetailsAnnotation[] }[];
}
interface JsonSuite {
  title: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

export interface ListedTest {
  key: string;
  title: string;
  /** As written in the title, `@write` (the JSON report drops the `@`). */
  tags: string[];
  ruleIds: RuleId[];
}

export function listedTests(report: { suites?: JsonSuite[] }): ListedTest[] {
  const walk = (suite: JsonSuite, path: string[]): ListedTest[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((t) => ({
        key: [t.projectName, ...path, spec.title].join(' › '),
        title: spec.title,
        tags: (spec.tags ?? []).map((tag) => (tag.startsWith('@') ? tag : `@${tag}`)),
        ruleIds: declaredRuleIds(t.annotations ?? []),
      }))
    ),
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...path, child.title])),
  ];
  return (report.suites ?? []).flatMap((s) => walk(s, [s.title]));
}

/** The arguments without a reporter choice (a shard's --reporter=blob), which would replace the list's own. */
function withoutReporter(args: string[]): string[] {
  return args.filter((a, i) => !a.startsWith('--reporter') && args[i - 1] !== '--reporter');
}

/** Lists the tests `args` select, without running them. */
export function listTests(args: string[], env: Record<string, string | undefined> = process.env): ListedTest[] {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-list-'));
  try {
    const file = join(dir, 'list.json');
    const [node, ...cli] = playwrightCommand();
    const run = spawnSync(
      node!,
      [...cli, 'test', '-c', playwrightConfig(), '--list', '--reporter=json', ...withoutReporter(args)],
      { env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file }, encoding: 'utf8' }
    );
    // A selection that matches nothing is an answer, not a failure: its caller says so in its words.
    if (run.status !== 0 && /^Error: No tests found/m.test(run.stderr + run.stdout)) return [];
    if (run.status !== 0)
      throw new Error(
        `cannot list the tests: ${(run.stderr || run.stdout).split('\n').find((l) => l.trim()) ?? `exit ${run.status}`}`
      );
    return listedTests(JSON.parse(readFileSync(file, 'utf8')) as { suites?: JsonSuite[] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The `--shard=i/n` (or `--shard i/n`) of Playwright arguments. */
export function shardOf(args: string[]): { current: number; total: number } | undefined {
  const value = args
    .map((a, i) => (a.startsWith('--shard=') ? a.slice(8) : a === '--shard' ? args[i + 1] : undefined))
    .find((v) => v !== undefined);
  const m = /^(\d+)\/(\d+)$/.exec(value ?? '');
  return m ? { current: Number(m[1]), total: Number(m[2]) } : undefined;
}

/** The arguments without their shard: the whole run a shard belongs to. */
export function withoutShard(args: string[]): string[] {
  return args.filter((a, i) => !a.startsWith('--shard=') && a !== '--shard' && args[i - 1] !== '--shard');
}

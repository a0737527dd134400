/**
 * The CI workflows users copy (.github/workflows/): they parse as YAML, and everything they name
 * exists: npm scripts, repository paths (or git-ignored output folders the run writes), variables
 * the suite knows, exactly the secrets and variables docs/pipelines.md's checklist marks for it,
 * actions at their current major; Node 24, and 26 beside it in the pull request's matrix; the
 * nightly's gate, whose baseline is never made by accident.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { knownVariables } from '../../../lib/config.js';
import { parseWorkflow } from '../../workflow/model.js';
import { checkWorkflow } from '../../workflow/repository.js';

const root = join(import.meta.dirname, '..', '..', '..');
const dir = join(root, '.github', 'workflows');
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
);
const ignored = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim().replace(/\/?\*?$/, ''))
  .filter((l) => l && !l.startsWith('!') && !l.startsWith('#'));
/** docs/pipelines.md's checklist: per secret or variable, its kind and the workflows that read it. */
const checklist = (() => {
  const text = readFileSync(join(root, 'docs', 'pipelines.md'), 'utf8');
  const section = text.slice(text.indexOf('### Secrets and variables: the checklist'));
  const rows = [...section.matchAll(/^\| `(\w+)` \| (secret|variable) \| ([^|]*) \| ([^|]*) \| ([^|]*) \|/gm)];
  const columns = ['conformance.yml', 'nightly.yml', 'deploy-check.yml'];
  return rows.map(([, name, kind, ...marks]) => ({
    name: name!,
    kind: kind === 'secret' ? 'secrets' : 'vars',
    readBy: columns.filter((_, i) => marks[i]!.trim() === '✓'),
  }));
})();
/** The current major of each action the workflows use (their release notes, late 2026). */
const ACTIONS = [
  'actions/checkout@v7',
  'actions/setup-node@v7',
  'actions/upload-artifact@v7',
  'actions/download-artifact@v8',
  'actions/cache/restore@v5',
  'actions/cache/save@v5',
  'actions/upload-pages-artifact@v5',
  'actions/deploy-pages@v5',
  'mikepenz/action-junit-report@v6',
];

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  steps: Step[];
  env?: Record<string, string>;
  strategy?: { matrix?: Record<string, unknown[]> };
}
interface Workflow {
  on: unknown;
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

const workflows = readdirSync(dir)
  .filter((f) => f.endsWith('.yml'))
  .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));

/** Words of a shell line or an action input that look like a path in the repository. */
function paths(text: string): string[] {
  return text
    .split(/[\s'"|;]+/)
    .map((w) => w.replace(/^!/, ''))
    .filter(
      (w) =>
        (/^[\w.-]+\/[\w./*-]*$/.test(w) || /^[\w.-]+\.(json|ts|mts|ya?ml|md)$/.test(w)) && !/^[\w-]+\/[\w-]+@/.test(w)
    );
}

test('the workflows are the three docs/pipelines.md describes, and each parses', () => {
  expect(workflows.map((w) => w.file).sort()).toEqual(['conformance.yml', 'deploy-check.yml', 'nightly.yml']);
  for (const { file, text } of workflows) {
    const workflow = parse(text) as Workflow;
    expect(workflow.on, file).toBeTruthy();
    expect(Object.keys(workflow.jobs).length, file).toBeGreaterThan(0);
    for (const job of Object.values(workflow.jobs)) expect(job.steps.length, file).toBeGreaterThan(0);
  }
});

for (const { file, text } of workflows) {
  test(`${file}: every npm script, path, variable, secret and action it names exists`, () => {
    const workflow = parse(text) as Workflow;
    const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
    const runs = steps.map((s) => s.run ?? '').join('\n');
    const inputs = steps.flatMap((s) => Object.values(s.with ?? {}).map(String)).join('\n');

    const npmScripts = [...runs.matchAll(/npm run (?:-s )?([\w:-]+)/g)].map((m) => m[1]!);
    expect(npmScripts.length, 'the workflow runs npm scripts').toBeGreaterThan(0);
    for (const name of npmScripts) expect(scripts, `npm run ${name}`).toContain(name);

    const named = [...paths(runs), ...paths(inputs)];
    expect(named.length, 'the workflow names paths').toBeGreaterThan(0);
    for (const path of named) {
      const output = ignored.find((i) => path === i || path.startsWith(`${i}/`));
      expect(
        output !== undefined || existsSync(join(root, path.replace(/\*.*$/, ''))),
        `${path}: neither in the repository nor under a git-ignored output folder`
      ).toBe(true);
    }

    const envs = [workflow.env, ...Object.values(workflow.jobs).map((j) => j.env), ...steps.map((s) => s.env)].flatMap(
      (e) => Object.keys(e ?? {})
    );
    for (const name of envs.filter((n) => /^(FLEET|SANDBOX)_/.test(n)))
      expect(knownVariables as readonly string[], name).toContain(name);

    const read = [
      ...new Set([...text.matchAll(/\b(secrets|vars)\.(\w+)/g)].map(([, kind, name]) => `${kind}.${name}`)),
    ].sort();
    const listed = checklist
      .filter((r) => r.readBy.includes(file))
      .map((r) => `${r.kind}.${r.name}`)
      .sort();
    expect(read, `the secrets and variables ${file} reads, as docs/pipelines.md's checklist marks them`).toEqual(
      listed
    );

    for (const step of steps.filter((s) => s.uses))
      expect(ACTIONS, 'actions at their current major version').toContain(step.uses);
    for (const step of steps.filter((s) => s.uses?.startsWith('actions/setup-node@')))
      expect(String(step.with?.['node-version']), 'Node 24').toMatch(/^(24|\$\{\{ matrix\.node \}\})$/);

    // A sharded run names its shard count three times: the matrix, --shard=i/N, and the merge's --shards N.
    for (const job of Object.values(workflow.jobs)) {
      const shards = job.strategy?.matrix?.shard;
      const total = /--shard=\$\{\{ matrix\.shard \}\}\/(\d+)/.exec(job.steps.map((s) => s.run ?? '').join('\n'))?.[1];
      if (shards || total) expect(shards?.length, `matrix.shard and --shard=…/${total}`).toBe(Number(total));
      const merged = /conformance:merge -- \S+ --shards (\d+)/.exec(runs)?.[1];
      if (shards) expect(Number(merged), 'the merge expects as many shards as the matrix has').toBe(shards.length);
    }
  });

  test(`${file}: the local runner (npm run workflow) knows every key, action, input and expression of it`, () => {
    expect(() => checkWorkflow(parseWorkflow(text, file))).not.toThrow();
  });
}

test("the pull request's suite runs on Node 24 and 26, the newest supported line, each with reports of its own", () => {
  const { text } = workflows.find((w) => w.file === 'conformance.yml')!;
  const job = (parse(text) as Workflow).jobs.sandbox!;
  expect(job.strategy?.matrix?.node).toEqual([24, 26]);
  expect(
    text.match(/conformance-reports-node\$\{\{ matrix\.node \}\}/g)?.length,
    'the artifact name, in the upload and in the summary'
  ).toBe(2);
});

test("docs/pipelines.md's checklist holds the gate's two bars and the enterprise settings' secrets", () => {
  const names = checklist.map((r) => r.name);
  for (const name of [
    'FLEET_GATE_MIN_JUDGED',
    'FLEET_GATE_MAX_UNJUDGED_NIGHTS',
    'FLEET_CA_PEM',
    'FLEET_CLIENT_CERT_PEM',
    'FLEET_CLIENT_KEY_PEM',
    'FLEET_HTTPS_PROXY',
    'FLEET_TOKEN_SCOPE',
  ])
    expect(names).toContain(name);
  expect(new Set(names).size, 'each name once').toBe(names.length);
});

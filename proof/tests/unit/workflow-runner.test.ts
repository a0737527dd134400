/**
 * The local workflow runner (proof/workflow/) on small workflows of its own, each in a throwaway git
 * repository: what a GitHub runner does (the commit, not the working tree; a fresh clone per job;
 * matrix jobs at once; env (GITHUB_ENV too), if, needs, continue-on-error; artifacts; the cache from run to run;
 * secrets masked; time limits and fail-fast stop what runs), and one line for what it cannot run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { WorkflowError } from '../../workflow/errors.js';
import { type RunSummary, runWorkflow } from '../../workflow/runner.js';
import { parseSettings } from '../../workflow/vars.js';
import { repoRoot, run } from '../selftest/harness.js';

function repository(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-workflow-repo-'));
  const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
  git('init', '--quiet', '--initial-branch=main');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit', '--quiet', '-m', 'fixture');
  return dir;
}

const settings = parseSettings('vars.WHO=world\nsecrets.TOKEN=s3cr3t-token-value\n', 'vars.env');
const quiet = () => undefined;

async function start(repo: string, work: string, workflow = 'demo'): Promise<RunSummary> {
  return runWorkflow({ workflow, repo, workDir: work, settings, progress: quiet });
}

const log = (summary: RunSummary, job: string, step: string) => {
  const s = summary.jobs.find((j) => j.name === job)!.steps.find((x) => x.name === step)!;
  return readFileSync(s.log!, 'utf8');
};

const DEMO = `name: demo
on: workflow_dispatch
env:
  GREETING: hello \${{ vars.WHO }}
  TOKEN: \${{ secrets.TOKEN }}
jobs:
  build:
    name: build (part \${{ matrix.part }} of 2)
    runs-on: ubuntu-latest
    strategy:
      fail-fast: false
      matrix:
        part: [1, 2]
    env:
      PART: \${{ matrix.part }}
    steps:
      - uses: actions/checkout@v7
      - name: show
        run: |
          echo "$GREETING part $PART token $TOKEN run \${{ github.run_id }} CI=$CI in $(basename "$PWD")"
          cat committed.txt
          mkdir -p out/.hidden && echo "$PART" > out/p-$PART.txt && echo x > out/.hidden/x
          echo "FROM_STEP=part $PART" >> "$GITHUB_ENV"
      - name: fails on part 2
        run: echo "from an earlier step, $FROM_STEP"; test "$PART" = 1
        continue-on-error: true
      - uses: actions/upload-artifact@v7
        with:
          name: out-\${{ matrix.part }}
          path: out/
  report:
    needs: build
    if: \${{ !cancelled() }}
    runs-on: ubuntu-latest
    steps:
      - uses: actions/download-artifact@v8
        with:
          pattern: out-*
          path: all
          merge-multiple: true
      - uses: actions/cache/restore@v5
        with:
          path: state
          key: k-\${{ github.run_id }}
          restore-keys: k-
      - name: carry
        run: ls all; mkdir -p state; echo "before $(cat state/n 2>/dev/null || echo none)"; echo \${{ github.run_id }} > state/n
        env:
          STEP_ONLY: step
      - uses: actions/cache/save@v5
        with:
          path: state
          key: k-\${{ github.run_id }}
`;

test('a run as GitHub runs it: the commit, a clone per job, matrix jobs, env, artifacts, the cache from run to run, secrets masked', async () => {
  const repo = repository({ '.github/workflows/demo.yml': DEMO, 'committed.txt': 'as committed\n' });
  writeFileSync(join(repo, 'committed.txt'), 'changed, not committed\n');
  const work = mkdtempSync(join(tmpdir(), 'fleet-workflow-work-'));
  const first = await start(repo, work);
  expect(first.conclusion).toBe('success');
  expect(first.jobs.map((j) => `${j.name} ${j.conclusion}`)).toEqual([
    'build (part 1 of 2) success',
    'build (part 2 of 2) success',
    'report success',
  ]);
  const part2 = first.jobs[1]!.steps.find((s) => s.name === 'fails on part 2')!;
  expect(part2, 'continue-on-error: the step failed, the job goes on').toMatchObject({
    outcome: 'failure',
    conclusion: 'success',
    exitCode: 1,
  });
  const shown = log(first, 'build (part 1 of 2)', 'show');
  expect(shown).toContain('hello world part 1 token *** run 1 CI=true in build-part-1-of-2');
  expect(shown).toContain('as committed');
  expect(
    log(first, 'build (part 2 of 2)', 'fails on part 2'),
    "what a step writes to GITHUB_ENV is in the later steps' environment"
  ).toBe('from an earlier step, part 2\n');
  expect(readFileSync(join(first.dir, 'summary.json'), 'utf8')).not.toContain('s3cr3t');
  expect(existsSync(join(first.dir, 'artifacts', 'out-1', 'p-1.txt')), "an artifact holds the folder's files").toBe(
    true
  );
  expect(
    existsSync(join(first.dir, 'artifacts', 'out-1', '.hidden')),
    'hidden files are left out, as upload-artifact@v7 does'
  ).toBe(false);
  expect(log(first, 'report', 'carry')).toMatch(/^p-1\.txt\np-2\.txt\nbefore none\n$/);

  const second = await start(repo, work);
  expect(second.runNumber).toBe(2);
  expect(log(second, 'report', 'Run actions/cache/restore@v5')).toBe('cache restored from key k-1 (1 files)\n');
  expect(log(second, 'report', 'carry'), 'the cache saved by run 1, restored by its restore key').toContain('before 1');
});

const LIMITS = `name: limits
on: { workflow_dispatch: {} }
jobs:
  slow:
    runs-on: ubuntu-latest
    timeout-minutes: 0.05
    steps:
      - name: own limit
        run: sleep 30
        timeout-minutes: 0.02
        continue-on-error: true
      - name: over the job's limit
        run: sleep 30
      - name: not after a timeout
        if: \${{ !cancelled() }}
        run: echo never
      - name: always
        if: always()
        run: echo cleaned up
  parts:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        part: [1, 2]
    steps:
      - run: if [ \${{ matrix.part }} = 1 ]; then exit 3; else sleep 30; fi
  after:
    needs: [slow, parts]
    runs-on: ubuntu-latest
    steps:
      - run: echo should not run
`;

test('time limits and fail-fast stop what runs: timed out, cancelled, and the steps that still run', async () => {
  const repo = repository({ '.github/workflows/limits.yml': LIMITS });
  const work = mkdtempSync(join(tmpdir(), 'fleet-workflow-work-'));
  const started = Date.now();
  const summary = await start(repo, work, 'limits');
  expect(Date.now() - started, 'nothing waited for its 30 s').toBeLessThan(20_000);
  const slow = summary.jobs.find((j) => j.id === 'slow')!;
  expect(slow).toMatchObject({ conclusion: 'failure', timedOut: true });
  expect(slow.steps.map((s) => `${s.name}: ${s.outcome}${s.timedOut ? ' (timed out)' : ''}`)).toEqual([
    'own limit: failure (timed out)',
    "over the job's limit: failure (timed out)",
    'not after a timeout: skipped',
    'always: success',
  ]);
  expect(
    summary.jobs.filter((j) => j.id === 'parts').map((j) => j.conclusion),
    'fail-fast (the default) cancels the other part'
  ).toEqual(['failure', 'cancelled']);
  expect(summary.jobs.find((j) => j.id === 'after')!.conclusion, 'a job whose needs failed is skipped').toBe('skipped');
  expect(summary.conclusion).toBe('failure');
});

test('what the runner cannot run is one line, before anything runs', async () => {
  const bad = (jobs: string) =>
    repository({ '.github/workflows/bad.yml': `name: bad\non: workflow_dispatch\njobs:\n${jobs}` });
  const work = mkdtempSync(join(tmpdir(), 'fleet-workflow-work-'));
  const attempt = (repo: string) => start(repo, work, 'bad');
  await expect(
    attempt(bad('  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: docker/login-action@v3\n'))
  ).rejects.toThrow(
    /^bad\.yml: jobs\.a\.steps\[0\]: uses docker\/login-action@v3, which the local runner does not know \(it emulates: actions\/checkout@v7, /
  );
  await expect(
    attempt(
      bad(
        '  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v7\n        with:\n          fetch-depth: 0\n'
      )
    )
  ).rejects.toThrow('bad.yml: jobs.a.steps[0]: actions/checkout@v7 input fetch-depth is not emulated (known: none)');
  await expect(
    attempt(bad("  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ hashFiles('x') }}\n"))
  ).rejects.toThrow(/^bad\.yml: jobs\.a\.steps\[0\]\.run: unknown function hashFiles\(\)/);
  await expect(
    attempt(bad('  a:\n    runs-on: ubuntu-latest\n    services:\n      db: {}\n    steps:\n      - run: echo\n'))
  ).rejects.toThrow(/^bad\.yml: jobs\.a: services is not supported by the local runner/);
  await expect(attempt(bad('  a:\n    runs-on: windows-latest\n    steps:\n      - run: echo\n'))).rejects.toThrow(
    WorkflowError
  );
  expect(() => parseSettings('vars.A=1\nFLEET_BASE_URL=x\n', 'my.env')).toThrow(
    'my.env:2: expected vars.NAME=value or secrets.NAME=value (got "FLEET_BASE_URL")'
  );

  const cli = await run(
    'node',
    [
      '--import',
      'tsx',
      'proof/scripts/workflow.ts',
      'nightly',
      '--repo',
      repoRoot,
      '--vars',
      join(work, 'missing.env'),
    ],
    {}
  );
  expect(cli.code).toBe(2);
  expect(cli.output.trim()).toBe(`workflow: --vars ${join(work, 'missing.env')}: cannot read it (ENOENT)`);
});

const DISPATCHED = `name: dispatched
on:
  workflow_dispatch:
    inputs:
      version: { required: true }
      reason: { default: 'by hand' }
  repository_dispatch:
    types: [deployed]
permissions:
  contents: read
env:
  VERSION: \${{ github.event.inputs.version || github.event.client_payload.version }}
jobs:
  check:
    runs-on: ubuntu-latest
    outputs:
      code: \${{ steps.verdict.outputs.code }}
    steps:
      - id: verdict
        run: |
          echo "code=3" >> "$GITHUB_OUTPUT"
          { echo 'notes<<END'; echo "line one"; echo "line two"; echo END; } >> "$GITHUB_OUTPUT"
          echo "## checked $VERSION (\${{ inputs.reason }}) for \${{ github.event_name }} token \${{ secrets.TOKEN }}" >> "$GITHUB_STEP_SUMMARY"
      - run: |
          test "\${{ steps.verdict.outputs.notes }}" = "line one
          line two"
          echo "api $GITHUB_API_URL repo $GITHUB_REPOSITORY event $(jq -r .action "$GITHUB_EVENT_PATH" 2>/dev/null || cat "$GITHUB_EVENT_PATH" | tr -d ' \\n')" >> "$GITHUB_STEP_SUMMARY"
      - run: mkdir -p site && echo '<h1>site</h1>' > site/index.html
      - uses: actions/upload-pages-artifact@v5
        with:
          path: site
  publish:
    needs: check
    runs-on: ubuntu-latest
    permissions:
      pages: write
      id-token: write
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - run: test "\${{ needs.check.outputs.code }}" = 3
      - id: deployment
        uses: actions/deploy-pages@v5
      - run: echo "published at \${{ steps.deployment.outputs.page_url }}" >> "$GITHUB_STEP_SUMMARY"
  unauthorized:
    needs: check
    runs-on: ubuntu-latest
    steps:
      - uses: actions/deploy-pages@v5
`;

test('a dispatch with inputs or a repository dispatch with its payload; step and job outputs; job summaries; Pages deployed with the permissions it needs', async () => {
  const repo = repository({ '.github/workflows/dispatched.yml': DISPATCHED });
  const work = mkdtempSync(join(tmpdir(), 'fleet-workflow-work-'));
  const manual = await runWorkflow({
    workflow: 'dispatched',
    repo,
    workDir: work,
    settings,
    progress: quiet,
    event: { name: 'workflow_dispatch', inputs: { version: '4.2.1' } },
    apiUrl: 'http://127.0.0.1:9/api',
  });
  expect(manual.jobs.map((j) => `${j.id} ${j.conclusion}`)).toEqual([
    'check success',
    'publish success',
    'unauthorized failure',
  ]);
  expect(manual.jobs[0]!.outputs).toEqual({ code: '3' });
  const summary = readFileSync(manual.jobs[0]!.summary!, 'utf8');
  expect(summary).toMatch(
    /^## checked 4\.2\.1 \(by hand\) for workflow_dispatch token \*\*\*\n\napi http:\/\/127\.0\.0\.1:9\/api repo local\/fleet-workflow-repo-\w+ event /
  );
  expect(readFileSync(manual.jobs[1]!.summary!, 'utf8')).toMatch(/^published at file:\/\/.*\/pages\/site\/\n/);
  expect(readFileSync(join(work, 'pages', 'site', 'index.html'), 'utf8')).toBe('<h1>site</h1>\n');
  expect(log(manual, 'unauthorized', 'Run actions/deploy-pages@v5')).toBe(
    "error: the job's token lacks pages: write and id-token: write, which deploying to Pages needs\n"
  );

  const dispatched = await runWorkflow({
    workflow: 'dispatched',
    repo,
    workDir: work,
    settings,
    progress: quiet,
    event: { name: 'repository_dispatch', type: 'deployed', clientPayload: { version: '4.2.2' } },
  });
  expect(readFileSync(dispatched.jobs[0]!.summary!, 'utf8')).toMatch(
    /^## checked 4\.2\.2 \(\) for repository_dispatch token \*\*\*\n\napi https:\/\/api\.github\.com repo /
  );

  await expect(runWorkflow({ workflow: 'dispatched', repo, workDir: work, settings, progress: quiet })).rejects.toThrow(
    'dispatched.yml: workflow_dispatch input version is required'
  );
  await expect(
    runWorkflow({
      workflow: 'dispatched',
      repo,
      workDir: work,
      settings,
      progress: quiet,
      event: { name: 'repository_dispatch', type: 'released' },
    })
  ).rejects.toThrow('dispatched.yml: repository_dispatch of type "released" does not start it (types: deployed)');
  await expect(
    runWorkflow({
      workflow: 'dispatched',
      repo,
      workDir: work,
      settings,
      progress: quiet,
      event: { name: 'workflow_dispatch', inputs: { version: '1', commit: 'x' } },
    })
  ).rejects.toThrow('dispatched.yml: workflow_dispatch has no input commit (it has: version, reason)');
});

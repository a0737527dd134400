/**
 * The installable command (bin/fleet-conformance.js → bin/cli.ts): its commands, each with
 * --help, arguments passed through to the command's script, one line for a command it does not
 * know; and what package.json packs: every command's script, and the files a run reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { COMMANDS, dispatch } from '../../../bin/cli.js';
import { packageFile } from '../../../lib/package-files.js';
import { repoRoot, run } from '../selftest/harness.js';

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  files: string[];
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const packs = (path: string) =>
  pkg.files.some((f) =>
    f.endsWith('/')
      ? path.startsWith(f)
      : f.includes('*')
        ? new RegExp(`^${f.replace('.', '\\.').replace('*', '[^/]*')}$`).test(path)
        : path === f
  );

test('the commands a pipeline needs, each with its help; arguments pass through; an unknown command is one line', () => {
  expect(Object.keys(COMMANDS)).toEqual(['run', 'perf', 'gate', 'merge', 'sandbox', 'token', 'cleanup', 'chaos']);
  for (const name of Object.keys(COMMANDS)) {
    expect(dispatch([name, '--help'])).toMatchObject({
      print: expect.stringMatching(new RegExp(`^usage: fleet-conformance ${name}\\b`)),
      exit: 0,
    });
  }
  expect(dispatch(['run', '-g', 'CUST-LIST', '--shard=1/4', '--reporter=blob,dot'])).toEqual({
    script: packageFile('scripts/conformance.ts'),
    args: ['-g', 'CUST-LIST', '--shard=1/4', '--reporter=blob,dot'],
  });
  expect(dispatch(['gate', '--baseline', 'reports/baseline'])).toEqual({
    script: packageFile('scripts/gate.ts'),
    args: ['--baseline', 'reports/baseline'],
  });
  expect(dispatch(['--help'])).toMatchObject({
    exit: 0,
    print: expect.stringContaining('Each command reads .env of the folder it runs in'),
  });
  expect(dispatch([])).toMatchObject({ exit: 2 });
  expect(dispatch(['conformance'])).toEqual({
    exit: 2,
    print:
      'fleet-conformance: unknown command "conformance" (the commands: run, perf, gate, merge, sandbox, token, cleanup, chaos; fleet-conformance --help)',
  });
});

test("package.json: the bin, every command's script and what a run reads packed; what runs is a dependency", () => {
  expect(pkg.bin).toEqual({ 'fleet-conformance': 'bin/fleet-conformance.js' });
  const needed = [
    pkg.bin['fleet-conformance']!,
    'bin/cli.ts',
    ...Object.values(COMMANDS).map((c) => c.script),
    'playwright.config.ts',
    'allurerc.mts',
    'known-failures.json',
    'specs/footprint.json',
    'schemas/openapi.json',
    'fixtures/test.ts',
    '.env.example',
    'docs/configuration.md',
  ];
  expect(needed.filter((f) => !packs(f))).toEqual([]);
  expect(
    [
      'proof/tests/unit/cli.test.ts',
      'proof/nights/run.ts',
      'proof/workflow/runner.ts',
      'reports/coverage.json',
      '.github/workflows/nightly.yml',
    ].filter(packs)
  ).toEqual([]);
  for (const tool of ['@playwright/test', 'allure', 'tsx', 'fastify', 'mockttp', 'dotenv'])
    expect(Object.keys(pkg.dependencies), tool).toContain(tool);
  for (const tool of ['typescript', '@types/node', 'yaml'])
    expect(Object.keys(pkg.devDependencies), tool).toContain(tool);
});

test('bin/fleet-conformance.js runs a command from any folder, its exit code its own', async () => {
  const help = await run('node', [join(repoRoot, 'bin', 'fleet-conformance.js'), 'token', '--help'], {}, '/tmp');
  expect(help).toEqual({
    code: 0,
    output: `${[
      'usage: fleet-conformance token',
      '',
      "prints an access token for the configured target, for the reports' replays",
      '',
      'export FLEET_TOKEN=$(npx fleet-conformance token)',
      'exit: 0 printed; 2 the configuration or the identity provider refused it (one line)',
    ].join('\n')}\n`,
  });
  const bad = await run('node', [join(repoRoot, 'bin', 'fleet-conformance.js'), 'gate', '--init'], {}, '/tmp');
  expect(bad.code).toBe(2);
  expect(bad.output).toMatch(/^gate: --baseline <dir> is required/);
});

/**
 * One dependency is used through a private part: Playwright's TestInfo flag that keeps a verdict
 * from being retried (lib/ledger.ts keepVerdict, guarded by selftest/rerun.test.ts). An ordinary
 * upgrade could change what the suite decides, so it is pinned to the exact version that guard
 * proved, never a range. (perf/measure.ts sends at a fixed rate through undici's public Pool.)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot as root } from '../selftest/harness.js';

const PINNED = ['@playwright/test'] as const;

test('the dependencies whose private parts the suite uses are pinned to one version, and that version is the one installed', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const require = createRequire(join(root, 'package.json'));
  for (const name of PINNED) {
    const wanted = manifest.dependencies[name];
    expect(wanted, `${name} in package.json`).toMatch(/^\d+\.\d+\.\d+$/);
    const installed = (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string })
      .version;
    expect(installed, `${name} installed`).toBe(wanted);
  }
});

test("the private part is there: Playwright's TestInfo has _hasNonRetriableError", () => {
  expect(typeof (test.info() as unknown as Record<string, unknown>)._hasNonRetriableError).toBe('boolean');
});

test("no other source file reaches into a dependency's private part (a property named _x)", () => {
  const sources = execFileSync(
    'git',
    ['ls-files', '--', 'lib', 'perf', 'fixtures', 'specs', 'scripts', 'sandbox', 'proof/scripts', 'proof/selftest'],
    { cwd: root, encoding: 'utf8' }
  )
    .split('\n')
    .filter((f) => f.endsWith('.ts'));
  expect(sources.length).toBeGreaterThan(100);
  const reaching = sources.flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .map((line, i) => ({ at: `${file}:${i + 1}`, line }))
      .filter(({ line }) => /\._[a-zA-Z]/.test(line) && !line.trimStart().startsWith('*'))
      .map(({ at }) => at)
  );
  expect(reaching).toEqual([expect.stringMatching(/^lib\/ledger\.ts:\d+$/)]);
});

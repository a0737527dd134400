/**
 * The nightly's regression gate step as written (.github/workflows/nightly.yml), run by bash with a
 * stand-in npm that records its arguments: a missing baseline is never made by accident. A
 * scheduled night without one runs the gate with --accept, which refuses (exit 2), and the step
 * fails with an annotation saying so; only a manual run with first_night runs --init.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { interpolate } from '../../workflow/expressions.js';
import { parseWorkflow } from '../../workflow/model.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const nightly = parseWorkflow(readFileSync(join(root, '.github', 'workflows', 'nightly.yml'), 'utf8'), 'nightly.yml');
const script = nightly.jobs.report!.steps.find((s) => s.id === 'gate')!.run!;

/** The step's script in a folder with or without a baseline; the stand-in npm exits with `gateExit`. */
function gateStep(o: { firstNight: string; baseline: boolean; gateExit: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'nightly-gate-'));
  try {
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin', 'npm'), `#!/bin/sh\necho "$*" >> "${dir}/npm.log"\nexit ${o.gateExit}\n`);
    chmodSync(join(dir, 'bin', 'npm'), 0o755);
    if (o.baseline) {
      mkdirSync(join(dir, 'reports', 'baseline'), { recursive: true });
      writeFileSync(join(dir, 'reports', 'baseline', 'coverage.json'), '{}');
    }
    const text = interpolate(script, {
      contexts: { inputs: { first_night: o.firstNight } },
      status: { success: true, failure: false, cancelled: false },
    });
    const r = spawnSync('bash', ['-e', '-c', text], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: `${join(dir, 'bin')}:${process.env.PATH}`, GITHUB_OUTPUT: join(dir, 'output') },
    });
    return {
      exit: r.status,
      out: r.stdout,
      npm: readFileSync(join(dir, 'npm.log'), 'utf8').trim(),
      output: readFileSync(join(dir, 'output'), 'utf8').trim(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a scheduled night whose baseline is gone fails loudly: the gate with --accept, exit 2, an annotation; never --init', () => {
  const night = gateStep({ firstNight: '', baseline: false, gateExit: 2 });
  expect(night.npm).toBe('run gate -- --baseline reports/baseline --known known-failures.json --accept');
  expect(night.exit).toBe(2);
  expect(night.output).toBe('code=2');
  expect(night.out).toMatch(
    /^::error title=Nightly: no baseline::the last accepted night is not in the Actions cache .* run the nightly by hand with first_night/m
  );
});

test('the first night by intent (a manual run with first_night) makes the baseline with --init', () => {
  const first = gateStep({ firstNight: 'true', baseline: false, gateExit: 0 });
  expect(first.npm).toBe('run gate -- --baseline reports/baseline --known known-failures.json --init');
  expect(first.exit).toBe(0);
  expect(first.out).not.toContain('::error');
});

test('a night with its baseline is compared and accepted as before; a regression is not called a missing baseline', () => {
  expect(gateStep({ firstNight: '', baseline: true, gateExit: 0 })).toMatchObject({
    exit: 0,
    npm: 'run gate -- --baseline reports/baseline --known known-failures.json --accept',
    out: '',
  });
  const bad = gateStep({ firstNight: 'false', baseline: true, gateExit: 2 });
  expect(bad.exit).toBe(2);
  expect(bad.out).not.toContain('no baseline');
});

/**
 * The command any pipeline can install: `npm pack` of this checkout's HEAD, the tarball installed
 * in an empty folder outside the repository (only its dependencies: no devDependency), a `.env`
 * there for the stand-in test environment (the installed command's own `sandbox`, in a process
 * and folder of its own), then `npx fleet-conformance run` passes with its reports in that folder
 * (none in the package's), `npx fleet-conformance gate` makes a baseline of them and passes
 * against it, and a bad `.env` stops the run with its one-line cause.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startListener } from '../listener.js';
import { standInSettings } from '../nights/stand-in.js';
import { ThrowawayRepository } from '../nights/throwaway.js';
import { type ProofOptions, type ProofResult, since, startProof } from './proof.js';

/** What must be in the tarball for a run (a sample of each kind), and what must not. */
const PACKED = [
  'bin/fleet-conformance.js',
  'bin/cli.ts',
  'scripts/conformance.ts',
  'scripts/group-guard.ts',
  'playwright.config.ts',
  'allurerc.mts',
  'known-failures.json',
  'specs/footprint.json',
  'schemas/openapi.json',
  'lib/config.ts',
  'fixtures/test.ts',
  'sandbox/server.ts',
  'perf/run.ts',
  'proof/scripts/chaos.ts',
  '.env.example',
];
const NOT_PACKED = /^(proof\/tests|proof\/nights|proof\/workflow|reports|node_modules|\.github|\.ci)\//;
/** Development tools a consumer never installs. */
const DEV_ONLY = ['typescript', 'oauth2-mock-server', 'proxy-chain', '@seriousme/openapi-schema-validator'];

interface Done {
  code: number;
  output: string;
}

/** A command to its end in `cwd`, with an environment free of the suite's variables (a pipeline's). */
function exec(command: string, args: string[], cwd: string, timeoutMs = 30 * 60_000): Promise<Done> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(FLEET_|SANDBOX_|PLAYWRIGHT_|PW_|TEST_|npm_)/.test(k))
  );
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...env, CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGTERM'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code: code ?? 1, output });
    });
  });
}

const lastLines = (text: string, n = 12) => text.trim().split('\n').slice(-n).join('\n');

export async function provePack(o: ProofOptions): Promise<ProofResult> {
  const { started, checks, work } = startProof(o);
  const files: Record<string, string> = {};
  const clone = ThrowawayRepository.clone(resolve(o.repo), join(work, 'repository'));
  const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: clone.dir, encoding: 'utf8' });
  const packed =
    pack.status === 0
      ? (JSON.parse(pack.stdout) as { filename: string; size: number; files: { path: string }[] }[])[0]
      : undefined;
  if (!checks.check('npm pack makes a tarball', !!packed, pack.stderr.slice(-600)))
    return { name: 'npm pack', seconds: since(started), checks: checks.list, files };
  const tarball = join(work, packed!.filename);
  files.tarball = tarball;
  const paths = packed!.files.map((f) => f.path);
  const missing = PACKED.filter((p) => !paths.includes(p));
  checks.check(
    `the tarball holds what a run needs (${packed!.files.length} files, ${Math.round(packed!.size / 1024)} kB)`,
    !missing.length,
    `missing: ${missing.join(', ')}`
  );
  const stray = paths.filter((p) => NOT_PACKED.test(p));
  checks.check(
    "and none of the project's own proofs, reports or CI files",
    !stray.length,
    stray.slice(0, 10).join(', ')
  );

  // An empty folder outside the repository, as a pipeline's workspace.
  const consumer = mkdtempSync(join(tmpdir(), 'fleet-consumer-'));
  files['the consumer folder'] = consumer;
  const install = await exec(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball],
    consumer,
    10 * 60_000
  );
  checks.check('npm install <tarball> in an empty folder', install.code === 0, lastLines(install.output));
  const dev = DEV_ONLY.filter((d) => existsSync(join(consumer, 'node_modules', d)));
  checks.check('only its dependencies are installed (no devDependency)', !dev.length, dev.join(', '));
  const bin = join(consumer, 'node_modules', '.bin', 'fleet-conformance');
  const help = await exec('npx', ['fleet-conformance', 'run', '--help'], consumer);
  checks.check(
    'npx fleet-conformance run --help',
    help.code === 0 && help.output.startsWith('usage: fleet-conformance run '),
    help.output
  );

  const sandboxDir = mkdtempSync(join(tmpdir(), 'fleet-stand-in-'));
  const standIn = await startListener({
    script: 'sandbox',
    command: [bin, 'sandbox'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SANDBOX_PORT: '0', SANDBOX_HOST: '127.0.0.1' },
    cwd: sandboxDir,
    listening: /fleet sandbox on (http:\/\/\S+).*/,
  });
  o.progress(`the stand-in (the installed command's sandbox, its own process): ${standIn.banner}`);
  try {
    const settings = standInSettings(standIn.url);
    const env = Object.entries({ ...settings.vars, ...settings.secrets })
      .map(([k, v]) => `${k}=${v}`)
      .join('\n');
    writeFileSync(join(consumer, '.env'), `${env}\n`);
    const run = await exec('npx', ['fleet-conformance', 'run'], consumer);
    writeFileSync(join(work, 'run.log'), run.output);
    files["the run's output"] = join(work, 'run.log');
    checks.check(
      'npx fleet-conformance run passes against the stand-in of .env',
      run.code === 0,
      `exit ${run.code}\n${lastLines(run.output, 30)}`
    );
    const reports = [
      'coverage.json',
      'coverage.html',
      'allure/index.html',
      'playwright/index.html',
      'junit.xml',
      'drift.html',
    ].filter((f) => !existsSync(join(consumer, 'reports', f)));
    checks.check('its reports are in that folder (reports/)', !reports.length, `missing: ${reports.join(', ')}`);
    checks.check(
      "and none in the package's own folder",
      !existsSync(join(consumer, 'node_modules', 'fleet-conformance', 'reports'))
    );
    const coverage = existsSync(join(consumer, 'reports', 'coverage.json'))
      ? (JSON.parse(readFileSync(join(consumer, 'reports', 'coverage.json'), 'utf8')) as {
          target: string;
          tests: { total: number; passed: number };
        })
      : undefined;
    checks.check(
      `the run judged the stand-in: ${coverage?.tests.passed} of ${coverage?.tests.total} tests passed against ${coverage?.target}`,
      !!coverage && coverage.target.includes(standIn.url) && coverage.tests.passed > 100,
      JSON.stringify(coverage?.tests)
    );

    const init = await exec('npx', ['fleet-conformance', 'gate', '--baseline', 'reports/baseline', '--init'], consumer);
    checks.check(
      'npx fleet-conformance gate --init makes the baseline of them',
      init.code === 0 && /is now the baseline in reports\/baseline/.test(init.output),
      init.output
    );
    const gate = await exec('npx', ['fleet-conformance', 'gate', '--baseline', 'reports/baseline'], consumer);
    checks.check(
      'npx fleet-conformance gate passes against it, gate.json beside the reports',
      gate.code === 0 &&
        gate.output.includes('gate: PASS — no regression') &&
        existsSync(join(consumer, 'reports', 'gate.json')),
      lastLines(gate.output, 4)
    );

    for (const [what, text, cause] of [
      [
        'a plain-http target',
        'FLEET_BASE_URL=http://fleet-test.example.com\n',
        'fleet-conformance: FLEET_BASE_URL: plain http to fleet-test.example.com would send tokens in clear; use https (http is allowed only for localhost/127.0.0.1)',
      ],
      [
        'a line that is no variable',
        `FLEET_BASE_URL=${standIn.url}\nFLEET_CLIENT_SECRET ${settings.secrets.FLEET_CLIENT_SECRET}\n`,
        'fleet-conformance: .env:2: "FLEET_CLIENT_SECRET …" is not NAME=value',
      ],
    ] as const) {
      writeFileSync(join(consumer, '.env'), text);
      const bad = await exec('npx', ['fleet-conformance', 'run'], consumer);
      const lines = bad.output.trim().split('\n');
      checks.check(
        `a bad .env (${what}) stops the run with its one-line cause, exit 2`,
        bad.code === 2 && lines.length === 1,
        `exit ${bad.code}: ${bad.output.trim()}`
      );
      checks.check(
        'naming the variable and the cause, never a value of it',
        lines[0] === cause && !bad.output.includes(settings.secrets.FLEET_CLIENT_SECRET!),
        lines[0]
      );
    }
  } finally {
    await standIn.stop();
  }
  return { name: 'npm pack', seconds: since(started), checks: checks.list, files };
}

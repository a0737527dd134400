/**
 * npm run proof:node [-- --lines 24,26]: the project as a new user has it, under each supported Node
 * line this machine does not run: that line's Node installed from the npm registry
 * (proof/node/install.ts) into a temporary folder, a clone of HEAD beside it (what is committed,
 * nothing else), and there, with that Node first on PATH: npm ci, the typecheck, the unit tests
 * (proof/tests/unit) and npm run conformance (the embedded sandbox). Prints each step as it goes,
 * then a table of the lines with each step's result and time. Each step's output is kept in
 * reports/node-lines/<line>-<step>.log; the temporary folders are removed.
 * Exit 0 when every step of every line passed; 1 when one failed; 2 for bad input or a Node that
 * could not be installed (one line).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { installNode, NodeInstallError } from '../node/install.js';

const USAGE = 'usage: npm run proof:node -- [--lines 24,26]';
const STEPS = [
  { name: 'npm ci', args: ['ci', '--no-audit', '--no-fund', '--prefer-offline'] },
  { name: 'typecheck', args: ['run', 'typecheck'] },
  {
    name: 'unit tests',
    args: [
      'exec',
      '--',
      'playwright',
      'test',
      '-c',
      'proof/tests/playwright.config.ts',
      '--project=self',
      'proof/tests/unit',
    ],
  },
  { name: 'conformance', args: ['run', 'conformance'] },
] as const;

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  note: string;
}
interface LineResult {
  line: string;
  version: string;
  steps: StepResult[];
  seconds: number;
}

const since = (t: number) => Math.round((Date.now() - t) / 1000);

/** The machine's environment, less what the `npm run` that started this script put in it. */
function cleanEnv(nodeBin: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const path = (process.env.PATH ?? '').split(':').filter((p) => p && !p.includes('node_modules'));
  return { ...env, PATH: [nodeBin, ...path].join(':') };
}

/** What a step's output says: Playwright's counts; npm's packages and its engine warnings; else its last line. */
function noteOf(log: string): string {
  const lines = readFileSync(log, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const counts = lines.filter((l) => /^\d+ (passed|failed|flaky|skipped|did not run)\b/.test(l));
  if (counts.length) return counts.join(', ');
  const added = lines.find((l) => /^added \d+ packages/.test(l));
  if (added)
    return `${added}, ${lines.filter((l) => l.startsWith('npm warn EBADENGINE Unsupported engine')).length} EBADENGINE warnings`;
  return (lines.at(-1) ?? '').slice(0, 120);
}

function run(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, log: string): Promise<boolean> {
  return new Promise((done) => {
    const out = createWriteStream(log);
    const child = spawn('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => out.end(() => done(code === 0)));
  });
}

async function proveLine(line: string, logs: string): Promise<LineResult> {
  const started = Date.now();
  const tmp = mkdtempSync(join(tmpdir(), `fleet-node-${line}-`));
  const say = (text: string) => console.log(`[node ${line} ${since(started)} s] ${text}`);
  try {
    say(`installing Node ${line} from the npm registry`);
    const node = installNode(line, join(tmp, 'node'));
    const env = cleanEnv(node.bin);
    const seen = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
    say(
      `Node ${node.version} (node on PATH: ${seen}; npm ${spawnSync('npm', ['--version'], { env, encoding: 'utf8' }).stdout.trim()} of this machine)`
    );
    const repo = join(tmp, 'fleet-conformance');
    const clone = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', resolve('.'), repo], { encoding: 'utf8' });
    if (clone.status !== 0)
      throw new NodeInstallError(`git clone of HEAD failed: ${clone.stderr.trim().split('\n')[0]}`);
    say(
      `cloned HEAD (${spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).stdout.trim()}) into ${repo}`
    );
    const steps: StepResult[] = [];
    for (const step of STEPS) {
      const stepStarted = Date.now();
      const log = join(logs, `${line}-${step.name.replace(/\W+/g, '-')}.log`);
      say(`${step.name} …`);
      const ok = await run(step.args, repo, env, log);
      steps.push({ name: step.name, ok, seconds: since(stepStarted), note: noteOf(log) });
      say(`${ok ? '✓' : '✘'} ${step.name} in ${since(stepStarted)} s: ${steps.at(-1)!.note}${ok ? '' : ` (${log})`}`);
      if (!ok && step.name === 'npm ci') break;
    }
    return { line, version: node.version, steps, seconds: since(started) };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function table(results: LineResult[]): string[] {
  const cell = (r: LineResult, name: string) => {
    const s = r.steps.find((x) => x.name === name);
    return s ? `${s.ok ? '✓' : '✘'} ${s.seconds} s` : 'not run';
  };
  return [
    `| Node | ${STEPS.map((s) => s.name).join(' | ')} | total |`,
    `|---|${STEPS.map(() => '---').join('|')}|---:|`,
    ...results.map((r) => `| ${r.version} | ${STEPS.map((s) => cell(r, s.name)).join(' | ')} | ${r.seconds} s |`),
    '',
    ...results.flatMap((r) => r.steps.map((s) => `- Node ${r.version}, ${s.name}: ${s.note}`)),
  ];
}

async function main(): Promise<number> {
  let lines: string[];
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: { lines: { type: 'string', default: '24,26' } },
    });
    lines = values.lines
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean);
  } catch (e) {
    console.error(`proof:node: ${(e as Error).message.split('\n')[0]} (${USAGE})`);
    return 2;
  }
  const logs = resolve('reports', 'node-lines');
  mkdirSync(logs, { recursive: true });
  const started = Date.now();
  const results: LineResult[] = [];
  for (const line of lines) {
    try {
      results.push(await proveLine(line, logs));
    } catch (e) {
      if (!(e instanceof NodeInstallError)) throw e;
      console.error(`proof:node: ${e.message}`);
      return 2;
    }
  }
  console.log(['', ...table(results), '', `proof:node: ${since(started)} s in all`].join('\n'));
  return results.every((r) => r.steps.length === STEPS.length && r.steps.every((s) => s.ok)) ? 0 : 1;
}

main().then((code) => process.exit(code));

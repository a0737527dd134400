/**
 * npm run selftest:faults [-- --quick] [--only id,id] [--jobs n]
 *
 * Proves the suite catches real faults: for each fault of sandbox/faults.ts it starts a sandbox
 * with that one fault and runs the conformance suite against it (with --quick, only the tests
 * whose titles carry the fault's rule id), then prints fault → caught? (by which test). Exits
 * non-zero when a fault whose rule the suite specifies is not caught.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../lib/config.js';
import { rules } from '../lib/rules/catalogue.js';
import { ruleIdsOf } from '../lib/rules/ids.js';
import { faultCatalogue, type FaultDefinition } from '../sandbox/faults.js';
import { oneLine } from './one-line.js';

interface Options {
  quick: boolean;
  only?: string[];
  jobs: number;
}

interface FaultResult {
  fault: string;
  rule: string;
  description: string;
  specified: boolean;
  outcome: 'caught' | 'missed' | 'not specified' | 'error';
  caughtBy: string[];
  ran: number;
  seconds: number;
  error?: string;
}

interface JsonSpec { title: string; tests: { results: { status: string }[] }[] }
interface JsonSuite { specs?: JsonSpec[]; suites?: JsonSuite[] }

function parseArgs(argv: string[]): Options {
  const options: Options = { quick: false, jobs: 2 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') options.quick = true;
    else if (arg === '--only') options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--jobs') options.jobs = Math.max(1, Number(argv[++i]) || 1);
    else throw new ConfigError(`selftest:faults: unknown argument "${arg}" (use --quick, --only id,id, --jobs n)`);
  }
  return options;
}

function specs(suite: JsonSuite): JsonSpec[] {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specs)];
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Every conformance test title, listed once up front, so a rule's tests are known before any run. */
async function listTitles(workDir: string): Promise<string[]> {
  const file = join(workDir, 'list.json');
  const { code, output } = await run(['--list', '--reporter=json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  if (code !== 0) throw new Error(`cannot list the conformance tests: ${oneLine(output)}`);
  return specs(JSON.parse(readFileSync(file, 'utf8')) as JsonSuite).map((s) => s.title);
}

function grepFor(rule: string): string {
  return `[\\[ ]${rule}[\\],]`;
}

async function runFault(fault: string, rule: string, description: string, titles: string[], options: Options, port: number, workDir: string): Promise<FaultResult> {
  const specifiedBy = titles.filter((t) => ruleIdsOf(t).includes(rule));
  const base = { fault, rule, description, specified: specifiedBy.length > 0, caughtBy: [] as string[], ran: 0 };
  if (options.quick && !specifiedBy.length) return { ...base, outcome: 'not specified', seconds: 0 };
  const started = Date.now();
  const file = join(workDir, `${fault}.json`);
  const args = ['--reporter=json', `--output=${join(workDir, `out-${fault}`)}`, '--workers=1', ...(options.quick ? ['--grep', grepFor(rule)] : [])];
  const env = (faultCatalogue as Record<string, FaultDefinition>)[fault]?.env ?? {};
  const { output } = await run(args, { ...env, SANDBOX_FAULTS: fault, SANDBOX_PORT: String(port), PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  let report: JsonSuite & { errors?: { message?: string }[] };
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { ...base, outcome: 'error', seconds, error: oneLine(output) };
  }
  const all = specs(report);
  const failed = all.filter((s) => s.tests.some((t) => t.results.some((r) => r.status === 'failed' || r.status === 'timedOut')));
  const globalError = report.errors?.[0]?.message;
  if (!all.length && globalError) return { ...base, outcome: 'error', seconds, error: oneLine(globalError) };
  return {
    ...base,
    ran: all.length,
    caughtBy: failed.map((s) => s.title),
    outcome: failed.length ? 'caught' : specifiedBy.length ? 'missed' : 'not specified',
    seconds,
  };
}

function printTable(results: FaultResult[]): void {
  const width = Math.max(...results.map((r) => r.fault.length), 5);
  const ruleWidth = Math.max(...results.map((r) => r.rule.length), 4);
  console.log(`\n${'fault'.padEnd(width)}  ${'rule'.padEnd(ruleWidth)}  result          by`);
  for (const r of results) {
    const by = r.outcome === 'error' ? r.error ?? '' : r.caughtBy.slice(0, 2).join(' | ') + (r.caughtBy.length > 2 ? ` (+${r.caughtBy.length - 2})` : '');
    console.log(`${r.fault.padEnd(width)}  ${r.rule.padEnd(ruleWidth)}  ${r.outcome.padEnd(14)}  ${by}`);
  }
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  if (!config.sandbox) throw new ConfigError('FLEET_BASE_URL: selftest:faults runs against the embedded sandbox; unset FLEET_BASE_URL');
  const catalogue = faultCatalogue as Record<string, { rule: string; description: string }>;
  const unknown = Object.entries(catalogue).filter(([, f]) => !rules.has(f.rule));
  if (unknown.length) throw new ConfigError(`sandbox/faults.ts: rule id(s) not in the catalogue: ${unknown.map(([id, f]) => `${id} → ${f.rule}`).join(', ')}`);
  const faults = Object.keys(catalogue).filter((id) => !options.only || options.only.includes(id));
  const missingOnly = options.only?.filter((id) => !(id in catalogue)) ?? [];
  if (missingOnly.length) throw new ConfigError(`--only: unknown fault(s) ${missingOnly.join(', ')}`);

  const workDir = mkdtempSync(join(tmpdir(), 'fleet-faults-'));
  const titles = await listTitles(workDir);
  console.log(`selftest:faults: ${faults.length} faults, ${options.quick ? 'quick (tests of each fault\'s rule)' : 'whole suite per fault'}, ${options.jobs} at a time`);
  const results: FaultResult[] = new Array(faults.length);
  let next = 0;
  let done = 0;
  await Promise.all(Array.from({ length: Math.min(options.jobs, faults.length) }, async (_, slot) => {
    while (next < faults.length) {
      const index = next++;
      const fault = faults[index]!;
      const result = await runFault(fault, catalogue[fault]!.rule, catalogue[fault]!.description, titles, options, config.sandboxPort + 100 + slot, workDir);
      results[index] = result;
      done += 1;
      console.log(`[${String(done).padStart(String(faults.length).length)}/${faults.length}] ${fault}: ${result.outcome}${result.caughtBy.length ? ` by ${result.caughtBy.length} test(s)` : ''} (${result.seconds} s)`);
    }
  }));
  rmSync(workDir, { recursive: true, force: true });

  printTable(results);
  mkdirSync('reports/selftest', { recursive: true });
  writeFileSync('reports/selftest/faults.json', JSON.stringify({ generatedAt: new Date().toISOString(), mode: options.quick ? 'quick' : 'full', results }, null, 2));
  const missed = results.filter((r) => r.outcome === 'missed' || r.outcome === 'error');
  const count = (o: FaultResult['outcome']) => results.filter((r) => r.outcome === o).length;
  console.log(`\n${count('caught')} caught, ${count('missed')} missed, ${count('error')} errors, ${count('not specified')} not specified (no test carries the rule) → reports/selftest/faults.json`);
  return missed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`selftest:faults: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  },
);

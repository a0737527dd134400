/**
 * npm run selftest:faults [-- --quick] [--only id,id] [--workers n]
 *
 * Proves the suite catches real faults: it hosts one sandbox per fault of sandbox/faults.ts (each
 * with that one fault), runs the conformance suite against every one of them in a single
 * Playwright run (one project per fault; with --quick, only the tests whose titles carry the
 * fault's rule id), and prints fault → caught? (by which test). Exits non-zero when a fault whose
 * rule the suite specifies is not caught.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type SelftestTarget } from '../lib/config.js';
import { rules } from '../lib/rules/catalogue.js';
import { ruleIdsOf } from '../lib/rules/ids.js';
import { buildApp } from '../sandbox/app.js';
import { faultCatalogue, type FaultDefinition } from '../sandbox/faults.js';
import { readServerConfig } from '../sandbox/server-config.js';
import { oneLine } from './one-line.js';

interface Options {
  quick: boolean;
  only?: string[];
  workers: number;
}

type Outcome = 'caught' | 'missed' | 'not specified' | 'error';

interface FaultResult {
  fault: string;
  rule: string;
  description: string;
  outcome: Outcome;
  /** Tests whose titles carry the fault's rule. */
  specifiedBy: number;
  ran: number;
  caughtBy: string[];
  error?: string;
}

interface JsonTest { projectName: string; results: { status: string; error?: { message?: string } }[] }
interface JsonSpec { title: string; tests: JsonTest[] }
interface JsonSuite { specs?: JsonSpec[]; suites?: JsonSuite[] }
interface JsonReport extends JsonSuite { errors?: { message?: string }[] }

const catalogue = faultCatalogue as Record<string, FaultDefinition>;

function parseArgs(argv: string[]): Options {
  const options: Options = { quick: false, workers: 2 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') options.quick = true;
    else if (arg === '--only') options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--workers') options.workers = Math.max(1, Number(argv[++i]) || 1);
    else throw new ConfigError(`selftest:faults: unknown argument "${arg}" (use --quick, --only id,id, --workers n)`);
  }
  return options;
}

function specs(suite: JsonSuite): JsonSpec[] {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specs)];
}

function playwright(args: string[], env: Record<string, string>, echo: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d;
      if (echo) process.stdout.write(d);
    });
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Every conformance test title, listed once up front, so a rule's tests are known before any run. */
async function listTitles(workDir: string): Promise<string[]> {
  const file = join(workDir, 'list.json');
  const { code, output } = await playwright(['--list', '--reporter=json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file }, false);
  if (code !== 0) throw new Error(`cannot list the conformance tests: ${oneLine(output)}`);
  return [...new Set(specs(JSON.parse(readFileSync(file, 'utf8')) as JsonSuite).map((s) => s.title))];
}

/** Matches a title that names `rule` among its bracketed rule ids. */
function grepFor(rule: string): string {
  return `[\\[ ]${rule}[\\],]`;
}

/** One sandbox per fault, in this process, each on its own loopback port. */
async function startSandboxes(faults: string[]): Promise<{ targets: SelftestTarget[]; apps: FastifyInstance[] }> {
  const apps: FastifyInstance[] = [];
  const targets: SelftestTarget[] = [];
  for (const fault of faults) {
    const settings = readServerConfig({ ...catalogue[fault]!.env, SANDBOX_FAULTS: fault });
    const app = await buildApp({ faults: settings.faults, latency: settings.latency, tokenTtlSeconds: settings.tokenTtlSeconds });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    targets.push({ fault, baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }
  return { targets, apps };
}

function summarize(fault: string, titles: string[], report: JsonReport | undefined, planned: boolean): FaultResult {
  const { rule, description } = catalogue[fault]!;
  const specifiedBy = titles.filter((t) => ruleIdsOf(t).includes(rule)).length;
  const base = { fault, rule, description, specifiedBy, ran: 0, caughtBy: [] as string[] };
  if (!planned) return { ...base, outcome: 'not specified' };
  if (!report) return { ...base, outcome: 'error', error: 'no report' };
  const mine = specs(report).flatMap((s) => s.tests.filter((t) => t.projectName === `fault ${fault}`).map((t) => ({ title: s.title, test: t })));
  const failed = mine.filter(({ test }) => test.results.some((r) => r.status === 'failed' || r.status === 'timedOut'));
  const outcome: Outcome = failed.length ? 'caught' : !mine.length ? 'error' : specifiedBy ? 'missed' : 'not specified';
  return {
    ...base, ran: mine.length, caughtBy: failed.map((f) => f.title), outcome,
    ...(outcome === 'error' ? { error: oneLine(report.errors?.[0]?.message ?? 'no test ran') } : {}),
  };
}

function printTable(results: FaultResult[]): void {
  const width = Math.max(...results.map((r) => r.fault.length), 5);
  const ruleWidth = Math.max(...results.map((r) => r.rule.length), 4);
  console.log(`\n${'fault'.padEnd(width)}  ${'rule'.padEnd(ruleWidth)}  result          by`);
  for (const r of results) {
    const by = r.outcome === 'error' ? r.error ?? '' : r.caughtBy.slice(0, 2).join(' | ') + (r.caughtBy.length > 2 ? ` (+${r.caughtBy.length - 2})` : '');
    console.log(`${r.fault.padEnd(width)}  ${r.rule.padEnd(ruleWidth)}  ${r.outcome.padEnd(14)}  ${by.slice(0, 200)}`);
  }
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  if (!config.sandbox) throw new ConfigError('FLEET_BASE_URL: selftest:faults runs against the embedded sandbox; unset FLEET_BASE_URL');
  const unknownRules = Object.entries(catalogue).filter(([, f]) => !rules.has(f.rule));
  if (unknownRules.length) throw new ConfigError(`sandbox/faults.ts: rule id(s) not in the catalogue: ${unknownRules.map(([id, f]) => `${id} → ${f.rule}`).join(', ')}`);
  const unknownOnly = options.only?.filter((id) => !(id in catalogue)) ?? [];
  if (unknownOnly.length) throw new ConfigError(`--only: unknown fault(s) ${unknownOnly.join(', ')}`);
  const faults = Object.keys(catalogue).filter((id) => !options.only || options.only.includes(id));

  const workDir = mkdtempSync(join(tmpdir(), 'fleet-faults-'));
  const titles = await listTitles(workDir);
  const specified = (fault: string) => titles.some((t) => ruleIdsOf(t).includes(catalogue[fault]!.rule));
  const planned = options.quick ? faults.filter(specified) : faults;
  const started = Date.now();
  const { targets, apps } = await startSandboxes(planned);
  const plan = targets.map((t) => (options.quick ? { ...t, grep: grepFor(catalogue[t.fault]!.rule) } : t));
  console.log(`selftest:faults: ${planned.length} faulty sandboxes, ${options.quick ? 'the tests of each fault\'s rule' : 'the whole suite'} against each (F = a failing test: the fault is caught)`);

  const file = join(workDir, 'report.json');
  await playwright(['--reporter=dot,json', `--output=${join(workDir, 'out')}`, `--workers=${options.workers}`], {
    FLEET_SELFTEST_PLAN: JSON.stringify(plan), PLAYWRIGHT_JSON_OUTPUT_NAME: file, FLEET_REPORTS_DIR: join(workDir, 'reports'),
  }, true);
  await Promise.all(apps.map((a) => a.close()));
  let report: JsonReport | undefined;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
  } catch {
    report = undefined;
  }
  rmSync(workDir, { recursive: true, force: true });

  const results = faults.map((fault) => summarize(fault, titles, report, planned.includes(fault)));
  printTable(results);
  mkdirSync(`${config.reportsDir}/selftest`, { recursive: true });
  writeFileSync(`${config.reportsDir}/selftest/faults.json`, JSON.stringify({ generatedAt: new Date().toISOString(), mode: options.quick ? 'quick' : 'full', results }, null, 2));
  const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n${count('caught')} caught, ${count('missed')} missed, ${count('error')} errors, ${count('not specified')} not specified (no test carries the rule) in ${seconds} s → ${config.reportsDir}/selftest/faults.json`);
  return count('missed') + count('error') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`selftest:faults: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  },
);

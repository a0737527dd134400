/**
 * npm run selftest:variants [-- --sample] [--only id,id] [--workers n] [--remote [--latency profile]]
 *
 * Proves the suite passes every server that conforms but chose differently where the document is
 * silent: the complement of selftest:faults. For every variant of sandbox/variants.ts it hosts a
 * sandbox with that one variant (and the smallest card pool the project supports) and runs the whole conformance suite against it with the variant's
 * documented FLEET_* settings, as a user of such a server would. A variant passes when the run
 * exits 0 with no failed, assumption-failed or blocked rule, no blocked or incomplete test, no
 * finding, no configuration notice (what the variant chose is found, or set by its settings) and no
 * sub-customer left open. Per variant: the verdict, the red and blocked rules, the findings, the
 * rules not run, the throttling waited out and the seconds, in reports/selftest/variants.json; the
 * coverage report of a variant that failed stays in reports/selftest/variants/<id>/.
 *
 *   --sample  the composite (npm test runs it with --remote): every variant at once but the slow ones
 *             and all but the first of each group of alternatives (SANDBOX_VARIANTS=all-compatible)
 *   --only    the named variants
 *   (none)    every variant alone, the slow ones included, then the composite
 *   --remote  each variant as a test environment is met in the field: `npm run sandbox` in a process
 *             of its own (SANDBOX_LATENCY from --latency, default off), `npm run conformance` against
 *             it with the variables a repository holds and every default (the run's lease and its
 *             share of the card pool, its measured speed, its workers); --workers is the hosted runs'
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../lib/config.js';
import { assumptions } from '../../lib/rules/assumptions.js';
import { sandboxDefaults } from '../../sandbox/defaults.js';
import {
  ALL_COMPATIBLE,
  compatibleVariants,
  settingsOf,
  type VariantDefinition,
  variantCatalogue,
} from '../../sandbox/variants.js';
import { oneLine } from '../../scripts/one-line.js';
import { redRules, runAsTestEnvironment, runSuite } from '../selftest/suite-run.js';

/**
 * The subset npm test runs: the composite, every compatible variant at once (a server that made
 * other choices everywhere, as a second implementation does), on the field path (`--remote`).
 */
const SAMPLE = [ALL_COMPATIBLE];

interface Options {
  sample: boolean;
  only?: string[];
  workers: number;
  /** Out of process, as a test environment: the stand-in's SANDBOX_LATENCY. */
  remote?: { latency: string };
}

interface Result {
  variant: string;
  varies: string;
  settings: Record<string, string>;
  verdict: 'passed' | 'failed' | 'error';
  /** Tests the run reported, and how many of them passed. */
  tests: number;
  passed: number;
  red: string[];
  blocked: string[];
  blockedTests: number;
  /** Tests that judged nothing (out of time, say): a negative control must judge everything. */
  incompleteTests: string[];
  findings: string[];
  /** Silences the suite did not settle on this server (lib/report/drift.ts notices): a variant's choice must be found, or set by its settings. */
  notices: string[];
  /** Rules no test could judge against this variant (latency rules aside: npm run perf's). */
  notRun: string[];
  throttled: number;
  seconds: number;
  error?: string;
}

const catalogue: Record<string, VariantDefinition> = {
  ...variantCatalogue,
  // The composite: a server that made other choices everywhere at once (sandbox/variants.ts, alternatives).
  [ALL_COMPATIBLE]: {
    words: '',
    varies: 'every register entry at once',
    description: 'every variant but the slow ones and the alternatives of the one each group keeps',
    ...settingsOf(compatibleVariants()),
  },
};

function parseArgs(argv: string[]): Options {
  const options: Options = { sample: false, workers: 2 };
  let latency: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--sample') options.sample = true;
    else if (arg === '--remote') options.remote = { latency: 'off' };
    else if (arg === '--latency') latency = argv[++i] ?? '';
    else if (arg === '--only')
      options.only = (argv[++i] ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (arg === '--workers') options.workers = Math.max(1, Number(argv[++i]) || 1);
    else
      throw new ConfigError(
        `unknown argument "${arg}" (use --sample, --only id,id, --workers n, --remote [--latency profile])`
      );
  }
  if (latency !== undefined) {
    if (!options.remote) throw new ConfigError("--latency is the stand-in's of --remote: add --remote");
    if (!latency) throw new ConfigError('--latency needs a SANDBOX_LATENCY profile (off, doc, doc,scale=0.1, ...)');
    options.remote.latency = latency;
  }
  return options;
}

function chosen(options: Options): string[] {
  const named = [...(options.only ?? []), ...(options.sample ? SAMPLE : [])];
  const unknown = named.filter((id) => !(id in catalogue));
  if (unknown.length) throw new ConfigError(`unknown variant(s) ${unknown.join(', ')} (see sandbox/variants.ts)`);
  if (options.only) return options.only;
  return Object.keys(catalogue).filter((id) => !options.sample || SAMPLE.includes(id));
}

function checkRegistry(): void {
  const known = new Set(assumptions.map((a) => a.id));
  const bad = Object.entries(catalogue)
    .filter(([, v]) => v.varies.startsWith('ASSUME-') && !known.has(v.varies))
    .map(([id, v]) => `${id} → ${v.varies}`);
  if (bad.length)
    throw new ConfigError(`sandbox/variants.ts: register entries not in lib/rules/assumptions.ts: ${bad.join(', ')}`);
}

/** The coverage report of a variant that failed, kept for a look. */
function keep(reportsDir: string, keepDir: string): void {
  mkdirSync(keepDir, { recursive: true });
  for (const f of ['coverage.json', 'coverage.html', 'drift.html'])
    if (existsSync(join(reportsDir, f))) copyFileSync(join(reportsDir, f), join(keepDir, f));
}

async function runVariant(id: string, options: Options, work: string, keepDir: string): Promise<Result> {
  const { env, suite, varies } = catalogue[id]!;
  const reportsDir = join(work, id);
  // The smallest card pool the project supports: a conforming server may hold no more.
  const sandbox = { SANDBOX_POOL_CARDS: String(sandboxDefaults.minPoolCards), ...env, SANDBOX_VARIANTS: id };
  const run = options.remote
    ? await runAsTestEnvironment(sandbox, suite ?? {}, reportsDir, options.remote.latency)
    : await runSuite({
        sandbox,
        ...(suite ? { suite } : {}),
        reportsDir,
        workers: Number(suite?.FLEET_WORKERS ?? options.workers),
      });
  const coverage = run.coverage;
  const driftFile = join(reportsDir, 'drift.json');
  const drift = existsSync(driftFile)
    ? (JSON.parse(readFileSync(driftFile, 'utf8')) as {
        throttled: number;
        notices?: { entry: string; text: string }[];
      })
    : undefined;
  const throttled = drift?.throttled ?? 0;
  const notices = (drift?.notices ?? []).map((n) => `${n.entry}: ${n.text}`);
  const red = coverage ? redRules(coverage) : [];
  const blocked = coverage?.rules.filter((r) => r.status === 'blocked').map((r) => r.id) ?? [];
  const findings = coverage?.findings.map((f) => `${f.rule} on ${f.operationId}: ${f.title}`) ?? [];
  const blockedTests = coverage?.tests.blocked ?? 0;
  const incompleteTests =
    coverage?.records.filter((r) => r.outcome === 'incomplete').map((r) => `${r.title.slice(0, 80)}: ${r.reason}`) ??
    [];
  const notRun = coverage?.rules.filter((r) => r.status === 'not-run' && r.family !== 'latency').map((r) => r.id) ?? [];
  const clean =
    run.code === 0 &&
    !red.length &&
    !blocked.length &&
    !blockedTests &&
    !incompleteTests.length &&
    !findings.length &&
    !notices.length;
  if (!clean) keep(reportsDir, join(keepDir, id));
  return {
    variant: id,
    varies,
    settings: { ...suite, ...env },
    verdict: !coverage ? 'error' : clean ? 'passed' : 'failed',
    tests: coverage?.tests.total ?? 0,
    passed: coverage?.tests.passed ?? 0,
    red,
    blocked,
    blockedTests,
    incompleteTests,
    findings,
    notices,
    notRun,
    throttled,
    seconds: Math.round(run.seconds * 10) / 10,
    ...(!coverage ||
    (!clean &&
      !red.length &&
      !blocked.length &&
      !findings.length &&
      !blockedTests &&
      !incompleteTests.length &&
      !notices.length)
      ? { error: oneLine(run.tail) }
      : {}),
  };
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.sandbox)
    throw new ConfigError('FLEET_BASE_URL: selftest:variants runs against sandboxes of its own; unset FLEET_BASE_URL');
  const options = parseArgs(process.argv.slice(2));
  checkRegistry();
  const variants = chosen(options);
  const work = mkdtempSync(join(tmpdir(), 'fleet-variants-'));
  const out = join(config.reportsDir, 'selftest');
  const keepDir = join(out, 'variants');
  rmSync(keepDir, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const started = Date.now();
  console.log(
    `selftest:variants: the whole suite against ${variants.length} sandbox${variants.length > 1 ? 'es' : ''} that conform${variants.length > 1 ? '' : 's'} but chose differently, one at a time (bar: exit 0, nothing red, blocked, incomplete, found or left open)`
  );
  if (options.remote)
    console.log(
      `each out of process as a test environment (npm run sandbox, latency ${options.remote.latency} unless the variant sets its own, ${sandboxDefaults.minPoolCards} pool cards), npm run conformance against it with a repository's variables and every default`
    );
  const results: Result[] = [];
  try {
    for (const [i, id] of variants.entries()) {
      const r = await runVariant(id, options, work, keepDir);
      results.push(r);
      const settings = Object.entries(r.settings)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      const problems = [
        r.red.length && `red: ${r.red.join(', ')}`,
        r.blocked.length && `blocked rules: ${r.blocked.join(', ')}`,
        r.blockedTests && `${r.blockedTests} blocked tests`,
        r.incompleteTests.length && `incomplete: ${r.incompleteTests.slice(0, 3).join('; ')}`,
        r.findings.length && `findings: ${r.findings.slice(0, 3).join('; ')}`,
        r.notices.length && `configuration notices: ${r.notices.slice(0, 3).join('; ')}`,
        r.error,
      ]
        .filter(Boolean)
        .join('; ');
      console.log(
        `${r.verdict === 'passed' ? '✓' : '✘'} ${String(i + 1).padStart(2)}/${variants.length} ${id.padEnd(28)} ${r.verdict.padEnd(6)} ${r.seconds.toFixed(1)} s; tests ${r.passed}/${r.tests} passed, rules not run ${r.notRun.length}${r.throttled ? `; throttled ${r.throttled}` : ''}${settings ? ` (${settings})` : ''}${problems ? `\n      ${problems}` : ''}`
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const passed = results.filter((r) => r.verdict === 'passed').length;
  writeFileSync(
    join(out, 'variants.json'),
    JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        mode: options.only ? 'only' : options.sample ? 'sample' : 'full',
        ...(options.remote ? { remote: options.remote } : {}),
        passed,
        results,
      },
      null,
      2
    )
  );
  const failed = passed < results.length ? `; the failed ones' coverage in ${keepDir}/` : '';
  console.log(
    `\n${passed} of ${results.length} variant${results.length > 1 ? 's' : ''} passed in ${Math.round((Date.now() - started) / 1000)} s → ${out}/variants.json${failed}`
  );
  return passed === results.length ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`selftest:variants: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  }
);

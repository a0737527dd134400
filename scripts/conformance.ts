/**
 * npm run conformance [-- playwright args]: the conformance suite against the configured target
 * (the embedded sandbox when FLEET_BASE_URL is unset), then the Allure HTML report. Exits with the
 * suite's status: non-zero when any check fails.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { AuthError, requestToken } from '../lib/auth.js';
import { BUDGET_KINDS, BUDGET_WORDS, budgetText, estimate, overBudget, type FootprintProfile } from '../lib/budget.js';
import { banner, ConfigError, loadConfig, type Config } from '../lib/config.js';
import { GateInputError, readKnownFailures } from '../lib/gate/known-failures.js';
import { listTests } from '../lib/listed-tests.js';
import { recordShard } from '../lib/shards.js';
import { loadSchemas, SchemaCompileError } from '../lib/validation.js';
import { allureReport } from './allure-report.js';

/** What each test left on the sandbox at the remote default of fast-check runs (npm run footprint:profile). */
const PROFILE = 'specs/footprint.json';
const KNOWN_FAILURES = 'known-failures.json';

async function checkReachable(config: Config): Promise<void> {
  // Fail in one line before Playwright starts when the target cannot even issue a token.
  const { response } = await requestToken(config);
  if (response.status === 401 || response.status === 400) {
    throw new AuthError(`token request for client ${config.clientId} refused (${response.status}); check FLEET_CLIENT_ID / FLEET_CLIENT_SECRET`);
  }
}

/** Stops a run that would leave more on the target than FLEET_WRITE_BUDGET allows, before it writes anything. */
function checkWriteBudget(config: Config, args: string[]): void {
  if (!Object.keys(config.writeBudget).length || config.target === 'production') return;
  const profile = JSON.parse(readFileSync(PROFILE, 'utf8')) as FootprintProfile;
  const tests = listTests(args, { ...process.env, FLEET_RUN_ID: config.runId }).map((t) => ({ key: t.key, writes: t.tags.includes('@write') }));
  const { total, unknown } = estimate(profile, tests, config.fastCheck.runs);
  const limit = budgetText(config.writeBudget);
  console.log(`write footprint, estimated: ${BUDGET_KINDS.map((k) => `${total[k]} ${BUDGET_WORDS[k]}`).join(', ')} (FLEET_WRITE_BUDGET ${limit})${unknown ? `; ${unknown} writing tests not in ${PROFILE}, counted as the largest` : ''}`);
  const over = overBudget(config.writeBudget, total);
  if (over) throw new ConfigError(`FLEET_WRITE_BUDGET: this run would make about ${over.total} ${BUDGET_WORDS[over.kind]}, over ${over.kind}=${over.limit}; select fewer tests (-g, --grep-invert @write) or raise the budget`);
}

async function main(): Promise<number> {
  const config = loadConfig();
  console.log(banner(config));
  // A broken schema stops the run here, in one line, rather than in every test.
  loadSchemas();
  // A malformed known-failures.json would only show when the Allure report is made, after the run.
  readKnownFailures(KNOWN_FAILURES);
  const reports = config.reportsDir;
  if (!config.sandbox) await checkReachable(config);
  checkWriteBudget(config, process.argv.slice(2));

  for (const dir of ['allure-results', 'allure', 'playwright', 'test-results']) rmSync(`${reports}/${dir}`, { recursive: true, force: true });
  const suite = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, FLEET_RUN_ID: config.runId },
  });

  allureReport(reports);
  console.log(`reports: ${reports}/playwright/index.html · ${reports}/allure/index.html · ${reports}/coverage.html · ${reports}/drift.html · ${reports}/junit.xml`);
  return suite.status ?? 1;
}

// A shard's trace beside its blob report, written on every exit path: the merge names a shard that did not run.
const shard = recordShard(process.argv.slice(2), process.env);

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    shard?.because(e);
    if (e instanceof ConfigError || e instanceof AuthError || e instanceof SchemaCompileError || e instanceof GateInputError) {
      console.error(`fleet-conformance: ${e.message}`);
      process.exit(2);
    }
    throw e;
  },
);

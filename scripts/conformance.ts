/**
 * npm run conformance [-- playwright args]: the conformance suite against the configured target
 * (the embedded sandbox when FLEET_BASE_URL is unset), then the Allure HTML report. Exits with the
 * suite's status: non-zero when any check fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { AuthError, requestToken } from '../lib/auth.js';
import { banner, ConfigError, loadConfig, type Config } from '../lib/config.js';
import { loadSchemas, SchemaCompileError } from '../lib/validation.js';
import { oneLine } from './one-line.js';

async function checkReachable(config: Config): Promise<void> {
  // Fail in one line before Playwright starts when the target cannot even issue a token.
  const { response } = await requestToken(config);
  if (response.status === 401 || response.status === 400) {
    throw new AuthError(`token request for client ${config.clientId} refused (${response.status}); check FLEET_CLIENT_ID / FLEET_CLIENT_SECRET`);
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  console.log(banner(config));
  // A broken schema stops the run here, in one line, rather than in every test.
  loadSchemas();
  const reports = config.reportsDir;
  if (!config.sandbox) await checkReachable(config);

  for (const dir of ['allure-results', 'allure', 'playwright', 'test-results']) rmSync(`${reports}/${dir}`, { recursive: true, force: true });
  const suite = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, FLEET_RUN_ID: config.runId },
  });

  if (existsSync(`${reports}/allure-results`)) {
    // One self-contained file: the multi-file report does not load over file://.
    const allure = spawnSync('npx', ['allure', 'awesome', `${reports}/allure-results`, '--single-file', '-o', `${reports}/allure`, '--report-name', 'fleet-conformance'], { stdio: 'pipe', encoding: 'utf8' });
    if (allure.status !== 0) console.error(`allure report not generated: ${oneLine(allure.stderr || allure.stdout)}`);
  }
  console.log(`reports: ${reports}/playwright/index.html · ${reports}/allure/index.html · ${reports}/coverage.html · ${reports}/drift.html`);
  return suite.status ?? 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof ConfigError || e instanceof AuthError || e instanceof SchemaCompileError) {
      console.error(`fleet-conformance: ${e.message}`);
      process.exit(2);
    }
    throw e;
  },
);

/**
 * No secret reaches a report or a log: the specs that order cards with a known PIN and send real,
 * altered and wrong-scheme tokens run with the full reporters (HTML, Allure, conformance) — once
 * on a healthy sandbox and once on one that echoes the PIN and accepts an altered token, so that
 * the failure paths (violations, exchanges, error messages) are written too. Then every file they
 * wrote (the HTML report's embedded archive unpacked) and the console output are searched for the
 * PIN, the client secret, near misses of it (the leaking sandbox takes the secret in another case or
 * cut short, so that the near-miss test fails and shows its counterexample) and bearer tokens.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { REDACTED } from '../../../lib/report/redact.js';
import { LEAK_PATTERNS, unzip } from '../../../lib/report/secret-scan.js';
import { sandboxDefaults } from '../../../sandbox/defaults.js';
import { playwright, type Run, startSandbox, stopAll } from './harness.js';

test.afterEach(stopAll);

const PIN = '739146025813';
/** The PIN specs, the token requests, and the specs that send the real token altered and under other schemes. */
const SUBSET = 'CARD-PIN-NEVER-ECHOED|AUTH-TOKEN-|answers 401 to a malformed, altered or wrong-scheme token';

/** Half of the secret, from its start or its end, in any case: what each near miss of it keeps (one character changed leaves one half whole). */
const halves = [sandboxDefaults.clientSecret.slice(0, 12), sandboxDefaults.clientSecret.slice(-12)].map((h) =>
  h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
);

const leaks: [name: string, pattern: RegExp][] = [
  ['the card PIN', new RegExp(PIN)],
  ['the client secret', new RegExp(sandboxDefaults.clientSecret)],
  ['a near miss of the client secret', new RegExp(halves.join('|'), 'i')],
  ...LEAK_PATTERNS,
];

/** Every file under `dir` as text; the HTML report's base64 zip is unpacked into its entries. */
function texts(dir: string): [name: string, text: string][] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
    .flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const archive = /playwrightReportBase64">data:application\/zip;base64,([A-Za-z0-9+/=]+)/.exec(text)?.[1];
      const inner = archive
        ? [...unzip(Buffer.from(archive, 'base64'))].map(([name, data]): [string, string] => [
            `${relative(dir, file)}!${name}`,
            data.toString('utf8'),
          ])
        : [];
      return [[relative(dir, file), text] as [string, string], ...inner];
    });
}

async function runSubset(work: string, faults: string): Promise<Run> {
  const sandbox = await startSandbox(faults ? { SANDBOX_FAULTS: faults } : {});
  try {
    return await playwright(['-g', SUBSET, `--output=${join(work, 'test-results')}`], {
      FLEET_BASE_URL: sandbox.baseUrl,
      FLEET_TARGET: 'sandbox',
      FLEET_CARD_PIN: PIN,
      FLEET_REPORTS_DIR: work,
    });
  } finally {
    await sandbox.stop();
  }
}

function ruleStatus(work: string, rule: string): string | undefined {
  const coverage = JSON.parse(readFileSync(join(work, 'coverage.json'), 'utf8')) as {
    rules: { id: string; status: string }[];
  };
  return coverage.rules.find((r) => r.id === rule)?.status;
}

test('neither the PIN, the client secret nor a token appears in any report file or console output, on a healthy and on a leaking sandbox', async () => {
  test.setTimeout(240_000);
  const healthy = mkdtempSync(join(tmpdir(), 'fleet-secrets-ok-'));
  const leaking = mkdtempSync(join(tmpdir(), 'fleet-secrets-faulty-'));
  const [healthyRun, leakingRun] = await Promise.all([
    runSubset(healthy, ''),
    runSubset(leaking, 'card-pin-echoed,auth-flipped-token-accepted,auth-secret-case-insensitive,auth-secret-prefix'),
  ]);

  expect(ruleStatus(healthy, 'CARD-PIN-NEVER-ECHOED'), healthyRun.output.slice(-1500)).toBe('passed');
  expect(
    ruleStatus(leaking, 'CARD-PIN-NEVER-ECHOED'),
    'the echoed PIN was caught, so its failure path was written'
  ).toBe('failed');
  expect(ruleStatus(leaking, 'AUTH-INVALID-TOKEN-401'), 'the accepted altered token was caught').toBe('failed');
  expect(ruleStatus(leaking, 'AUTH-TOKEN-WRONG-SECRET'), 'the accepted near misses of the secret were caught').toBe(
    'failed'
  );
  for (const dir of [healthy, leaking])
    expect(existsSync(join(dir, 'playwright', 'index.html')), `HTML report in ${dir}`).toBe(true);

  const files: [string, string][] = [
    ['console (healthy)', healthyRun.output],
    ['console (leaking)', leakingRun.output],
    ...texts(healthy).map(([n, t]): [string, string] => [`healthy/${n}`, t]),
    ...texts(leaking).map(([n, t]): [string, string] => [`leaking/${n}`, t]),
  ];
  const found = files.flatMap(([name, text]) =>
    leaks.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${what} in ${name}`)
  );
  expect(found).toEqual([]);
  expect(
    files.some(([name, text]) => name.startsWith('leaking/') && text.includes(REDACTED)),
    'the leaking run wrote redacted values'
  ).toBe(true);
});

/**
 * The path users take, not the lab bench: a fresh `git clone` of HEAD (nothing of the working tree),
 * `npm ci`, and the stand-in of a company's test environment as it is exposed (proof/field/chain.ts,
 * each piece in a process of its own): `npm run sandbox` over HTTPS with certificates from a
 * throwaway CA, requiring a client certificate and accepting only the JWTs of an identity provider
 * on another host (oauth2-mock-server, tokens living shorter than a run), reached only through a
 * forward proxy with credentials (proxy-chain) that alone resolves the host names. Then the
 * documented variables only (docs/test-environment.md's .env) and every default: each
 * misconfiguration stops before any test with its one line; one run passes, its tokens renewed
 * before they expire; `npm run perf`'s short form measures through the proxy; two runs at once
 * pass, each with a share of the card pool of its own (the run alone all of it; at once, never a
 * slice the other's tests may use at the same time), on the smallest pool the project supports;
 * nothing is left open; `npm run -s token` and a
 * replay of the reports work through the same chain.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { CoverageReport } from '../../../lib/report/coverage.js';
import { sandboxDefaults } from '../../../sandbox/defaults.js';
import { expiredServerFolder, mismatchedClientPair } from '../../field/certificates.js';
import { API_HOST, type Chain, KEY_PASSPHRASE, OTHER_HOST, PROXY_PASSWORD, startChain } from '../../field/chain.js';
import { type Run, repoRoot, run, startService, stopAll } from './harness.js';

let chain: Chain | undefined;
test.afterEach(async () => {
  await chain?.stop();
  await stopAll();
});

const VARIANTS = 'formats-other,optional-fields-omitted';
/** Seconds a token lives: shorter than one run. */
const TOKEN_TTL = 30;

interface Outcome {
  name: string;
  code: number;
  output: string;
  coverage: CoverageReport;
  seconds: number;
  /** What its tests could use of the card pool, from when: each change the run printed. */
  shares: { at: number; slices: number[] }[];
}

function outcomeOf(name: string, dir: string, done: Run, seconds: number): Outcome {
  let coverage: CoverageReport;
  try {
    coverage = JSON.parse(readFileSync(join(dir, 'coverage.json'), 'utf8')) as CoverageReport;
  } catch {
    throw new Error(`${name}: no coverage.json (exit ${done.code}):\n${done.output.slice(-3000)}`);
  }
  const shares = [
    ...done.output.matchAll(/^card pool: (\S+) this run's tests may use slices (none|[\d,]+) of \d+$/gm),
  ].map((m) => ({ at: Date.parse(m[1]!), slices: m[2] === 'none' ? [] : m[2]!.split(',').map(Number) }));
  return { name, code: done.code, output: done.output, coverage, shares, seconds };
}

/** The times (ms) `o`'s tests may use `slice`, as [from, to) spans. */
function spans(o: Outcome, slice: number): [number, number][] {
  return o.shares.flatMap((s, i) =>
    s.slices.includes(slice) ? [[s.at, o.shares[i + 1]?.at ?? Number.POSITIVE_INFINITY] as [number, number]] : []
  );
}

function expectClean(o: Outcome): void {
  const tail = o.output.slice(-2500);
  expect(o.code, `${o.name} exit code\n${tail}`).toBe(0);
  expect(
    o.coverage.findings.map((f) => `${f.rule} ${f.operationId}: ${f.title}`),
    `${o.name}: findings`
  ).toEqual([]);
  expect(
    o.coverage.records
      .filter((r) => r.outcome !== 'passed' && r.outcome !== 'not-run')
      .map((r) => `${r.outcome} ${r.title}: ${r.reason ?? r.blockedBy?.reason}`),
    `${o.name}: failed, suite errors, blocked, incomplete`
  ).toEqual([]);
  expect(
    o.coverage.rules.find((r) => r.id === 'SUITE-CLEANUP')!.status,
    `${o.name}: nothing its tests created left open`
  ).toBe('passed');
  expect(o.output, `${o.name}: the default budget let it start`).toMatch(
    /write footprint of the run, estimated at \d+ fast-check runs: .*\(FLEET_WRITE_BUDGET customers=\d+,cards=\d+,poolCards=\d+\)/
  );
  expect(o.output, `${o.name}: the default workers of a latency-bound target`).toMatch(
    /target speed: median round trip \d+ ms \(latency-bound\) → 8 workers/
  );
}

const lines = (service: { output(): string }, pattern: RegExp) =>
  service
    .output()
    .split('\n')
    .filter((l) => pattern.test(l)).length;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Each misconfiguration, the settings that make it, and the line that must name its cause. */
async function misconfigurations(c: Chain, clone: string): Promise<[string, Record<string, string>, RegExp][]> {
  const expiredDir = join(c.pki, 'expired');
  await expiredServerFolder(c.pki, expiredDir, [API_HOST]);
  const expired = await startService(
    'sandbox/server.ts',
    [],
    { SANDBOX_PORT: '0', SANDBOX_TLS: expiredDir, SANDBOX_TLS_HOSTS: API_HOST },
    /fleet sandbox on (https:\/\/\S+)/,
    clone
  );
  const mismatched = await mismatchedClientPair(c.pki);
  const port = new URL(c.env.FLEET_BASE_URL!).port;
  const proxy = new URL(c.env.HTTPS_PROXY!);
  return [
    [
      'a certificate from an unknown CA',
      { FLEET_CA_FILE: '' },
      /^fleet-conformance: FLEET_BASE_URL: the certificate of fleet-test\.example is issued by "fleet sandbox throwaway CA", a CA .* \(SELF_SIGNED_CERT_IN_CHAIN\); set FLEET_CA_FILE to that CA's PEM file$/m,
    ],
    [
      'a host name the certificate does not cover',
      { FLEET_BASE_URL: `https://${OTHER_HOST}:${port}` },
      /^fleet-conformance: FLEET_BASE_URL: the certificate of fleet-other\.example does not cover the host name fleet-other\.example \(it covers DNS:fleet-test\.example; ERR_TLS_CERT_ALTNAME_INVALID\)$/m,
    ],
    [
      'an expired certificate',
      { FLEET_BASE_URL: expired.url },
      /^fleet-conformance: FLEET_BASE_URL: the certificate of fleet-test\.example expired on .+ \(CERT_HAS_EXPIRED\)$/m,
    ],
    [
      'a client certificate required and not given',
      { FLEET_CLIENT_CERT: '', FLEET_CLIENT_KEY: '', FLEET_CLIENT_KEY_PASSPHRASE: '' },
      /^fleet-conformance: FLEET_BASE_URL: fleet-test\.example asks for a client certificate and none was sent \(.+\); set FLEET_CLIENT_CERT and FLEET_CLIENT_KEY$/m,
    ],
    [
      'a key that does not match its certificate',
      { FLEET_CLIENT_CERT: mismatched.certFile, FLEET_CLIENT_KEY: mismatched.keyFile, FLEET_CLIENT_KEY_PASSPHRASE: '' },
      /^fleet-conformance: FLEET_CLIENT_KEY: the key in .+ does not match the certificate in FLEET_CLIENT_CERT \(.+\)$/m,
    ],
    [
      'a proxy that does not answer',
      { HTTPS_PROXY: `http://${proxy.username}:${proxy.password}@127.0.0.1:${await closedPort()}` },
      /^fleet-conformance: HTTPS_PROXY: the proxy http:\/\/ci-runner@127\.0\.0\.1:\d+ does not answer \(ECONNREFUSED\)$/m,
    ],
    [
      'a proxy that answers 407',
      { HTTPS_PROXY: `http://${proxy.username}:wrong@127.0.0.1:${proxy.port}` },
      /^fleet-conformance: HTTPS_PROXY: the proxy http:\/\/ci-runner@127\.0\.0\.1:\d+ refused its credentials \(407 Proxy Authentication Required\); check the user and password in HTTPS_PROXY$/m,
    ],
    [
      'a token endpoint that answers 401 (wrong secret)',
      { FLEET_CLIENT_SECRET: 'not-the-secret' },
      /^fleet-conformance: token request for client fleet-sandbox refused: 401 invalid_client; check FLEET_CLIENT_ID \/ FLEET_CLIENT_SECRET \(sent as client_secret_basic: FLEET_TOKEN_AUTH\)$/m,
    ],
    [
      'a token endpoint that answers 400 (invalid_scope)',
      { FLEET_TOKEN_SCOPE: 'fleet admin' },
      /^fleet-conformance: token request for client fleet-sandbox refused: 400 invalid_scope; check FLEET_TOKEN_SCOPE \("fleet admin"\)$/m,
    ],
  ];
}

test("from a git clone of HEAD against the stand-in of a company's test environment (TLS from a private CA, client certificate, tokens of an identity provider on another host living shorter than a run, a forward proxy with credentials that alone resolves the names), with the documented variables and every default: each misconfiguration stops with its line; one run, perf's short form, then two runs at once pass and leave nothing open", async () => {
  test.setTimeout(1_200_000);
  const phases: string[] = [];
  let mark = Date.now();
  const phase = (name: string) => {
    phases.push(`${name} ${Math.round((Date.now() - mark) / 1000)} s`);
    mark = Date.now();
  };
  const clone = mkdtempSync(join(tmpdir(), 'fleet-remote-path-'));
  const cloned = await run('git', ['clone', '--quiet', repoRoot, clone], {});
  expect(cloned.code, cloned.output).toBe(0);
  const installed = await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {}, clone);
  expect(installed.code, installed.output).toBe(0);

  phase('clone and npm ci');
  // The smallest card pool the project supports, as a shared test environment may have.
  chain = await startChain({
    tokenTtl: TOKEN_TTL,
    sandbox: {
      SANDBOX_VARIANTS: VARIANTS,
      SANDBOX_LATENCY: 'doc,scale=0.1',
      SANDBOX_POOL_CARDS: String(sandboxDefaults.minPoolCards),
    },
    cwd: clone,
  });
  const env = chain.env;
  expect(chain.sandbox.output(), 'the sandbox made its certificates at start').toMatch(
    /made now: server\.pem, client\.pem/
  );

  phase('the chain started');
  // Each misconfiguration: exit 2 before any test, its cause in one line.
  const printed: string[] = [];
  await Promise.all(
    (await misconfigurations(chain, clone)).map(async ([what, change, line]) => {
      const done = await run(
        'npm',
        ['run', '-s', 'conformance'],
        { ...env, ...change, FLEET_REPORTS_DIR: join(clone, 'reports-misconfigured') },
        clone
      );
      expect(done.output, what).toMatch(line);
      expect(done.code, `${what}: exit code\n${done.output}`).toBe(2);
      expect(done.output, `${what}: stopped before any test`).not.toMatch(
        /Running \d+ tests?|^\d+ tests?, \d+ workers?$/m
      );
      printed.push(`${what}: ${line.exec(done.output)![0]}`);
    })
  );

  phase('nine misconfigurations');
  const conformance = async (name: string) => {
    const dir = join(clone, `reports-${name}`);
    const started = Date.now();
    // Verbose: the card pool's bookkeeping (each change of the run's share) is printed only then.
    const done = await run(
      'npm',
      ['run', 'conformance'],
      { ...env, FLEET_VERBOSE: '1', FLEET_REPORTS_DIR: dir },
      clone
    );
    return outcomeOf(name, dir, done, Math.round((Date.now() - started) / 1000));
  };
  const issued = () => lines(chain!.idp, /^issued a token/);
  const expired = () => lines(chain!.sandbox, /401 to an expired token/);
  const tunnels = () => lines(chain!.proxy, /^CONNECT /);

  const [tokensBefore, tunnelsBefore] = [issued(), tunnels()];
  const alone = await conformance('alone');
  expectClean(alone);
  expect(alone.seconds, 'the run outlived its tokens').toBeGreaterThan(TOKEN_TTL);
  expect(expired(), 'every token renewed before it expired: no request carried an expired one').toBe(0);
  expect(alone.output).toContain(`proxy http://ci-runner@127.0.0.1:${chain.proxyPort}`);
  expect(alone.shares[0]?.slices, 'a run alone uses the whole card pool').toEqual([1, 2, 3, 4, 5, 6]);
  const aloneTokens = issued() - tokensBefore;
  const aloneTunnels = tunnels() - tunnelsBefore;

  phase('one run');
  const perfTunnels = tunnels();
  const perf = await run(
    'npm',
    ['run', 'perf'],
    {
      ...env,
      FLEET_PERF_OPS: 'get-card,master-data',
      FLEET_PERF_DURATION: '3',
      FLEET_REPORTS_DIR: join(clone, 'reports-perf'),
    },
    clone
  );
  expect(perf.code, perf.output.slice(-3000)).toBe(0);
  expect(perf.output).toMatch(
    /load driver: each connection a CONNECT tunnel through the proxy http:\/\/ci-runner@127\.0\.0\.1:\d+/
  );
  expect(perf.output).toMatch(/GATE PASSED/);
  expect(
    tunnels() - perfTunnels,
    "the load driver's connections and the set-up, all through the proxy"
  ).toBeGreaterThan(2);

  phase("perf's short form");
  const [first, second] = await Promise.all([conformance('first'), conformance('second')]);
  expectClean(first);
  expectClean(second);
  expect(
    [first, second].map((o) => o.shares.some((s) => s.slices.length > 0)),
    'runs at once each get a share of the card pool'
  ).toEqual([true, true]);
  for (let slice = 1; slice <= 6; slice++) {
    const overlaps = spans(first, slice).filter(([a, b]) => spans(second, slice).some(([c, d]) => a < d && c < b));
    expect(overlaps, `slice ${slice}: never in use by both runs at once`).toEqual([]);
  }

  phase('two runs at once');
  const left = await run('npm', ['run', '-s', 'cleanup', '--', '--dry-run'], env, clone);
  expect(left.code, left.output).toBe(0);
  expect(left.output, 'nothing any run made is left open').toMatch(
    /cleanup \(dry run\): \d+ customers marked fcr, 0 would be closed/
  );

  // npm run -s token and a replay as the reports write it, through the same chain: curl asks for the
  // proxy's password and the key's passphrase (a terminal is lent to it by script(1)).
  const token = await run('npm', ['run', '-s', 'token'], env, clone);
  expect(token.code, token.output).toBe(0);
  expect(token.output.trim()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const replayOf = `import { loadConfig } from './lib/config.js'; import { curlOf, curlTransport } from './lib/report/replay.js';
    const c = loadConfig(); process.stdout.write(curlOf(c.baseUrl, { method: 'GET', path: '/master/all', headers: { accept: 'application/json' }, auth: 'token', transport: curlTransport(c.transport, c.baseUrl) }));`;
  const replay = (
    await run('node', ['--import', 'tsx', '--input-type=module', '-e', replayOf], env, clone)
  ).output.trim();
  expect(replay).toBe(
    `curl -sS -X GET '${env.FLEET_BASE_URL}/master/all' --cacert '${env.FLEET_CA_FILE}' --cert '${env.FLEET_CLIENT_CERT}' --key '${env.FLEET_CLIENT_KEY}' --proxy 'http://127.0.0.1:${chain.proxyPort}' --proxy-user 'ci-runner' -H 'accept: application/json' -H "Authorization: Bearer $FLEET_TOKEN"`
  );
  writeFileSync(join(clone, 'replay.sh'), `${replay} -o /dev/null -w 'replay answered %{http_code}'\n`);
  const answered = await run(
    'sh',
    [
      '-c',
      `(sleep 1; echo '${PROXY_PASSWORD}'; sleep 1; echo '${KEY_PASSPHRASE}') | script -qec 'sh replay.sh' /dev/null`,
    ],
    { FLEET_TOKEN: token.output.trim() },
    clone
  );
  expect(answered.output).toContain('replay answered 200');

  phase('clean-up, token and replay');
  const figures = [
    `alone: ${alone.coverage.tests.passed} passed, ${alone.coverage.footprint.requests} requests, ${alone.seconds} s, ${aloneTokens} tokens issued for tokens of ${TOKEN_TTL} s, ${aloneTunnels} CONNECT tunnels, 0 expired tokens sent`,
    ...[first, second].map(
      (o) =>
        `${o.name}: ${o.coverage.tests.passed} passed, ${o.coverage.footprint.requests} requests, ${o.seconds} s, shares ${o.shares.map((x) => x.slices.join(',') || 'none').join(' → ')}`
    ),
    `perf: ${/operation .*\n[\s\S]*?\n\n/.exec(perf.output)?.[0].trim().split('\n').slice(2).join('; ')}`,
  ];
  test
    .info()
    .annotations.push(
      { type: 'runs', description: figures.join(' | ') },
      { type: 'misconfigurations', description: printed.join(' | ') },
      { type: 'phases', description: phases.join(', ') }
    );
});

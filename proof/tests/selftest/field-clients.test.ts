/**
 * The clients of the project against the stand-in of a company's test environment (proof/field/
 * chain.ts: a forward proxy with credentials that alone resolves the host names, an identity
 * provider on another host, the sandbox over HTTPS from a throwaway CA requiring a client
 * certificate). First, Playwright's request context, checked against the real proxy before the
 * suite relies on it; then a run whose provider answers tokens without expires_in.
 */
import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { API_HOST, type Chain, startChain } from '../../field/chain.js';
import { childEnv, repoRoot, run, stopAll } from './harness.js';

test.describe.configure({ mode: 'serial' });
let chain: Chain;
test.beforeAll(async () => {
  chain = await startChain({ tokenTtl: 5, idp: ['--no-expires-in'] });
});
test.afterAll(async () => {
  await chain?.stop();
  await stopAll();
});

/** Runs `code` (an ES module) in a node process of its own started with `env`, and returns what it printed as JSON. */
function inProcess(code: string, env: Record<string, string>): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: repoRoot, env: childEnv(env) });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', () => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()!));
      } catch {
        reject(new Error(out));
      }
    });
  });
}

test("Playwright's request context, against the real proxy: it tunnels https with CONNECT, takes the proxy's credentials, goes around the proxy for a bypassed host, presents the client certificate, and trusts a CA only through NODE_EXTRA_CA_CERTS", async () => {
  const { env } = chain;
  const proxy = new URL(env.HTTPS_PROXY!);
  const server = `http://127.0.0.1:${proxy.port}`;
  const certificate = {
    origin: env.FLEET_BASE_URL,
    certPath: env.FLEET_CLIENT_CERT,
    keyPath: env.FLEET_CLIENT_KEY,
    passphrase: env.FLEET_CLIENT_KEY_PASSPHRASE,
  };
  const credentials = { username: decodeURIComponent(proxy.username), password: decodeURIComponent(proxy.password) };
  const cases = {
    through: { proxy: { server, ...credentials }, clientCertificates: [certificate] },
    withoutCredentials: { proxy: { server }, clientCertificates: [certificate] },
    bypassed: { proxy: { server, ...credentials, bypass: API_HOST }, clientCertificates: [certificate] },
    withoutCertificate: { proxy: { server, ...credentials } },
  };
  const code = `
    import { request } from '@playwright/test';
    const seen = {};
    for (const [name, options] of Object.entries(${JSON.stringify(cases)})) {
      const context = await request.newContext(options);
      try { seen[name] = String((await context.fetch('${env.FLEET_BASE_URL}/master/all', { timeout: 10000 })).status()); }
      catch (e) { seen[name] = e.message.split('\\n')[0]; }
      await context.dispose();
    }
    console.log(JSON.stringify(seen));`;
  const connects = () =>
    chain.proxy
      .output()
      .split('\n')
      .filter((l) => l.startsWith(`CONNECT ${API_HOST}:`)).length;
  const before = connects();
  const trusted = await inProcess(code, { NODE_EXTRA_CA_CERTS: env.FLEET_CA_FILE! });
  expect(trusted.through, 'no token: the sandbox answers 401, which means the request got there').toBe('401');
  expect(trusted.withoutCredentials, "the proxy's own 407 comes back as the answer").toBe('407');
  expect(trusted.bypassed, 'around the proxy, the name does not resolve').toMatch(/ENOTFOUND fleet-test\.example/);
  expect(trusted.withoutCertificate).toMatch(/certificate required/);
  expect(
    connects() - before,
    'CONNECT tunnels opened: through, and without certificate (the one without credentials was refused first)'
  ).toBe(2);
  const untrusted = await inProcess(code, { NODE_EXTRA_CA_CERTS: '' });
  expect(untrusted.through).toMatch(/self-signed certificate in certificate chain/);
});

test('tokens answered without expires_in, living 5 s, in a run longer than that: the suite learns their life from a 401, gets new ones, and the run passes', async () => {
  test.setTimeout(180_000);
  const done = await run('npm', ['run', 'conformance', '--', '-g', 'smoke'], {
    ...chain.env,
    FLEET_REPORTS_DIR: `${chain.pki}/reports`,
  });
  expect(done.code, done.output.slice(-3000)).toBe(0);
  // Only counts that are not zero: no failed, suite error, blocked or incomplete test among them.
  expect(done.output).toMatch(/^tests: \d+ — \d+ passed(, \d+ not run)?$/m);
  expect(done.output.trim().split('\n').at(-1)).toMatch(/^PASS: \d+ rules passed/);
  const expired = chain.sandbox
    .output()
    .split('\n')
    .filter((l) => l.includes('401 to an expired token')).length;
  const issued = chain.idp
    .output()
    .split('\n')
    .filter((l) => l.startsWith('issued a token')).length;
  expect(expired, 'requests that met a token past its life, each answered by a new token and a repeat').toBeGreaterThan(
    0
  );
  test.info().annotations.push({
    type: 'tokens',
    description: `${issued} tokens issued; ${expired} requests answered 401 for an expired token, then repeated with a new one`,
  });
});

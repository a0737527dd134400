/**
 * lib/transport/: which proxy a URL goes through (curl's rules), what the settings refuse in one line
 * (a key that does not match its certificate, an encrypted key without its passphrase, the TLS
 * opt-out in production, a proxy that is not http://), what a replay carries (the CA file, the
 * client certificate, the proxy without its password) and what is a secret (the proxy's password).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { banner, ConfigError, loadConfig, secretsOf } from '../../../lib/config.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { curlOf, curlTransport } from '../../../lib/report/replay.js';
import { bypasses, proxyFor, shownProxy } from '../../../lib/transport/proxy.js';
import { parseTransport, type TransportSettings } from '../../../lib/transport/settings.js';
import { ensurePki, issue, PKI_FILES } from '../../../sandbox/pki.js';
import { mismatchedClientPair } from '../../field/certificates.js';

const REMOTE = {
  FLEET_BASE_URL: 'https://fleet-test.example',
  FLEET_CLIENT_ID: 'qa',
  FLEET_CLIENT_SECRET: 'qa-secret-value',
};

test('the proxy of a URL, as curl chooses it: by scheme, the lower-case variable first, NO_PROXY names with their subdomains, addresses, ranges and *', () => {
  const settings = parseTransport(
    {
      https_proxy: 'http://low:1@proxy-a:3128',
      HTTPS_PROXY: 'http://up:2@proxy-b:3128',
      HTTP_PROXY: 'proxy-c',
      NO_PROXY: '.internal.example, idp.example,10.0.0.0/8,::1',
    },
    false
  );
  expect(proxyFor(settings, 'https://fleet-test.example/x')?.server).toBe('http://proxy-a:3128');
  expect(proxyFor(settings, 'http://fleet-test.example/x')?.server, "no port: curl's 1080").toBe('http://proxy-c:1080');
  expect(proxyFor(settings, 'https://idp.example/token')).toBeUndefined();
  expect(proxyFor(settings, 'https://eu.idp.example/token')).toBeUndefined();
  expect(proxyFor(settings, 'https://notidp.example/token')).toBeDefined();
  expect(proxyFor(settings, 'https://api.internal.example')).toBeUndefined();
  expect(proxyFor(settings, 'https://internal.example')).toBeUndefined();
  expect(proxyFor(settings, 'https://10.2.3.4:8443')).toBeUndefined();
  expect(proxyFor(settings, 'https://11.2.3.4:8443')).toBeDefined();
  expect(proxyFor(settings, 'https://[::1]:8443')).toBeUndefined();
  expect(proxyFor(settings, 'https://127.0.0.1:8443'), 'loopback is not exempt by default').toBeDefined();
  expect(bypasses(['*'], 'anything.example')).toBe(true);
  expect(shownProxy(settings.httpsProxy!)).toBe('http://low@proxy-a:3128');
});

test("the proxy's credentials come from its URL, percent-decoded, and its password is a secret of the run", () => {
  const config = loadConfig({ ...REMOTE, HTTPS_PROXY: 'http://ci%40corp:p%40ss%3Aword@proxy.corp.example:3128' });
  expect(config.transport.httpsProxy).toEqual({
    variable: 'HTTPS_PROXY',
    server: 'http://proxy.corp.example:3128',
    username: 'ci@corp',
    password: 'p@ss:word',
  });
  const secrets = new SecretRegistry();
  for (const s of secretsOf(config)) secrets.add(s);
  expect(secrets.scrub('proxy http://ci%40corp:p%40ss%3Aword@proxy or p@ss:word')).not.toMatch(
    /p@ss:word|p%40ss%3Aword/
  );
  expect(banner(config)).toContain('proxy http://ci%40corp@proxy.corp.example:3128');
  expect(banner(config)).not.toContain('word');
});

test('what the transport settings refuse, each in one line naming the variable', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-transport-'));
  const pki = await ensurePki(dir, ['fleet-test.example']);
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...REMOTE, ...env });
      return 'accepted';
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
  };
  const mismatched = await mismatchedClientPair(dir);
  expect(refusal({ FLEET_CLIENT_CERT: mismatched.certFile, FLEET_CLIENT_KEY: mismatched.keyFile })).toBe(
    `FLEET_CLIENT_KEY: the key in ${mismatched.keyFile} does not match the certificate in FLEET_CLIENT_CERT (${mismatched.certFile})`
  );
  const encrypted = await issue(pki.ca, { commonName: 'ci', passphrase: 'right' });
  writeFileSync(join(dir, 'enc.pem'), encrypted.cert);
  writeFileSync(join(dir, 'enc-key.pem'), encrypted.key);
  const pair = { FLEET_CLIENT_CERT: join(dir, 'enc.pem'), FLEET_CLIENT_KEY: join(dir, 'enc-key.pem') };
  expect(refusal(pair)).toBe(
    `FLEET_CLIENT_KEY: ${join(dir, 'enc-key.pem')} is encrypted; set FLEET_CLIENT_KEY_PASSPHRASE`
  );
  expect(refusal({ ...pair, FLEET_CLIENT_KEY_PASSPHRASE: 'wrong' })).toBe(
    `FLEET_CLIENT_KEY_PASSPHRASE: does not decrypt ${join(dir, 'enc-key.pem')} (wrong passphrase?)`
  );
  expect(refusal({ ...pair, FLEET_CLIENT_KEY_PASSPHRASE: 'right' })).toBe('accepted');
  expect(refusal({ FLEET_CLIENT_CERT: join(dir, PKI_FILES.client) })).toBe(
    'FLEET_CLIENT_KEY: a client certificate needs both FLEET_CLIENT_CERT and FLEET_CLIENT_KEY'
  );
  expect(refusal({ FLEET_CA_FILE: join(dir, 'missing.pem') })).toBe(
    `FLEET_CA_FILE: ${join(dir, 'missing.pem')} does not exist`
  );
  expect(refusal({ FLEET_CA_FILE: join(dir, PKI_FILES.clientKey) })).toBe(
    `FLEET_CA_FILE: ${join(dir, PKI_FILES.clientKey)} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`
  );
  expect(refusal({ FLEET_TLS_INSECURE: 'yes', FLEET_TARGET: 'production' })).toMatch(
    /^FLEET_TLS_INSECURE: refused for FLEET_TARGET=production/
  );
  expect(refusal({ FLEET_TLS_INSECURE: 'true' })).toBe('FLEET_TLS_INSECURE: "true" is not yes or no');
  expect(refusal({ HTTPS_PROXY: 'https://proxy:3128' })).toMatch(/^HTTPS_PROXY: https:\/\/ proxies are not supported/);
  expect(refusal({ FLEET_TOKEN_AUTH: 'private_key_jwt' })).toBe(
    'FLEET_TOKEN_AUTH: "private_key_jwt" is not client_secret_post or client_secret_basic'
  );
});

test("FLEET_TLS_INSECURE=yes is said on the run's first line; the embedded sandbox goes direct, whatever the proxy variables say", () => {
  expect(banner(loadConfig({ ...REMOTE, FLEET_TLS_INSECURE: 'yes' }))).toMatch(
    /^fleet-conformance → test: https:\/\/fleet-test\.example, client qa, read-write; TLS NOT VERIFIED \(FLEET_TLS_INSECURE=yes/
  );
  const embedded = loadConfig({ HTTPS_PROXY: 'http://proxy:3128', HTTP_PROXY: 'http://proxy:3128' });
  expect(embedded.transport.httpsProxy ?? embedded.transport.httpProxy).toBeUndefined();
});

test('a replay carries the CA file, the client certificate and the proxy as the run used them: paths, and the proxy without its password', () => {
  const settings: TransportSettings = {
    caFiles: ['/etc/ci/ca.pem'],
    ca: [],
    insecure: false,
    noProxy: ['idp.example'],
    clientCertificate: {
      certFile: '/etc/ci/client.pem',
      keyFile: '/etc/ci/client-key.pem',
      cert: '',
      key: '',
      passphrase: 'key-secret',
    },
    httpsProxy: {
      variable: 'HTTPS_PROXY',
      server: 'http://proxy.corp.example:3128',
      username: 'ci',
      password: 'proxy-secret',
    },
  };
  const transport = curlTransport(settings, 'https://fleet-test.example');
  const curl = curlOf('https://fleet-test.example', {
    method: 'GET',
    path: '/master/all',
    headers: { accept: 'application/json' },
    auth: 'token',
    transport,
  });
  expect(curl).toBe(
    "curl -sS -X GET 'https://fleet-test.example/master/all' --cacert '/etc/ci/ca.pem' --cert '/etc/ci/client.pem' --key '/etc/ci/client-key.pem' --proxy 'http://proxy.corp.example:3128' --proxy-user 'ci' -H 'accept: application/json' -H \"Authorization: Bearer $FLEET_TOKEN\""
  );
  expect(curl).not.toMatch(/secret/);
  expect(
    curlTransport(settings, 'https://idp.example/token'),
    'NO_PROXY: around the proxy curl would otherwise take from the environment'
  ).toContain("--noproxy 'idp.example'");
  expect(curlTransport({ ...settings, insecure: true }, 'https://fleet-test.example')).toMatch(/^--insecure --cert/);
});

/**
 * How the suite reaches a test environment as it is exposed: TLS verified against a private CA
 * (FLEET_CA_FILE, NODE_EXTRA_CA_CERTS), a client certificate (FLEET_CLIENT_CERT, FLEET_CLIENT_KEY,
 * FLEET_CLIENT_KEY_PASSPHRASE), a forward proxy (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, in either case,
 * the lower-case one first as curl reads them), and the explicit test-environment opt-out of
 * verification (FLEET_TLS_INSECURE=yes). Read from the environment lib/config.ts hands over, once;
 * the files are read and checked here, so that a key that does not match its certificate stops
 * the run before any request.
 */
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { rootCertificates } from 'node:tls';

export class TransportConfigError extends Error {
  override name = 'TransportConfigError';
}

export interface ProxySetting {
  /** Which variable it came from (HTTPS_PROXY, https_proxy, ...). */
  variable: string;
  /** http://host:port, without credentials (curl's default port 1080 made explicit). */
  server: string;
  username?: string;
  password?: string;
}

export interface ClientCertificate {
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
  passphrase?: string;
}

export interface TransportSettings {
  /** The PEM files trusted on top of the system's roots: FLEET_CA_FILE, then NODE_EXTRA_CA_CERTS (those set). */
  caFiles: string[];
  /** The certificates every TLS client of the project trusts (system roots and caFiles); undefined: Node's default. */
  ca?: string[];
  /** FLEET_TLS_INSECURE=yes: certificates are not verified (a test environment only). */
  insecure: boolean;
  clientCertificate?: ClientCertificate;
  httpsProxy?: ProxySetting;
  httpProxy?: ProxySetting;
  /** NO_PROXY entries as curl reads them: host names (and their subdomains), IP addresses, CIDR ranges, or `*`. */
  noProxy: string[];
}

type Env = Record<string, string | undefined>;

/** No proxy, no extra trust: the embedded sandbox, which runs in the run's own process on loopback. */
export const DIRECT: TransportSettings = Object.freeze({ caFiles: [], insecure: false, noProxy: [] });

const CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function readPem(variable: string, file: string): string {
  if (!existsSync(file)) throw new TransportConfigError(`${variable}: ${file} does not exist`);
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new TransportConfigError(
      `${variable}: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`
    );
  }
}

/** The certificates of a PEM file, each parsed once so that a damaged one is named now. */
function certificatesIn(variable: string, file: string): string[] {
  const found = readPem(variable, file).match(CERTIFICATE) ?? [];
  if (!found.length)
    throw new TransportConfigError(`${variable}: ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  for (const pem of found) {
    try {
      new X509Certificate(pem);
    } catch (e) {
      throw new TransportConfigError(
        `${variable}: ${file} holds a certificate that cannot be read (${(e as Error).message})`
      );
    }
  }
  return found;
}

function trust(env: Env): Pick<TransportSettings, 'caFiles' | 'ca'> {
  const named = [
    ['FLEET_CA_FILE', env.FLEET_CA_FILE?.trim()],
    ['NODE_EXTRA_CA_CERTS', env.NODE_EXTRA_CA_CERTS?.trim()],
  ] as const;
  // One file named twice (NODE_EXTRA_CA_CERTS=$FLEET_CA_FILE) is one file.
  const files = named
    .filter((n): n is readonly [(typeof n)[0], string] => !!n[1])
    .filter(([, file], i, all) => all.findIndex(([, f]) => resolve(f) === resolve(file)) === i);
  if (!files.length) return { caFiles: [] };
  // Added to the system's trust, never instead of it: the token endpoint may have a public certificate.
  const added = new Set(files.flatMap(([variable, file]) => certificatesIn(variable, file)));
  return {
    caFiles: files.map(([, file]) => file),
    ca: [...rootCertificates, ...[...added].filter((pem) => !rootCertificates.includes(pem))],
  };
}

function privateKey(file: string, pem: string, passphrase: string | undefined): KeyObject {
  try {
    return createPrivateKey({ key: pem, ...(passphrase !== undefined ? { passphrase } : {}) });
  } catch (e) {
    const encrypted = /ENCRYPTED/.test(pem);
    if (encrypted && passphrase === undefined)
      throw new TransportConfigError(`FLEET_CLIENT_KEY: ${file} is encrypted; set FLEET_CLIENT_KEY_PASSPHRASE`);
    if (encrypted)
      throw new TransportConfigError(`FLEET_CLIENT_KEY_PASSPHRASE: does not decrypt ${file} (wrong passphrase?)`);
    throw new TransportConfigError(
      `FLEET_CLIENT_KEY: ${file} holds no private key that can be read (${(e as Error).message})`
    );
  }
}

function clientCertificate(env: Env, now: Date): ClientCertificate | undefined {
  const certFile = env.FLEET_CLIENT_CERT?.trim();
  const keyFile = env.FLEET_CLIENT_KEY?.trim();
  if (!certFile && !keyFile) {
    if (env.FLEET_CLIENT_KEY_PASSPHRASE)
      throw new TransportConfigError('FLEET_CLIENT_KEY_PASSPHRASE: set without FLEET_CLIENT_KEY');
    return undefined;
  }
  if (!certFile || !keyFile)
    throw new TransportConfigError(
      `${certFile ? 'FLEET_CLIENT_KEY' : 'FLEET_CLIENT_CERT'}: a client certificate needs both FLEET_CLIENT_CERT and FLEET_CLIENT_KEY`
    );
  const [cert] = certificatesIn('FLEET_CLIENT_CERT', certFile);
  const key = readPem('FLEET_CLIENT_KEY', keyFile);
  const passphrase = env.FLEET_CLIENT_KEY_PASSPHRASE || undefined;
  const x509 = new X509Certificate(cert!);
  if (!x509.checkPrivateKey(privateKey(keyFile, key, passphrase))) {
    throw new TransportConfigError(
      `FLEET_CLIENT_KEY: the key in ${keyFile} does not match the certificate in FLEET_CLIENT_CERT (${certFile})`
    );
  }
  if (new Date(x509.validTo) < now)
    throw new TransportConfigError(`FLEET_CLIENT_CERT: the certificate in ${certFile} expired on ${x509.validTo}`);
  return { certFile, keyFile, cert: cert!, key, ...(passphrase !== undefined ? { passphrase } : {}) };
}

/** The first of `names` that is set (curl reads the lower-case name first). */
function firstSet(env: Env, names: string[]): [string, string] | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return [name, value];
  }
  return undefined;
}

export function parseProxy(variable: string, value: string): ProxySetting {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw new TransportConfigError(
      `${variable}: "${value.replace(/\/\/[^@/]*@/, '//…@')}" is not a proxy URL (expected http://[user:password@]host:port)`
    );
  }
  if (url.protocol !== 'http:')
    throw new TransportConfigError(
      `${variable}: ${url.protocol}// proxies are not supported; give the proxy's http:// address (it tunnels https with CONNECT)`
    );
  const port = url.port || '1080';
  return {
    variable,
    server: `http://${url.hostname}:${port}`,
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
  };
}

function proxies(env: Env): Pick<TransportSettings, 'httpsProxy' | 'httpProxy' | 'noProxy'> {
  const https = firstSet(env, ['https_proxy', 'HTTPS_PROXY']);
  const http = firstSet(env, ['http_proxy', 'HTTP_PROXY']);
  const noProxy = firstSet(env, ['no_proxy', 'NO_PROXY'])?.[1] ?? '';
  return {
    ...(https ? { httpsProxy: parseProxy(...https) } : {}),
    ...(http ? { httpProxy: parseProxy(...http) } : {}),
    noProxy: noProxy
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  };
}

function insecure(env: Env, production: boolean): boolean {
  const value = env.FLEET_TLS_INSECURE?.trim() ?? '';
  if (value === '' || value === 'no') return false;
  if (value !== 'yes') throw new TransportConfigError(`FLEET_TLS_INSECURE: "${value}" is not yes or no`);
  if (production)
    throw new TransportConfigError(
      'FLEET_TLS_INSECURE: refused for FLEET_TARGET=production (certificates are always verified there); set FLEET_CA_FILE to the CA that issued its certificate'
    );
  return true;
}

/** The transport of a remote target (FLEET_BASE_URL set), from the environment; every problem is one line. */
export function parseTransport(env: Env, production: boolean, now = new Date()): TransportSettings {
  const settings: TransportSettings = { ...trust(env), insecure: insecure(env, production), ...proxies(env) };
  const certificate = clientCertificate(env, now);
  return certificate ? { ...settings, clientCertificate: certificate } : settings;
}

/** The secrets among the settings: the proxies' passwords (as given and as the URL encodes them) and the key's passphrase. */
export function transportSecrets(settings: TransportSettings): string[] {
  const passwords = [settings.httpsProxy?.password, settings.httpProxy?.password].filter((p): p is string => !!p);
  return [
    ...passwords,
    ...passwords.map(encodeURIComponent),
    ...(settings.clientCertificate?.passphrase ? [settings.clientCertificate.passphrase] : []),
  ];
}

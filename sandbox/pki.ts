/**
 * Throwaway certificates for a sandbox that serves HTTPS (SANDBOX_TLS=<folder>): a CA made for the
 * occasion, a server certificate for the host names the sandbox answers under, and a client
 * certificate for a caller, all issued by that CA and written as PEM files into the folder, where a
 * run's FLEET_CA_FILE, FLEET_CLIENT_CERT and FLEET_CLIENT_KEY can point. Files already there are
 * kept (a sandbox started again keeps its CA), so a test may also put other ones there first
 * (an expired server certificate, a certificate for other host names). EC P-256 keys: a whole set
 * takes a few tens of milliseconds. Made with the `selfsigned` package.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export const PKI_FILES = {
  ca: 'ca.pem',
  caKey: 'ca-key.pem',
  server: 'server.pem',
  serverKey: 'server-key.pem',
  client: 'client.pem',
  clientKey: 'client-key.pem',
} as const;

export interface Pem {
  cert: string;
  key: string;
}

export interface IssueOptions {
  commonName: string;
  /** Host names and IP addresses a server certificate covers; none for a client certificate. */
  hosts?: string[];
  notBefore?: Date;
  notAfter?: Date;
  /** Encrypts the private key (PKCS#8). */
  passphrase?: string;
}

const DAY = 86_400_000;

export async function makeCa(commonName = 'fleet sandbox throwaway CA'): Promise<Pem> {
  const made = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 365 * DAY),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  return { cert: made.cert, key: made.private };
}

/** A server certificate (with `hosts`) or a client certificate (without), issued by `ca`. */
export async function issue(ca: Pem, options: IssueOptions): Promise<Pem> {
  const server = !!options.hosts?.length;
  const made = await generate([{ name: 'commonName', value: options.commonName }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ca,
    ...(options.notBefore ? { notBeforeDate: options.notBefore } : {}),
    notAfterDate: options.notAfter ?? new Date((options.notBefore?.getTime() ?? Date.now()) + 365 * DAY),
    ...(options.passphrase ? { passphrase: options.passphrase } : {}),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: server },
      { name: 'extKeyUsage', serverAuth: server, clientAuth: !server },
      ...(server
        ? [
            {
              name: 'subjectAltName' as const,
              altNames: options.hosts!.map((h) =>
                isIP(h) ? { type: 7 as const, ip: h } : { type: 2 as const, value: h }
              ),
            },
          ]
        : []),
    ],
  });
  return { cert: made.cert, key: made.private };
}

function read(dir: string, cert: string, key: string): Pem | undefined {
  return existsSync(join(dir, cert)) && existsSync(join(dir, key))
    ? { cert: readFileSync(join(dir, cert), 'utf8'), key: readFileSync(join(dir, key), 'utf8') }
    : undefined;
}

function write(dir: string, cert: string, key: string, pem: Pem): Pem {
  writeFileSync(join(dir, cert), pem.cert);
  writeFileSync(join(dir, key), pem.key, { mode: 0o600 });
  return pem;
}

export interface SandboxPki {
  dir: string;
  ca: Pem;
  server: Pem;
  /** What the banner says was made now rather than found. */
  made: string[];
}

/** The folder's CA, server and client certificates, each made (and written) when it is not there yet. */
export async function ensurePki(dir: string, hosts: string[]): Promise<SandboxPki> {
  mkdirSync(dir, { recursive: true });
  const made: string[] = [];
  const once = async (cert: string, key: string, make: () => Promise<Pem>) => {
    const existing = read(dir, cert, key);
    if (existing) return existing;
    made.push(cert);
    return write(dir, cert, key, await make());
  };
  const ca = await once(PKI_FILES.ca, PKI_FILES.caKey, () => makeCa());
  const server = await once(PKI_FILES.server, PKI_FILES.serverKey, () => issue(ca, { commonName: hosts[0]!, hosts }));
  await once(PKI_FILES.client, PKI_FILES.clientKey, () => issue(ca, { commonName: 'fleet-conformance client' }));
  return { dir, ca, server, made };
}

/**
 * Certificates of the stand-in beside the sandbox's (sandbox/pki.ts makes its folder): the identity
 * provider's server certificate from the same throwaway CA, and the wrong ones the misconfiguration
 * checks need (a server certificate that expired, a CA nobody trusts, a client key of another pair).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { issue, makeCa, type Pem, PKI_FILES } from '../../sandbox/pki.js';

export interface IssuedFiles {
  certFile: string;
  keyFile: string;
}

function caOf(dir: string): Promise<Pem> | Pem {
  if (existsSync(join(dir, PKI_FILES.ca)))
    return {
      cert: readFileSync(join(dir, PKI_FILES.ca), 'utf8'),
      key: readFileSync(join(dir, PKI_FILES.caKey), 'utf8'),
    };
  return makeCa().then((ca) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, PKI_FILES.ca), ca.cert);
    writeFileSync(join(dir, PKI_FILES.caKey), ca.key, { mode: 0o600 });
    return ca;
  });
}

function save(dir: string, name: string, pem: Pem): IssuedFiles {
  const files = { certFile: join(dir, `${name}.pem`), keyFile: join(dir, `${name}-key.pem`) };
  writeFileSync(files.certFile, pem.cert);
  writeFileSync(files.keyFile, pem.key, { mode: 0o600 });
  return files;
}

/** `<name>.pem` and `<name>-key.pem` in `dir`: a server certificate for `hosts` from the folder's CA (made first if the folder has none). */
export async function ensureIssued(dir: string, name: string, hosts: string[]): Promise<IssuedFiles> {
  const files = { certFile: join(dir, `${name}.pem`), keyFile: join(dir, `${name}-key.pem`) };
  if (existsSync(files.certFile) && existsSync(files.keyFile)) return files;
  return save(dir, name, await issue(await caOf(dir), { commonName: hosts[0]!, hosts }));
}

/** A sandbox folder (SANDBOX_TLS) whose server certificate expired yesterday, issued by the CA of `from`. */
export async function expiredServerFolder(from: string, dir: string, hosts: string[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const ca = await caOf(from);
  for (const file of [PKI_FILES.ca, PKI_FILES.caKey]) writeFileSync(join(dir, file), readFileSync(join(from, file)));
  const day = 86_400_000;
  save(
    dir,
    'server',
    await issue(ca, {
      commonName: hosts[0]!,
      hosts,
      notBefore: new Date(Date.now() - 30 * day),
      notAfter: new Date(Date.now() - day),
    })
  );
}

/** A client certificate and key of two different pairs, from the folder's CA: a key that does not match its certificate. */
export async function mismatchedClientPair(dir: string): Promise<IssuedFiles> {
  const ca = await caOf(dir);
  const [first, second] = [await issue(ca, { commonName: 'first' }), await issue(ca, { commonName: 'second' })];
  return save(dir, 'mismatched-client', { cert: first.cert, key: second.key });
}

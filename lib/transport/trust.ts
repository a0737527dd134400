/**
 * Node reads NODE_EXTRA_CA_CERTS once, when a process starts: a Playwright request context (which
 * takes no CA option) trusts a private CA only in a process started with it. The suite's processes
 * that hold such contexts (Playwright's workers; npm run conformance and npm run cleanup for the
 * run lease and the clean-up) are therefore started with NODE_EXTRA_CA_CERTS naming one file that
 * holds everything the settings trust on top of the system's roots.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rootCertificates } from 'node:tls';
import type { TransportSettings } from './settings.js';

/**
 * The file NODE_EXTRA_CA_CERTS must name for a process to trust what `settings` trust; undefined
 * when they add nothing to the system's roots. One file stays itself; several are joined into
 * one named by its content, under the system's temporary folder.
 */
export function caBundle(settings: TransportSettings): string | undefined {
  if (!settings.caFiles.length || !settings.ca) return undefined;
  if (settings.caFiles.length === 1) return resolve(settings.caFiles[0]!);
  // The same certificates give the same file, whichever files they came from: a process started with
  // the bundle (NODE_EXTRA_CA_CERTS) beside FLEET_CA_FILE asks for that very bundle again.
  const roots = new Set(rootCertificates);
  const text = `${[...new Set(settings.ca.filter((pem) => !roots.has(pem)))].sort().join('\n')}\n`;
  const dir = join(tmpdir(), 'fleet-conformance-ca');
  const file = join(dir, `${createHash('sha256').update(text).digest('hex').slice(0, 16)}.pem`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, text);
    renameSync(partial, file);
  }
  return file;
}

/** The NODE_EXTRA_CA_CERTS a process must be started with, when `startedWith` (its own) is not it. */
export function trustToStartWith(settings: TransportSettings, startedWith: string | undefined): string | undefined {
  const bundle = caBundle(settings);
  return bundle && resolve(startedWith ?? '') !== bundle ? bundle : undefined;
}

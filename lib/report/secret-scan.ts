/**
 * A tree of published reports searched for secrets, as the project's secret tests search a run's
 * reports: every file's text, and what single-file reports carry inside it (base64 payloads:
 * Allure's embedded data and attachments, the Playwright report's zip, unpacked), against the
 * configured secret values (a SecretRegistry) and the shapes of a token that no registry knows
 * (a bearer token, an access_token value). A finding names the kind and the file, never the value.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { SecretRegistry } from './redact.js';

export const LEAK_PATTERNS: readonly [what: string, pattern: RegExp][] = [
  ['a bearer token', /Bearer\s+(?!\[REDACTED\])[A-Za-z0-9._~+/-]{16,}/],
  ['an access_token value', /access_token["']?\s*[:=]\s*["']?(?!\[REDACTED\])[A-Za-z0-9._~+/-]{16,}/],
];

/** The entries of a zip archive (central directory; stored or deflated). */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = new Map<string, Buffer>();
  if (end < 0) return entries;
  let p = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    const nameLength = zip.readUInt16LE(p + 28);
    const local = zip.readUInt32LE(p + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + zip.readUInt32LE(p + 20));
    entries.set(
      zip.toString('utf8', p + 46, p + 46 + nameLength),
      zip.readUInt16LE(p + 10) === 8 ? inflateRawSync(data) : data
    );
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return entries;
}

/**
 * Base64 payloads long enough to hold a secret: a data URL of data (a zip, JSON, HTML, text), or a
 * quoted string (Allure's embedded files). Not the reports' own scripts and styles (data URLs of
 * JavaScript, CSS, fonts, images): vendor code that no run writes into, whose numbers a short
 * numeric secret (a PIN) would match by chance.
 */
const PAYLOAD =
  /(?:data:(?:application\/(?:zip|json|octet-stream)|text\/(?:html|plain))(?:;[\w=-]+)*;base64,|["'])([A-Za-z0-9+/]{40,}={0,2})(?=["'),])/g;

/** A text and what it carries: each part's name (the file, or file!payload[!entry]) and text. */
export function partsOf(name: string, text: string): [name: string, text: string][] {
  const parts: [string, string][] = [[name, text]];
  let n = 0;
  for (const m of text.matchAll(PAYLOAD)) {
    n += 1;
    const data = Buffer.from(m[1]!, 'base64');
    if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
      for (const [entry, inner] of unzip(data)) parts.push([`${name}!payload ${n}!${entry}`, inner.toString('utf8')]);
    } else parts.push([`${name}!payload ${n}`, data.toString('utf8')]);
  }
  return parts;
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .sort()
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

/** What is found where: one line per kind and place; empty when the tree is clean. */
export function scanTree(dir: string, secrets: SecretRegistry): string[] {
  const found: string[] = [];
  for (const file of files(dir)) {
    for (const [name, text] of partsOf(relative(dir, file), readFileSync(file, 'utf8'))) {
      if (secrets.scrub(text) !== text) found.push(`a configured secret in ${name}`);
      for (const [what, pattern] of LEAK_PATTERNS) if (pattern.test(text)) found.push(`${what} in ${name}`);
    }
  }
  return found;
}

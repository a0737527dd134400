/**
 * Where a local run keeps what GitHub keeps for it: the artifacts of one workflow run (a folder
 * each) and the Actions cache, carried from run to run with GitHub's key / restore-keys rules:
 * an exact key first, then for each restore key in order the newest entry whose key starts with
 * it, among the entries saved with the same paths.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allFiles, copyFiles } from './files.js';

export interface CacheEntry {
  key: string;
  /** The `path:` lines it was saved with: a restore with other paths does not see it (GitHub's cache version). */
  paths: string[];
  seq: number;
  savedAt: string;
  dir: string;
}

export class ActionsCache {
  constructor(private readonly root: string) {}

  entries(): CacheEntry[] {
    if (!existsSync(this.root)) return [];
    return readdirSync(this.root)
      .filter((d) => existsSync(join(this.root, d, 'entry.json')))
      .map((d) => ({
        ...(JSON.parse(readFileSync(join(this.root, d, 'entry.json'), 'utf8')) as Omit<CacheEntry, 'dir'>),
        dir: join(this.root, d, 'files'),
      }));
  }

  find(key: string, restoreKeys: string[], paths: string[]): CacheEntry | undefined {
    const same = this.entries()
      .filter((e) => e.paths.join('\n') === paths.join('\n'))
      .sort((a, b) => b.seq - a.seq);
    return (
      same.find((e) => e.key === key) ??
      restoreKeys.map((prefix) => same.find((e) => e.key.startsWith(prefix))).find((e) => e)
    );
  }

  /** Saves the files (relative to `from`); false when an entry of that key exists already (it is kept). */
  save(key: string, paths: string[], from: string, files: string[]): boolean {
    if (this.entries().some((e) => e.key === key && e.paths.join('\n') === paths.join('\n'))) return false;
    const seq = Math.max(0, ...this.entries().map((e) => e.seq)) + 1;
    const dir = join(this.root, String(seq).padStart(5, '0'));
    copyFiles(from, files, join(dir, 'files'));
    writeFileSync(
      join(dir, 'entry.json'),
      `${JSON.stringify({ key, paths, seq, savedAt: new Date().toISOString() }, null, 2)}\n`
    );
    return true;
  }

  restore(entry: CacheEntry, to: string): number {
    const files = allFiles(entry.dir);
    copyFiles(entry.dir, files, to);
    return files.length;
  }
}

export class ArtifactStore {
  constructor(private readonly root: string) {}

  names(): string[] {
    return existsSync(this.root) ? readdirSync(this.root).sort() : [];
  }

  dir(name: string): string {
    return join(this.root, name);
  }

  has(name: string): boolean {
    return existsSync(this.dir(name));
  }

  put(name: string, from: string, files: string[]): void {
    mkdirSync(this.dir(name), { recursive: true });
    copyFiles(from, files, this.dir(name));
  }

  /** Copies an artifact's files under `to`; how many. */
  copy(name: string, to: string): number {
    const files = allFiles(this.dir(name));
    copyFiles(this.dir(name), files, to);
    return files.length;
  }
}

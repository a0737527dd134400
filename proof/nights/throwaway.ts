/**
 * A throwaway copy of the repository for the nights: a clone of HEAD whose changes (known-failures
 * entries) are commits, as a team would make them, so that the runner's fresh clones see them.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

function git(cwd: string, args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${(r.stderr || r.stdout).trim().split('\n')[0]}`);
  return r.stdout.trim();
}

export class ThrowawayRepository {
  private constructor(readonly dir: string) {}

  /** A clone of `from`'s HEAD in `dir` (which must not exist). */
  static clone(from: string, dir: string): ThrowawayRepository {
    git(from, ['clone', '--quiet', '--no-hardlinks', from, dir]);
    git(dir, ['config', 'user.name', 'nights']);
    git(dir, ['config', 'user.email', 'nights@localhost']);
    return new ThrowawayRepository(dir);
  }

  /** Writes the files (paths relative to the repository) and commits them; the new HEAD. */
  commit(files: Record<string, string>, message: string): string {
    for (const [path, text] of Object.entries(files)) writeFileSync(join(this.dir, path), text);
    git(this.dir, ['add', ...Object.keys(files)]);
    git(this.dir, ['commit', '--quiet', '--allow-empty', '-m', message]);
    return git(this.dir, ['rev-parse', 'HEAD']);
  }
}

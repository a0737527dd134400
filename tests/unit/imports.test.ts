/**
 * Each layer imports only downward: no module of the suite, the sandbox, the perf run or the tools
 * reaches itself again through its imports (type-only imports count too: a cycle of types is a
 * cycle of concepts). Found with Tarjan's strongly connected components over the relative imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from '../selftest/harness.js';

const ROOTS = ['lib', 'scripts', 'perf', 'sandbox', 'fixtures', 'specs'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function modules(): string[] {
  return ROOTS.flatMap((root) => readdirSync(join(repoRoot, root), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(repoRoot, root, f)));
}

/** The project modules `file` imports (a `.js` specifier names its `.ts` source). */
function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => resolve(dirname(file), (m[1] ?? m[2])!.replace(/\.js$/, '.ts'))).filter((f) => known.has(f));
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

test('no import cycle anywhere in lib, scripts, perf, sandbox, fixtures or specs', () => {
  const files = modules();
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
  expect([...graph.values()].flat().length, 'the imports were found').toBeGreaterThan(300);
  expect(cycles(graph).map((c) => c.map((f) => relative(repoRoot, f)).join(' ⇄ '))).toEqual([]);
});

test('the cycle finder finds a cycle of type-only imports', () => {
  const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
  expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  const text = "import type { X } from './x.js';\nexport { y } from '../y.js';\nconst z = await import('./z.js');";
  expect([...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2])).toEqual(['./x.js', '../y.js', './z.js']);
});

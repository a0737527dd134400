/**
 * npm run proof:pipelines [-- --only deploy,pages,pack] [--work <dir>]: the three proofs of the
 * pipelines (docs/pipelines.md), each from this checkout's HEAD against the stand-in test
 * environment: the deployment check run by the local workflow runner with a dispatch payload
 * (proof/pipelines/deploy.ts), the nightly's GitHub Pages site (proof/pipelines/pages.ts), and the
 * packed command installed in an empty folder (proof/pipelines/pack.ts). Prints each check as it
 * goes and a table of the proofs with their times (also <work>/proof.md and .json).
 * Exit 0 when every check of every proof passed; 1 otherwise; 2 for bad input.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { proveDeployCheck } from '../pipelines/deploy.js';
import { provePack } from '../pipelines/pack.js';
import { provePages } from '../pipelines/pages.js';
import type { ProofOptions, ProofResult } from '../pipelines/proof.js';

const USAGE = 'usage: npm run proof:pipelines -- [--only deploy,pages,pack] [--work <dir>]';
const PROOFS: Record<string, (o: ProofOptions) => Promise<ProofResult>> = {
  deploy: proveDeployCheck,
  pages: provePages,
  pack: provePack,
};

function fail(message: string): never {
  console.error(`proof:pipelines: ${message}`);
  process.exit(2);
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: { only: { type: 'string' }, work: { type: 'string', default: 'reports/pipelines' } },
    }));
  } catch (e) {
    fail(`${(e as Error).message.split('\n')[0]} (${USAGE})`);
  }
  const names = values.only ? values.only.split(',').map((n) => n.trim()) : Object.keys(PROOFS);
  const unknown = names.filter((n) => !PROOFS[n]);
  if (unknown.length) fail(`--only ${unknown.join(', ')}: the proofs are ${Object.keys(PROOFS).join(', ')}`);
  const work = resolve(values.work);
  mkdirSync(work, { recursive: true });
  const results: ProofResult[] = [];
  for (const name of names) {
    const started = Date.now();
    const progress = (line: string) => console.log(`[${name} ${Math.round((Date.now() - started) / 1000)} s] ${line}`);
    results.push(await PROOFS[name]!({ repo: '.', work: join(work, name), progress }));
  }
  const table = [
    '| proof | checks | passed | wall time |',
    '|---|---:|---:|---:|',
    ...results.map(
      (r) => `| ${r.name} | ${r.checks.length} | ${r.checks.filter((c) => c.ok).length} | ${r.seconds} s |`
    ),
    '',
    ...results.flatMap((r) => [
      `${r.name}:`,
      ...r.checks.map((c) => `- ${c.ok ? '✓' : '✘'} ${c.what}${c.ok ? '' : ` — seen: ${c.seen ?? ''}`}`),
      ...Object.entries(r.files).map(([label, path]) => `- ${label}: ${path}`),
      '',
    ]),
  ];
  writeFileSync(join(work, 'proof.md'), `${table.join('\n')}\n`);
  writeFileSync(join(work, 'proof.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(['', ...table].join('\n'));
  return results.every((r) => r.checks.length && r.checks.every((c) => c.ok)) ? 0 : 1;
}

main().then((code) => process.exit(code));

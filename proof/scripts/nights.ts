/**
 * npm run nights [-- --short] [--work <dir>] [--var NAME=value ...] [--nights <n>]: the nightly
 * workflow as written, run night after night by the local runner (npm run workflow) against the
 * stand-in test environment (npm run sandbox in its own process, the document's latencies at a
 * tenth, two variants): a clean night makes the baseline; one planted fault fails the gate naming
 * its rule alone; the fault accepted in known-failures.json passes, shown as known; fixed passes,
 * shown as fixed; the acceptance expired fails; then five clean nights pass with no regression.
 * Prints each night as it ends and the table at the end (also in <work>/nights.md and .json).
 * --short: a few tests a night, as npm test runs it. Exit 0 when every night is as planned.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { nightsTable, runNights } from '../nights/run.js';

const USAGE = 'usage: npm run nights -- [--short] [--work <dir>] [--var NAME=value ...] [--nights <n>]';

function fail(message: string): never {
  console.error(`nights: ${message}`);
  process.exit(2);
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2), strict: true,
      options: { short: { type: 'boolean' }, work: { type: 'string' }, var: { type: 'string', multiple: true }, nights: { type: 'string' } },
    }));
  } catch (e) {
    fail(`${(e as Error).message.split('\n')[0]} (${USAGE})`);
  }
  const vars = Object.fromEntries((values.var ?? []).map((v) => {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/s.exec(v);
    if (!m) fail(`--var ${v}: expected NAME=value (${USAGE})`);
    return [m[1]!, m[2]!];
  }));
  if (values.nights !== undefined && !/^[1-9]\d*$/.test(values.nights)) fail(`--nights ${values.nights}: expected a number of nights (${USAGE})`);
  const work = values.work ?? 'reports/nights';
  const cancel = new AbortController();
  process.once('SIGINT', () => cancel.abort());
  const results = await runNights({
    repo: '.', workDir: work, short: !!values.short, vars, ...(values.nights ? { nights: Number(values.nights) } : {}), signal: cancel.signal,
  }, (r) => console.log(`night ${r.night} (${r.name}): shards ${r.shards.join(' ')}; ${r.verdictLine || `gate ${r.gate}`}; ${r.seconds} s${r.problems.length ? ` — NOT AS PLANNED: ${r.problems.join('; ')}` : ''}`));
  const table = nightsTable(results);
  writeFileSync(join(work, 'nights.md'), `${table.join('\n')}\n`);
  writeFileSync(join(work, 'nights.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(['', ...table].join('\n'));
  return results.every((r) => !r.problems.length) && !cancel.signal.aborted ? 0 : 1;
}

main().then((code) => process.exit(code));

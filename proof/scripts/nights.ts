/**
 * npm run nights [-- --short] [--calm] [--rate <p>] [--seed <n>] [--work <dir>] [--var NAME=value ...] [--nights <n>]:
 * the nightly workflow as written, run night after night by the local runner (npm run workflow)
 * against the stand-in test environment (npm run sandbox in its own process, the document's
 * latencies at a tenth, two variants): a clean night makes the baseline; one planted fault fails
 * the gate naming its rule alone; the fault accepted in known-failures.json passes, shown as known;
 * fixed passes, shown as fixed; the acceptance expired fails; then five clean nights pass with no
 * regression. By default each night is a bad one: the chaos layer (npm run chaos) between the
 * shards and the stand-in, each kind of event at --rate (default 0.003, about once in 300
 * requests; --short: SHORT_CHAOS_RATE, its few tests send few requests), seeded (--seed, printed),
 * and a busy loop on one core beside the shards; each night's books match every event the layer
 * injected with what the night's report says became of it. --calm: the nights without the layer.
 * Prints each night as it ends and the table at the end (also in <work>/nights.md and .json).
 * --short: a few tests a night, as npm test runs it. Exit 0 when every night is as planned.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ChaosConfigError, parseChaosOptions } from '../chaos/options.js';
import type { NightResult } from '../nights/night.js';
import { CHAOS_RATE, SHORT_CHAOS_RATE } from '../nights/plan.js';
import { nightsTable, runNights } from '../nights/run.js';

const USAGE =
  'usage: npm run nights -- [--short] [--calm] [--rate <p>] [--seed <n>] [--work <dir>] [--var NAME=value ...] [--nights <n>]';

function fail(message: string): never {
  console.error(`nights: ${message}`);
  process.exit(2);
}

function nightLine(r: NightResult): string {
  const books = r.chaos
    ? `; chaos (seed ${r.chaos.seed}): ${
        Object.entries(r.chaos.books.injected)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ') || 'no event'
      } of ${r.chaos.requests} requests → ${
        Object.entries(r.chaos.books.fates)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ') || 'nothing to account for'
      }${r.chaos.books.unaccounted.length ? `, ${r.chaos.books.unaccounted.length} unaccounted` : ''}; ${r.chaos.incompleteTests} incomplete tests`
    : '';
  return `night ${r.night} (${r.name}): shards ${r.shards.join(' ')}${books}; ${r.verdictLine || `gate ${r.gate}`}; ${r.seconds} s${r.problems.length ? ` — NOT AS PLANNED: ${r.problems.join('; ')}` : ''}`;
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: {
        short: { type: 'boolean' },
        calm: { type: 'boolean' },
        rate: { type: 'string' },
        seed: { type: 'string' },
        work: { type: 'string' },
        var: { type: 'string', multiple: true },
        nights: { type: 'string' },
      },
    }));
  } catch (e) {
    fail(`${(e as Error).message.split('\n')[0]} (${USAGE})`);
  }
  const vars = Object.fromEntries(
    (values.var ?? []).map((v) => {
      const m = /^([A-Z][A-Z0-9_]*)=(.*)$/s.exec(v);
      if (!m) fail(`--var ${v}: expected NAME=value (${USAGE})`);
      return [m[1]!, m[2]!];
    })
  );
  if (values.nights !== undefined && !/^[1-9]\d*$/.test(values.nights))
    fail(`--nights ${values.nights}: expected a number of nights (${USAGE})`);
  if (values.calm && (values.rate !== undefined || values.seed !== undefined))
    fail('--calm runs the nights without the chaos layer: --rate and --seed are its');
  let chaos;
  try {
    // The layer's own checks: one rate for every kind, a seed.
    const layer = parseChaosOptions(
      [
        ...(values.seed !== undefined ? ['--seed', values.seed] : []),
        '--rate',
        values.rate ?? String(values.short ? SHORT_CHAOS_RATE : CHAOS_RATE),
      ],
      {}
    );
    chaos = values.calm ? undefined : { rate: layer.rates['gateway-502'], seed: layer.seed };
  } catch (e) {
    if (e instanceof ChaosConfigError) fail(e.message);
    throw e;
  }
  const work = values.work ?? 'reports/nights';
  const cancel = new AbortController();
  process.once('SIGINT', () => cancel.abort());
  const results = await runNights(
    {
      repo: '.',
      workDir: work,
      short: !!values.short,
      vars,
      ...(values.nights ? { nights: Number(values.nights) } : {}),
      signal: cancel.signal,
      ...(chaos ? { chaos } : {}),
    },
    (r) => console.log(nightLine(r))
  );
  const table = nightsTable(results);
  writeFileSync(join(work, 'nights.md'), `${table.join('\n')}\n`);
  writeFileSync(join(work, 'nights.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(['', ...table].join('\n'));
  return results.every((r) => !r.problems.length) && !cancel.signal.aborted ? 0 : 1;
}

main().then((code) => process.exit(code));

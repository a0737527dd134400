/**
 * npm run chaos [-- --target <url>] [--port <n>] [--seed <n>] [--rate <p> | --rate <kind>=<p>]
 *   [--pause <ms>[-<ms>]] [--token-failures <n>] [--log <file>]
 *
 * The chaos layer (proof/chaos/) in a process of its own: a reverse proxy in front of the target
 * (default: npm run sandbox on 4010) that injects, at seeded rates, a gateway's 502 and 504 with an
 * HTML page, a reset before forwarding, a reset after the server answered, a pause, and the first
 * token requests answered 503. Point the suite at it with FLEET_BASE_URL. Every flag has a CHAOS_*
 * variable (docs/chaos.md); flags win. Prints one line when it listens, one JSON line per event
 * (to --log, else to standard output), and one line when it stops (SIGINT, SIGTERM: exit 0).
 * SIGUSR2 calms it (every request forwarded as it is) and, sent again, lets the events resume.
 * Bad flags or an unreachable target: one line, exit 2.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ChaosEvent } from '../chaos/events.js';
import { countByKind } from '../chaos/events.js';
import { ChaosConfigError, type ChaosOptions, describeOptions, parseChaosOptions } from '../chaos/options.js';
import { probeTarget, startChaosProxy, TargetUnreachableError } from '../chaos/proxy.js';

function fail(message: string): never {
  process.stderr.write(`chaos: ${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let options: ChaosOptions;
  try {
    options = parseChaosOptions(process.argv.slice(2), process.env);
    await probeTarget(options.target);
  } catch (e) {
    if (e instanceof TargetUnreachableError)
      fail(`${e.message}: start it first (npm run sandbox) or give --target <url>`);
    if (e instanceof ChaosConfigError) fail(e.message);
    throw e;
  }
  const log = options.log;
  if (log) {
    mkdirSync(dirname(log), { recursive: true });
    writeFileSync(log, '');
  }
  const events: ChaosEvent[] = [];
  const write = (e: ChaosEvent) => {
    events.push(e);
    const line = `${JSON.stringify(e)}\n`;
    if (log) appendFileSync(log, line);
    else process.stdout.write(line);
  };
  let proxy;
  try {
    proxy = await startChaosProxy(options, write);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    fail(
      code === 'EADDRINUSE'
        ? `--port ${options.port} is already in use (EADDRINUSE)`
        : `cannot listen: ${(e as Error).message.split('\n')[0]}`
    );
  }
  process.stdout.write(
    `chaos: on ${proxy.url} in front of ${options.target.href} (${describeOptions(options)}); events to ${log ?? 'standard output'}\n`
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const counts = Object.entries(countByKind(events))
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    proxy.stop().then(
      () => {
        process.stdout.write(
          `chaos: stopped (${signal}) after ${proxy.requests()} request${proxy.requests() === 1 ? '' : 's'}, ${events.length} event${events.length === 1 ? '' : 's'}${counts ? `: ${counts}` : ''}\n`
        );
        process.exit(0);
      },
      (e: Error) => fail(`error while stopping: ${e.message}`)
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  let calm = false;
  process.on('SIGUSR2', () => {
    calm = !calm;
    proxy.calm(calm);
    process.stdout.write(
      calm
        ? `chaos: calm from request ${proxy.requests() + 1} (SIGUSR2): every request forwarded as it is\n`
        : `chaos: events again from request ${proxy.requests() + 1} (SIGUSR2)\n`
    );
  });
}

main().catch((e: Error) => fail(`cannot start: ${e.message.split('\n')[0]}`));

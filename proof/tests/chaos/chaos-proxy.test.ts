/**
 * The chaos layer (npm run chaos, proof/chaos/) against the sandbox: each kind of event happens at
 * its seeded rate (the same seed, the same events), a gateway's answer is an HTML page and the
 * request never reached the server, a reset after the answer did reach it (the write happened),
 * a pause delays the answer, the first token request is answered 503; and the command's own
 * behaviour: one line when it listens, one when it stops on a signal, one on a bad flag or an
 * unreachable target.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { sandboxDefaults as d } from '../../../sandbox/defaults.js';
import { chaosDice } from '../../chaos/dice.js';
import { BAD_NIGHT_RATE, type ChaosKind, parseChaosOptions, RATED_KINDS } from '../../chaos/options.js';
import { startChaosProcess } from '../../chaos/process.js';
import { repoRoot, run, startSandbox, stopAll } from '../selftest/harness.js';

test.afterEach(stopAll);

const TOKEN_PATH = '/identity/realms/fleet/protocol/openid-connect/token';

interface Seen {
  status?: number;
  contentType?: string;
  body?: string;
  error?: string;
  ms: number;
}

/** One request on a connection of its own (no client retries, no connection reuse). */
function send(url: string, method: string, body: string, headers: Record<string, string>): Promise<Seen> {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = request(
      url,
      { method, agent: false, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            contentType: res.headers['content-type'] ?? '',
            body: text,
            ms: Date.now() - started,
          })
        );
        res.on('error', (e: NodeJS.ErrnoException) =>
          resolve({ error: e.code ?? e.message, ms: Date.now() - started })
        );
      }
    );
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message, ms: Date.now() - started }));
    req.end(body);
  });
}

const tokenForm = new URLSearchParams({
  grant_type: 'client_credentials',
  client_id: d.clientId,
  client_secret: d.clientSecret,
}).toString();
const tokenHeaders = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };

test('the dice: each kind at its rate, the same seed the same throws, pauses within their range', () => {
  const rates = Object.fromEntries(RATED_KINDS.map((k) => [k, BAD_NIGHT_RATE])) as Record<
    (typeof RATED_KINDS)[number],
    number
  >;
  const n = 200_000;
  const throws = Array.from({ length: n }, chaosDice(42, rates, [2000, 5000]));
  const sd = Math.sqrt(n * BAD_NIGHT_RATE * (1 - BAD_NIGHT_RATE));
  for (const kind of RATED_KINDS) {
    const count = throws.filter((t) => t.kind === kind).length;
    expect(Math.abs(count - n * BAD_NIGHT_RATE), `${kind}: ${count} of ${n}`).toBeLessThan(4 * sd);
  }
  const pauses = throws.filter((t) => t.kind === 'pause').map((t) => t.pauseMs!);
  expect(Math.min(...pauses)).toBeGreaterThanOrEqual(2000);
  expect(Math.max(...pauses)).toBeLessThanOrEqual(5000);
  expect(Math.max(...pauses) - Math.min(...pauses)).toBeGreaterThan(2500);
  expect(Array.from({ length: 1000 }, chaosDice(42, rates, [2000, 5000]))).toEqual(throws.slice(0, 1000));
  expect(Array.from({ length: 1000 }, chaosDice(43, rates, [2000, 5000]))).not.toEqual(throws.slice(0, 1000));
});

test('the settings: flags win over CHAOS_* variables, a rate per kind, bad values named in one line', () => {
  const o = parseChaosOptions(['--rate', '0.01', '--rate', 'pause=0', '--seed', '5'], {
    CHAOS_SEED: '6',
    CHAOS_PAUSE_MS: '100-200',
    CHAOS_TARGET: 'http://127.0.0.1:9/base',
  });
  expect(o).toMatchObject({ seed: 5, pauseMs: [100, 200], tokenFailures: 1, port: 0 });
  expect(o.target.href).toBe('http://127.0.0.1:9/base');
  expect(o.rates).toEqual({
    'gateway-502': 0.01,
    'gateway-504': 0.01,
    'reset-before': 0.01,
    'reset-after': 0.01,
    pause: 0,
  });
  expect(parseChaosOptions([], {}).rates.pause).toBe(BAD_NIGHT_RATE);
  expect(() => parseChaosOptions(['--rate', 'gateway-503=0.1'], {})).toThrow(
    /^--rate: unknown kind "gateway-503" \(the kinds: gateway-502, /
  );
  expect(() => parseChaosOptions([], { CHAOS_RATE: '2' })).toThrow(/^CHAOS_RATE: "2" is not a rate from 0 to 1/);
  expect(() => parseChaosOptions(['--rate', '0.3'], {})).toThrow(/the rates add up to 1.5, more than 1/);
  expect(() => parseChaosOptions(['--target', 'ftp://x'], {})).toThrow(
    /^--target: "ftp:\/\/x" is not an http or https URL/
  );
  expect(() => parseChaosOptions(['--port', '70000'], {})).toThrow(/^--port: "70000" is not a whole number/);
  expect(() => parseChaosOptions(['--pause', '5-2'], {})).toThrow(/^--pause: "5-2" is not a pause in ms/);
  expect(parseChaosOptions([], { CHAOS_ONLY: 'post /customers/subcustomer' }).only).toEqual({
    method: 'POST',
    path: '/customers/subcustomer',
  });
  expect(() => parseChaosOptions(['--only', '/customers'], {})).toThrow(
    /^--only: "\/customers" is not a method and a path/
  );
});

test('in front of the sandbox: every event at its seeded place, gateway answers never forwarded, a reset after the answer did write, pauses delay', async () => {
  test.setTimeout(120_000);
  const sandbox = await startSandbox();
  const seed = 20_261_126;
  const rates = 0.04;
  const pause: [number, number] = [300, 500];
  const chaos = await startChaosProcess({
    target: sandbox.baseUrl,
    seed,
    rates,
    pauseMs: pause,
    tokenFailures: 1,
    log: join(mkdtempSync(join(tmpdir(), 'fleet-chaos-')), 'events.jsonl'),
    cwd: repoRoot,
  });
  expect(chaos.banner).toMatch(
    new RegExp(
      `^chaos: on http://\\[::1\\]:\\d+ in front of ${sandbox.baseUrl}/ \\(seed ${seed}, rate each kind 0\\.04, pause 300-500 ms, first 1 token request 503\\)`
    )
  );

  // The first token request through the layer is answered 503 with a gateway's page; the next ones pass (or meet an event).
  const seen: Seen[] = [];
  let token: string | undefined;
  while (!token) {
    const answer = await send(`${chaos.url}${TOKEN_PATH}`, 'POST', tokenForm, tokenHeaders);
    seen.push(answer);
    if (answer.status === 200) token = (JSON.parse(answer.body!) as { access_token: string }).access_token;
    expect(seen.length).toBeLessThan(20);
  }
  expect(seen[0]).toMatchObject({ status: 503, contentType: 'text/html' });
  expect(seen[0]!.body).toMatch(/<title>503 Service Temporarily Unavailable<\/title>/);

  // Writes, one at a time: each creates a sub-customer whose reference says which request it was.
  const writes = 240;
  const firstWrite = seen.length + 1;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  for (let i = 0; i < writes; i++) {
    const body = JSON.stringify({
      customerName: `chaos write ${firstWrite + i}`,
      customerBusinessReference: `chaos-${firstWrite + i}`,
      customerContact: {
        emailAddress: 'eva.huber@example.com',
        firstName: 'Eva',
        lastName: 'Huber',
        middleName: 'M',
        mobilePhone: '+49 151 1',
        telephone: '+49 89 1',
      },
      customerAddress: {
        addressLines: 'Industriestraße 12',
        city: 'Augsburg',
        country: 'Germany',
        countryCode: 'DE',
        region: 'Bavaria',
        zipCode: '86150',
      },
    });
    seen.push(await send(`${chaos.url}/customers/subcustomer`, 'POST', body, auth));
  }
  const stopped = await chaos.stop();
  expect(stopped.requests).toBe(seen.length);
  expect(stopped.line).toMatch(
    new RegExp(`^chaos: stopped \\(SIGTERM\\) after ${seen.length} requests, \\d+ events: `)
  );

  // The log holds exactly the dice's throws for this seed, in the order the requests came, and the token failure first.
  const events = chaos.events();
  const dice = chaosDice(
    seed,
    Object.fromEntries(RATED_KINDS.map((k) => [k, rates])) as Record<(typeof RATED_KINDS)[number], number>,
    pause
  );
  const planned = seen
    .map((_, i) => ({ seq: i + 1, throw: dice() }))
    .flatMap(({ seq, throw: t }): { seq: number; kind: ChaosKind }[] =>
      seq === 1 ? [{ seq, kind: 'token-503' }] : t.kind ? [{ seq, kind: t.kind }] : []
    );
  expect(events.map((e) => ({ seq: e.seq, kind: e.kind }))).toEqual(planned);
  for (const kind of RATED_KINDS)
    expect(events.filter((e) => e.kind === kind).length, `${kind} happens with seed ${seed}`).toBeGreaterThanOrEqual(3);

  // What the server holds: a write reached it unless a gateway answered it or the connection reset before it was forwarded.
  const created = async (seq: number) => {
    const r = await fetch(`${sandbox.baseUrl}/customers?searchText=chaos-${seq}&limit=5`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await r.json()) as { customers: { customerBusinessReference?: string }[] }).customers.some(
      (c) => c.customerBusinessReference === `chaos-${seq}`
    );
  };
  const byEvent = new Map(events.map((e) => [e.seq, e]));
  for (let seq = firstWrite; seq < firstWrite + writes; seq++) {
    const event = byEvent.get(seq);
    const answer = seen[seq - 1]!;
    const where = `request ${seq} (${event?.kind ?? 'no event'}): ${JSON.stringify({ ...answer, body: answer.body?.slice(0, 80) })}`;
    expect(await created(seq), where).toBe(!event || event.reachedServer);
    expect(event ? event.path : '/customers/subcustomer', where).toBe('/customers/subcustomer');
    switch (event?.kind) {
      case 'gateway-502':
      case 'gateway-504':
        expect(answer, where).toMatchObject({ status: Number(event.kind.slice(-3)), contentType: 'text/html' });
        expect(answer.body, where).toMatch(new RegExp(`<h1>${event.kind.slice(-3)} [A-Za-z -]+</h1>`));
        expect(event.reachedServer).toBe(false);
        break;
      case 'reset-before':
      case 'reset-after':
        expect(answer.error, where).toBe('ECONNRESET');
        expect(answer.status, where).toBeUndefined();
        if (event.kind === 'reset-after') expect(event, where).toMatchObject({ reachedServer: true, status: 200 });
        break;
      case 'pause':
        expect(answer.status, where).toBe(200);
        expect(event.ms!, where).toBeGreaterThanOrEqual(pause[0]);
        expect(event.ms!, where).toBeLessThanOrEqual(pause[1]);
        expect(answer.ms, where).toBeGreaterThanOrEqual(event.ms!);
        break;
      default:
        expect(answer.status, where).toBe(200);
    }
  }
});

test("without events it is transparent: the answer to a body over the server's limit is relayed, not turned into a 502", async () => {
  const sandbox = await startSandbox();
  const chaos = await startChaosProcess({
    target: sandbox.baseUrl,
    seed: 1,
    rates: 0,
    tokenFailures: 0,
    log: join(mkdtempSync(join(tmpdir(), 'fleet-chaos-')), 'events.jsonl'),
    cwd: repoRoot,
  });
  const token = (
    JSON.parse((await send(`${chaos.url}${TOKEN_PATH}`, 'POST', tokenForm, tokenHeaders)).body!) as {
      access_token: string;
    }
  ).access_token;
  // The sandbox refuses a body over its limit once it has read the headers; it reads the rest before it answers (a lingering close).
  const body = `{"a":"${'x'.repeat(2_000_000)}"}`;
  const answers: Seen[] = [];
  for (let i = 0; i < 10; i++)
    answers.push(
      await send(`${chaos.url}/cards/1/block`, 'POST', body, {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      })
    );
  expect(answers.map((a) => `${a.status} ${a.contentType}`)).toEqual(
    answers.map(() => '400 application/json; charset=utf-8')
  );
  expect((await chaos.stop()).line).toBe('chaos: stopped (SIGTERM) after 11 requests, 0 events');
});

test('npm run chaos: one line on a bad flag or an unreachable target (exit 2); SIGUSR2 calms it and lets it go again; one line when it stops on SIGINT (exit 0)', async () => {
  const bad = await run('npm', ['run', '-s', 'chaos', '--', '--rate', 'pause=lots'], {});
  expect(bad.code).toBe(2);
  expect(bad.output.trim()).toBe(
    'chaos: --rate pause: "lots" is not a rate from 0 to 1 (e.g. 0.003: about once in 300 requests)'
  );
  const unreachable = await run('npm', ['run', '-s', 'chaos', '--', '--target', 'http://127.0.0.1:9'], {});
  expect(unreachable.code).toBe(2);
  expect(unreachable.output.trim()).toBe(
    'chaos: target http://127.0.0.1:9 unreachable (ECONNREFUSED): start it first (npm run sandbox) or give --target <url>'
  );

  const sandbox = await startSandbox();
  // Every request a 502, until SIGUSR2 calms it; again, and the 502s are back.
  const child = spawn('node', ['--import', 'tsx', 'proof/scripts/chaos.ts', '--rate', '0,gateway-502=1'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH!, CHAOS_TARGET: sandbox.baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  await expect.poll(() => output, { timeout: 20_000 }).toMatch(/^chaos: on http:\/\/\[::1\]:\d+ /);
  const url = /on (http:\/\/\S+)/.exec(output)![1]!;
  const status = async () => (await fetch(`${url}/master/all`)).status;
  expect(await status()).toBe(502);
  const said = async (signal: NodeJS.Signals, line: RegExp) => {
    child.kill(signal);
    await expect.poll(() => output, { timeout: 10_000 }).toMatch(line);
  };
  await said('SIGUSR2', /^chaos: calm from request 2 \(SIGUSR2\): every request forwarded as it is$/m);
  expect(await status()).toBe(401);
  await said('SIGUSR2', /^chaos: events again from request 3 \(SIGUSR2\)$/m);
  expect(await status()).toBe(502);
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  expect(await exit).toBe(0);
  const lines = output
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('{'));
  expect(lines.slice(-1)).toEqual(['chaos: stopped (SIGINT) after 3 requests, 2 events: gateway-502 2']);
  expect(
    output
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => (JSON.parse(l) as { seq: number }).seq)
  ).toEqual([1, 3]);
});

/**
 * Only what judged nothing is run again (lib/ledger.ts, playwright.config.ts retries): a test whose
 * first attempt a gateway kept from an answer is run once more and judged then, its record says it
 * took two attempts; a test that failed is never run again (its verdict stands, one attempt). The
 * ledger keeps a verdict from Playwright's retry through a private flag of TestInfo: this test
 * fails if a Playwright upgrade changes that.
 */

import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runSuite } from '../../selftest/suite-run.js';

const GREP = 'GET /master/all answers an object with ten arrays';

/** In front of `target`: the first `spoiled` requests of GET /master/all get a gateway's page, the rest go through. */
async function gatewayFront(
  target: string,
  spoiled: number
): Promise<{ url: string; stop(): Promise<void>; pages: () => number }> {
  let pages = 0;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === 'GET' && req.url === '/master/all' && pages < spoiled) {
      pages += 1;
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers)
        .filter(([k]) => k !== 'host' && k !== 'connection')
        .map(([k, v]) => [k, String(v)])
    );
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method!,
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pages: () => pages,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('a test a gateway kept from its answer is run again and judged then; a failing test is never run again [MASTER-TEN-ARRAYS]', async () => {
  test.setTimeout(180_000);
  let front: Awaited<ReturnType<typeof gatewayFront>> | undefined;
  // Four pages: the test's read, sent again up to four times, loses the first attempt; the second gets through.
  const spoiled = await runSuite({
    sandbox: {},
    reportsDir: mkdtempSync(join(tmpdir(), 'fleet-rerun-')),
    workers: 1,
    suite: { FLEET_GREP: GREP },
    front: async (baseUrl) => (front = await gatewayFront(baseUrl, 4)),
  });
  expect(spoiled.coverage, spoiled.tail).toBeDefined();
  const [again] = spoiled.coverage!.records.filter((r) => r.title.startsWith(GREP));
  expect(front!.pages()).toBe(4);
  expect([again?.outcome, again?.attempts], spoiled.tail).toEqual(['passed', 2]);
  expect(spoiled.code, spoiled.tail).toBe(0);

  const failing = await runSuite({
    sandbox: { SANDBOX_FAULTS: 'master-data-nine-arrays' },
    reportsDir: mkdtempSync(join(tmpdir(), 'fleet-rerun-')),
    workers: 1,
    suite: { FLEET_GREP: GREP },
  });
  const [verdict] = failing.coverage!.records.filter((r) => r.title.startsWith(GREP));
  expect([verdict?.outcome, verdict?.attempts ?? 1], failing.tail).toEqual(['failed', 1]);
});

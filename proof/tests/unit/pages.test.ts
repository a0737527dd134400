/**
 * The published site (lib/pages/site.ts, scripts/pages.ts): a folder per night and latest/, the
 * deployment checks beside them, the last 30 of each, the index with each night's verdict, Allure
 * 3's history file; and the secret scan of the whole tree (lib/report/secret-scan.ts), which finds
 * a secret inside a single-file report's base64 payload or zip, and stops the publication.
 */

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { addToSite, readManifest } from '../../../lib/pages/site.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { scanTree } from '../../../lib/report/secret-scan.js';
import { verdictOf } from '../../../lib/report/verdict.js';
import { sandboxDefaults } from '../../../sandbox/defaults.js';
import { run } from '../selftest/harness.js';

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
/** An Allure single-file report's shape: its data as base64 payloads of a loader call. */
const allure = (data: string) =>
  `<html><head></head><body><script>d("widgets/charts.json","${b64(data)}")</script></body></html>`;

function reports(
  night: number,
  allureData = JSON.stringify({ general: { trend: { type: 'statusDynamics', data: [`night ${night}`] } } })
): string {
  const dir = mkdtempSync(join(tmpdir(), `fleet-pages-reports-${night}-`));
  const files: Record<string, string> = {
    'coverage.json': JSON.stringify({
      target: 'test https://fleet-test.example.com',
      generatedAt: `2026-10-${String(night).padStart(2, '0')}T01:40:00.000Z`,
      totals: { failed: night % 2, 'assumption-failed': 0, incomplete: 0, passed: 100, blocked: 0 },
      tests: { total: 120 },
      findings: [],
      rules: [],
    }),
    'coverage.html': `<h1>coverage of night ${night}</h1>`,
    'drift.html': '<h1>drift</h1>',
    'allure/index.html': allure(allureData),
    'history/allure-history.jsonl': Array.from({ length: night }, (_, i) => JSON.stringify({ uuid: `n${i + 1}` })).join(
      '\n'
    ),
    'playwright/index.html': 'not published',
  };
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  return dir;
}

function add(site: string, night: number, kind: 'night' | 'deploy' = 'night', dir = reports(night)) {
  const exit = night % 2;
  const coverage = JSON.parse(readFileSync(join(dir, 'coverage.json'), 'utf8')) as { generatedAt: string };
  return addToSite({
    site,
    reports: dir,
    kind,
    id: kind === 'night' ? `2026-10-${String(night).padStart(2, '0')}-${night}` : `9${night}`,
    at: coverage.generatedAt,
    verdict: verdictOf(undefined, undefined, exit, 'conformance'),
    keep: 30,
    ...(kind === 'deploy' ? { context: ['service version 4.2.1'] } : {}),
  });
}

test('32 nights: the last 30 kept in nights/<id>/, latest/ the newest, the index with each verdict, the Allure history beside them; a deployment check under deploy/', () => {
  const site = mkdtempSync(join(tmpdir(), 'fleet-pages-site-'));
  for (let night = 1; night <= 32; night += 1) add(site, night);
  const { removed } = add(site, 5, 'deploy');
  expect(removed).toEqual([]);
  const nights = readdirSync(join(site, 'nights')).sort();
  expect(nights).toHaveLength(30);
  expect(nights[0]).toBe('2026-10-03-3');
  expect(readFileSync(join(site, 'latest', 'coverage.html'), 'utf8')).toBe('<h1>coverage of night 32</h1>');
  expect(readFileSync(join(site, 'latest', 'index.html'), 'utf8')).toContain(
    'href="../">all nights and deployment checks</a>'
  );
  expect(readFileSync(join(site, 'nights', '2026-10-32-32', 'index.html'), 'utf8')).toContain(
    'href="../../">all nights'
  );
  expect(existsSync(join(site, 'latest', 'playwright')), 'only the reports the pages publish').toBe(false);
  expect(readFileSync(join(site, 'history', 'allure-history.jsonl'), 'utf8').split('\n')).toHaveLength(32);
  expect(readdirSync(join(site, 'deploy'))).toEqual(['95']);

  const manifest = readManifest(site);
  expect(manifest.nights.map((n) => n.verdict).slice(-3)).toEqual(['PASS', 'FAIL', 'PASS']);
  expect(manifest.deploys.map((d) => [d.id, d.context])).toEqual([['95', ['service version 4.2.1']]]);
  const index = readFileSync(join(site, 'index.html'), 'utf8');
  expect(index.match(/<a href="nights\/2026-10-\d+-\d+\/">/g)).toHaveLength(30);
  expect(index).toContain(
    'The latest night: <a href="latest/">2026-10-32-32</a>, <span class="passed">PASS</span> <small>exit 0</small>'
  );
  expect(index).toContain('<a href="nights/2026-10-31-31/allure/index.html">Allure report</a>');
  expect(index).toContain('<span class="failed">FAIL</span> <small>exit 1</small>');
  expect(index).toContain('<a href="deploy/95/">95</a>');
});

test('the secret scan reads inside single-file reports: a secret in a base64 payload, a token in an embedded zip; a clean tree has none', () => {
  const registry = new SecretRegistry();
  registry.add('client-secret-4f9a8c');
  const clean = mkdtempSync(join(tmpdir(), 'fleet-pages-site-'));
  add(clean, 1);
  expect(scanTree(clean, registry)).toEqual([]);

  const leaking = mkdtempSync(join(tmpdir(), 'fleet-pages-site-'));
  add(leaking, 1, 'night', reports(1, JSON.stringify({ message: 'client_secret=client-secret-4f9a8c' })));
  const entry = Buffer.from('Authorization: Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJxYSJ9.c2ln');
  const zip = zipOf('data/exchange.txt', entry);
  writeFileSync(
    join(leaking, 'nights', '2026-10-01-1', 'coverage.html'),
    `<script id="playwrightReportBase64">data:application/zip;base64,${b64(zip)}"</script>`
  );
  expect(scanTree(leaking, registry)).toEqual([
    'a configured secret in latest/allure/index.html!payload 1',
    'a configured secret in nights/2026-10-01-1/allure/index.html!payload 1',
    'a bearer token in nights/2026-10-01-1/coverage.html!payload 1!data/exchange.txt',
  ]);
});

test('scripts/pages.ts: adds the night and scans the tree; a configured secret in it stops the publication, named by file, never shown', async () => {
  const site = mkdtempSync(join(tmpdir(), 'fleet-pages-site-'));
  const ok = await run(
    'node',
    [
      '--import',
      'tsx',
      'scripts/pages.ts',
      '--site',
      site,
      '--reports',
      reports(3),
      '--night',
      '2026-10-03-3',
      '--exit',
      '1',
    ],
    {}
  );
  expect(ok.code).toBe(0);
  expect(ok.output).toBe(
    `pages: night 2026-10-03-3 (FAIL, exit 1) added to ${site}; 1 nights and 0 deployment checks kept\npages: no secret in ${site} (every file, and what its single-file reports carry)\n`
  );
  const leaking = reports(4, `{"note":"${sandboxDefaults.clientSecret}"}`);
  const stopped = await run(
    'node',
    ['--import', 'tsx', 'scripts/pages.ts', '--site', site, '--reports', leaking, '--deploy', '77', '--exit', '0'],
    {}
  );
  expect(stopped.code).toBe(1);
  expect(stopped.output).toContain(
    'pages: a configured secret in deploy/77/allure/index.html!payload 1\npages: 1 secret in the site to publish: nothing may be published\n'
  );
  expect(stopped.output).not.toContain(sandboxDefaults.clientSecret);
  const bad = await run('node', ['--import', 'tsx', 'scripts/pages.ts', '--site', site, '--night', '../x'], {});
  expect(bad).toEqual({ code: 2, output: "pages: --night ../x: an id is letters, digits, '.', '-' and '_'\n" });
});

/** A zip of one deflated entry, as the Playwright report embeds its data. */
function zipOf(name: string, data: Buffer): Buffer {
  const body = deflateRawSync(data);
  const nameBuf = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBuf.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(body.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(nameBuf.length, 28);
  central.writeUInt32LE(0, 42);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + nameBuf.length, 12);
  end.writeUInt32LE(30 + nameBuf.length + body.length, 16);
  return Buffer.concat([local, nameBuf, body, central, nameBuf, end]);
}

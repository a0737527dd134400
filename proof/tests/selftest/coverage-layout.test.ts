/**
 * coverage.html and document.html read in Chromium at 1400 and at 1000 pixels wide: rule ids,
 * fault ids, check names, states, counts, the authorization matrix's resource ids and the segments
 * of its request paths never break over lines nor spill out of their cells, and no table is wider
 * than its box (the matrix's two tables of six owner columns among them). The pages are built from
 * a run with the longest rule ids of the catalogue failing and found broken, with long operations,
 * long titles and evidence, and a matrix with every cell filled, failed ones with their evidence;
 * document.html with every fault of the sandbox as a proof, the longest ids among them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type CellResult, columnsOf, isOwn, ROWS, rowIds } from '../../../lib/authz/matrix.js';
import { emptyFootprint } from '../../../lib/footprint.js';
import type { LedgerEntry } from '../../../lib/ledger.js';
import { authzMatrixHtml, buildAuthzMatrix } from '../../../lib/report/authz-matrix.js';
import { buildCoverage } from '../../../lib/report/coverage.js';
import { coverageHtml } from '../../../lib/report/coverage-html.js';
import { buildDocumentReport, documentHtml } from '../../../lib/report/document-html.js';
import type { TestRecord } from '../../../lib/report/test-record.js';
import { ruleList } from '../../../lib/rules/catalogue.js';
import { faultProofs } from '../../../sandbox/launcher.js';
import { launchChromium } from '../../selftest/chromium.js';

const longest = [...ruleList]
  .sort((a, b) => b.id.length - a.id.length)
  .slice(0, 4)
  .map((r) => r.id);

function record(rule: string, outcome: TestRecord['outcome']): TestRecord {
  const title = `POST /customers/{customerAccountNumber}/updateDetail answers injection strings, control characters and wrong JSON types without a 5xx [${rule}]`;
  return {
    key: `conformance › x.spec.ts › ${title}`,
    title,
    file: 'specs/security/security-hostile-input.spec.ts',
    ruleIds: [rule],
    outcome,
    ...(outcome === 'failed'
      ? { failedRules: [rule], reason: `[${rule}] /customers/{customerAccountNumber}/updateDetail answered 200` }
      : {}),
  };
}

function finding(rule: string, count: number): LedgerEntry {
  return {
    rule,
    operationId: 'updateCustomerDetail',
    check: 'response_schema_conformance',
    title: `/customerContact/emailAddress must match format "email" (customer.json) at https://fleet-test.example.com/identity/realms/fleet/protocol/openid-connect/token`,
    count,
    seenIn:
      'POST /customers/{customerAccountNumber}/updateDetail answers negative, float, huge, encoded and traversing path parameters [ROBUST-NO-5XX-ON-BAD-INPUT]',
    evidence: {
      operationId: 'updateCustomerDetail',
      baseUrl: 'https://fleet-test.example.com',
      request: {
        method: 'POST',
        path: `/customers/${'%2e%2e%2f'.repeat(20)}/updateDetail`,
        auth: 'token',
        headers: {},
      },
      response: { status: 200, body: '{}' },
      startedAt: '2030-01-01T00:00:00Z',
    },
  };
}

/** Every cell of the matrix filled, with the longest notes the matrix writes; two foreign cells failed, with their evidence. */
function matrixCells(): CellResult[] {
  const evidence = finding('CARD-FOREIGN-403', 1).evidence!;
  return rowIds.flatMap((row) =>
    columnsOf(row).map((column): CellResult => {
      const card = ROWS[row].table === 'cards';
      const resource = card ? '4000123' : isOwn(column) ? '7000001001' : '8000000101';
      if (isOwn(column)) return { row, column, verdict: 'passed', status: 200, resource, note: 'served' };
      if ((row === 'blockCard' && column === 'foreignSub') || (row === 'blockCustomer' && column === 'foreignSubSub')) {
        return {
          row,
          column,
          verdict: 'failed',
          status: 200,
          resource,
          note: "served (200): the caller reached another client's resource; its owner unblocked it (200)",
          evidence: { ...evidence, request: { ...evidence.request, path: `/cards/${resource}/block` } },
        };
      }
      return {
        row,
        column,
        verdict: 'passed',
        status: 403,
        resource,
        note: "refused: 403; blocked by its owner first, as the caller's own was; statusReasonId 13 of its owner's master data (the two hold no reason id in common)",
      };
    })
  );
}

/** Runs in the page (a string: the project's TypeScript knows no DOM). */
const MEASURE = `(() => {
  const tokens = Array.from(document.querySelectorAll('code.id, code.res, td .num, td span[class]:not(.path)'));
  const lineHeight = (el) => parseFloat(getComputedStyle(el).lineHeight) || 20;
  const cellRight = (el) => el.closest('td') ? el.closest('td').getBoundingClientRect().right : Infinity;
  return {
    tokens: tokens.length,
    broken: tokens.filter((el) => el.getBoundingClientRect().height > lineHeight(el) * 1.6).map((el) => el.textContent),
    spilled: tokens.filter((el) => el.getBoundingClientRect().right > cellRight(el) + 1).map((el) => el.textContent),
    wide: Array.from(document.querySelectorAll('.table-wrap')).filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => w.previousElementSibling && w.previousElementSibling.textContent),
    matrix: { tables: document.querySelectorAll('table.matrix').length, segments: document.querySelectorAll('table.matrix .seg').length, resources: document.querySelectorAll('table.matrix code.res').length },
  };
})()`;

type Layout = { tokens: number; broken: string[]; spilled: string[]; wide: string[]; matrix: Record<string, number> };

/** `html` opened from disk at each width, measured. */
async function layoutsOf(html: string, name: string): Promise<Map<number, Layout>> {
  const file = join(mkdtempSync(join(tmpdir(), 'fleet-layout-')), name);
  writeFileSync(file, html);
  const browser = await launchChromium();
  const layouts = new Map<number, Layout>();
  try {
    for (const width of [1400, 1000]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`file://${file}`);
      layouts.set(width, (await page.evaluate(MEASURE)) as Layout);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return layouts;
}

test("coverage.html at 1400 and 1000 pixels: no id, state, count, resource or path segment breaks or spills, no table wider than its box, the matrix's two tables included", async () => {
  const records = [
    ...longest.map((id) => record(id, 'failed')),
    record('CARD-SHAPE', 'blocked'),
    record('SESSION-SHAPE', 'suite-error'),
    record('CUST-SHAPE', 'passed'),
  ];
  const coverage = buildCoverage(
    'test https://fleet-test.example.com',
    records,
    longest.map((id, i) => finding(id, 10_000 + i)),
    emptyFootprint()
  );
  for (const [width, layout] of await layoutsOf(
    coverageHtml(coverage, authzMatrixHtml(buildAuthzMatrix(matrixCells(), []))),
    'coverage.html'
  )) {
    expect(layout.tokens, `${width} px: ids, states and counts found`).toBeGreaterThan(300);
    expect(layout.matrix, `${width} px: the matrix's two tables, their paths and resources`).toEqual({
      tables: 2,
      segments: 43,
      resources: 100,
    });
    expect(layout, `${width} px`).toMatchObject({ broken: [], spilled: [], wide: [] });
  }
});

test('document.html at 1400 and 1000 pixels: no rule id, fault id, verdict or count breaks or spills, no table wider than its box', async () => {
  // Every rule of the catalogue judged, the longest failed, and a statement left without its fault.
  const records = [
    ...longest.map((id) => record(id, 'failed')),
    ...ruleList.filter((r) => !longest.includes(r.id)).map((r) => record(r.id, 'passed')),
  ];
  const coverage = buildCoverage('test https://fleet-test.example.com', records, [], emptyFootprint());
  const proofs = faultProofs.map((p) =>
    p.proves.includes('intro.json') ? { ...p, proves: p.proves.filter((k) => k !== 'intro.json') } : p
  );
  const report = buildDocumentReport(coverage.target, coverage.rules, proofs);
  expect(report.totals.unproven + report.totals.partly, 'a statement shows "cited, no fault yet"').toBeGreaterThan(0);
  for (const [width, layout] of await layoutsOf(documentHtml(report), 'document.html')) {
    expect(layout.tokens, `${width} px: ids, verdicts and counts found`).toBeGreaterThan(1000);
    expect(layout, `${width} px`).toMatchObject({ broken: [], spilled: [], wide: [] });
  }
});

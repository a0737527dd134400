/**
 * The nightly (.github/workflows/nightly.yml) as written, three nights in a row through the local
 * workflow runner against the stand-in test environment: clean (the first baseline), a planted
 * fault (the gate fails), clean again (it passes). What its Pages job deployed is then looked at
 * as a person does and as a scanner does: the index lists the three nights with their verdicts,
 * latest/ is the newest and opens in Debian's Chromium at 1000 px (as does the index), the Allure
 * report of the newest night shows the trend of every night, and no secret is anywhere in the
 * tree (every file, and what its single-file reports carry).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readManifest } from '../../lib/pages/site.js';
import { SecretRegistry } from '../../lib/report/redact.js';
import { partsOf, scanTree } from '../../lib/report/secret-scan.js';
import { FIRST_NIGHT, PLANTED_FAULT, SHORT_VARS, STAND_IN_LATENCY, STAND_IN_VARIANTS } from '../nights/plan.js';
import { type StandIn, standInSettings, startStandIn } from '../nights/stand-in.js';
import { ThrowawayRepository } from '../nights/throwaway.js';
import { launchChromium } from '../selftest/chromium.js';
import { runWorkflow } from '../workflow/runner.js';
import { type ProofOptions, type ProofResult, since, startProof } from './proof.js';

const NIGHTS: { faults: string[]; verdict: string; exit: number }[] = [
  { faults: [], verdict: 'BASELINE', exit: 0 },
  { faults: [PLANTED_FAULT], verdict: 'FAIL', exit: 1 },
  { faults: [], verdict: 'PASS', exit: 0 },
];

/** The points of the Allure report's trend (its status dynamics chart), from its embedded widgets/charts.json. */
export function allureTrend(indexHtml: string): number {
  const charts = partsOf('allure', indexHtml)
    .map(([, text]) => text)
    .find((t) => t.startsWith('{') && t.includes('"statusDynamics"'));
  if (!charts) return 0;
  const general = (JSON.parse(charts) as { general?: Record<string, { type: string; data: unknown[] }> }).general ?? {};
  return Object.values(general).find((c) => c.type === 'statusDynamics')?.data.length ?? 0;
}

export async function provePages(o: ProofOptions): Promise<ProofResult> {
  const { started, checks, work } = startProof(o);
  const repository = ThrowawayRepository.clone(resolve(o.repo), join(work, 'repository'));
  const actions = join(work, 'actions');
  const files: Record<string, string> = {};
  const secrets = new SecretRegistry();
  let standIn: StandIn | undefined;
  try {
    for (const [i, night] of NIGHTS.entries()) {
      await standIn?.stop();
      standIn = await startStandIn({
        latency: STAND_IN_LATENCY,
        variants: STAND_IN_VARIANTS,
        faults: night.faults,
        cwd: resolve(o.repo),
      });
      const settings = standInSettings(standIn.baseUrl, SHORT_VARS);
      for (const secret of Object.values(settings.secrets)) secrets.add(secret);
      const run = await runWorkflow({
        workflow: 'nightly',
        repo: repository.dir,
        workDir: actions,
        settings,
        progress: o.progress,
        ...(i === 0 ? { event: FIRST_NIGHT } : {}),
      });
      const pages = run.jobs.find((j) => j.id === 'pages');
      checks.check(
        `night ${i + 1} (${night.faults.join(', ') || 'clean'}): its Pages job deployed the site`,
        pages?.conclusion === 'success',
        pages?.steps
          .filter((s) => s.outcome !== 'success')
          .map((s) => `${s.name}: ${s.log ? readFileSync(s.log, 'utf8').slice(-400) : s.outcome}`)
          .join(' | ')
      );
    }
    const site = join(actions, 'pages', 'site');
    const manifest = readManifest(site);
    checks.check(
      'the index lists the three nights with their verdicts and exit codes',
      manifest.nights.map((n) => `${n.verdict} ${n.exitCode}`).join(', ') ===
        NIGHTS.map((n) => `${n.verdict} ${n.exit}`).join(', '),
      manifest.nights.map((n) => `${n.id} ${n.verdict} ${n.exitCode}`).join(', ')
    );
    const index = readFileSync(join(site, 'index.html'), 'utf8');
    checks.check(
      "index.html links each night's folder",
      manifest.nights.every(
        (n) =>
          index.includes(`href="nights/${n.id}/"`) && existsSync(join(site, 'nights', n.id, 'allure', 'index.html'))
      )
    );
    const newest = manifest.nights.at(-1)!;
    checks.check(
      'latest/ is the newest night',
      readFileSync(join(site, 'latest', 'index.html'), 'utf8').includes(`night ${newest.id}`)
    );
    const history = readFileSync(join(site, 'history', 'allure-history.jsonl'), 'utf8')
      .trim()
      .split('\n');
    checks.check(
      "Allure 3's history file is published beside them, a line a night",
      history.length === NIGHTS.length,
      `${history.length} lines`
    );
    const trend = allureTrend(readFileSync(join(site, 'latest', 'allure', 'index.html'), 'utf8'));
    checks.check("the newest Allure report's trend shows every night", trend === NIGHTS.length, `${trend} points`);

    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
      for (const [label, path, expect] of [
        ['index', 'index.html', 'fleet-conformance reports'],
        ['latest', 'latest/index.html', `fleet-conformance night ${newest.id}`],
      ] as const) {
        await page.goto(pathToFileURL(join(site, path)).href);
        const heading = await page.locator('h1').first().innerText();
        const overflow = (await page.evaluate('document.documentElement.scrollWidth')) as number;
        const shot = join(work, `pages-${label}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        files[`screenshot of ${path} at 1000 px`] = shot;
        checks.check(
          `${path} opens in Chromium at 1000 px: "${heading}", ${overflow} px wide`,
          heading === expect && overflow <= 1000,
          `${heading}, ${overflow} px`
        );
      }
      await page.goto(pathToFileURL(join(site, 'latest', 'allure', 'index.html')).href);
      await page.getByText('fleet-conformance', { exact: false }).first().waitFor({ timeout: 30_000 });
      const shot = join(work, 'pages-latest-allure.png');
      await page.screenshot({ path: shot });
      files['screenshot of latest/allure/index.html at 1000 px'] = shot;
      checks.check('latest/allure/index.html opens in Chromium', true);
    } finally {
      await browser.close();
    }
    const found = scanTree(site, secrets);
    checks.check(
      "no secret in the published tree (the stand-in's client secrets, a bearer token or an access_token, in every file and every payload)",
      found.length === 0,
      found.slice(0, 10).join('; ')
    );
    files['the published site'] = site;
  } finally {
    await standIn?.stop();
  }
  return { name: 'nightly to GitHub Pages', seconds: since(started), checks: checks.list, files };
}

/** The published site's own pages: the index of nights and deployment checks, and each entry's page. */
import { escapeHtml, page } from '../report/html.js';
import { folderOf, PUBLISHED, type SiteEntry, type SiteManifest } from './entries.js';

const CLASS: Record<string, string> = {
  PASS: 'passed',
  BASELINE: 'passed',
  FAIL: 'failed',
  'BAD INPUT': 'suite-error',
  'NOT JUDGED': 'incomplete',
  UNAVAILABLE: 'not-run',
  UNJUDGED: 'not-run',
};

function verdictCell(e: SiteEntry): string {
  return `<span class="${CLASS[e.verdict] ?? 'uncovered'}">${escapeHtml(e.verdict)}</span>${e.exitCode === undefined ? '' : ` <small>exit ${e.exitCode}</small>`}`;
}

function links(e: SiteEntry, prefix: string): string {
  const shown = PUBLISHED.filter(([f]) => e.files.includes(f) && f.endsWith('.html'));
  return shown
    .map(
      ([f, label]) => `<a href="${escapeHtml(`${prefix}${f}`)}">${escapeHtml(label.split(' (')[0]!.split(':')[0]!)}</a>`
    )
    .join(' · ');
}

const num = (n: number | undefined) => `<span class="num">${n ?? '—'}</span>`;

function row(e: SiteEntry): string {
  const prefix = `${folderOf(e.kind, e.id)}/`;
  const c = e.counts;
  return (
    `<tr><td><a href="${escapeHtml(prefix)}">${escapeHtml(e.id)}</a><br><small>${escapeHtml(e.at.replace('T', ' ').slice(0, 16))} UTC</small></td>` +
    `${e.kind === 'deploy' ? `<td>${e.context.map((l) => escapeHtml(l)).join('<br>') || '—'}</td>` : ''}` +
    `<td>${verdictCell(e)}<br><small>${escapeHtml(e.line)}</small></td><td>${num(c?.failed)}</td><td>${num(c?.notJudged)}</td><td>${num(c?.unavailable)}</td><td>${num(c?.passed)}</td><td>${links(e, prefix)}</td></tr>`
  );
}

function table(entries: SiteEntry[], deploy: boolean): string {
  if (!entries.length) return '<p><small>none yet</small></p>';
  return (
    `<div class="table-wrap"><table><thead><tr><th>${deploy ? 'run' : 'night'}</th>${deploy ? '<th>service</th>' : ''}<th>verdict</th><th>rules failed</th><th>not judged</th><th>unavailable</th><th>passed</th><th>reports</th></tr></thead>` +
    `<tbody>${[...entries].reverse().map(row).join('')}</tbody></table></div>`
  );
}

export function indexPage(m: SiteManifest): string {
  const latest = m.nights.at(-1);
  const head = latest
    ? `<p class="meta">The latest night: <a href="latest/">${escapeHtml(latest.id)}</a>, ${verdictCell(latest)} · ${m.nights.length} night${m.nights.length === 1 ? '' : 's'} kept · target <code>${escapeHtml(latest.target ?? '—')}</code></p>`
    : '<p class="meta">No night published yet.</p>';
  return page(
    'fleet-conformance reports',
    `<h1>fleet-conformance reports</h1>${head}` +
      `<h2>Nights</h2>${table(m.nights, false)}<h2>Deployment checks</h2>${table(m.deploys, true)}` +
      "<p><small>Each night is compared with the last accepted one by the regression gate; a deployment check with the nightly's baseline. The Allure report of a night shows the trend of the nights before it.</small></p>"
  );
}

/** An entry's page; `root` leads from its folder back to the site's index. */
export function entryPage(e: SiteEntry, root: string): string {
  const what = e.kind === 'night' ? `night ${e.id}` : `deployment check ${e.id}`;
  const c = e.counts;
  const counts = c
    ? `<p>${c.failed} rules failed · ${c.notJudged} not judged · ${c.unavailable} unavailable · ${c.findings} findings · ${c.blocked} blocked · ${c.passed} passed · ${c.tests} tests</p>`
    : '';
  const all = PUBLISHED.filter(([f]) => e.files.includes(f))
    .map(([f, label]) => `<li><a href="${escapeHtml(f)}">${escapeHtml(label)}</a></li>`)
    .join('');
  return page(
    `fleet-conformance ${what}`,
    `<h1>fleet-conformance ${escapeHtml(what)}</h1>` +
      `<p class="meta">${escapeHtml(e.at)} · target <code>${escapeHtml(e.target ?? '—')}</code> · <a href="${escapeHtml(root)}">all nights and deployment checks</a></p>` +
      `<p>${verdictCell(e)} ${escapeHtml(e.line)}</p>${e.context.length ? `<ul>${e.context.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : ''}${counts}` +
      `<h2>Reports</h2><ul>${all}</ul>`
  );
}

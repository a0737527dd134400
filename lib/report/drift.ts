/**
 * Drift: what the target did that the document does not describe (undocumented fields, status
 * codes, enum values, error codes), one example request each, with the assumptions in force.
 * Reported, never failed.
 */
import type { Config } from '../config.js';
import { assumptions } from '../rules/assumptions.js';
import { escapeHtml, num, page, table } from './html.js';
import type { DriftRecord } from './test-sink.js';

export interface DriftEntry extends DriftRecord {
  /** Every operation the same drift was seen on (the example is from the first). */
  operations: string[];
  occurrences: number;
}

export interface DriftReport {
  target: string;
  generatedAt: string;
  entries: DriftEntry[];
  assumptions: {
    id: string;
    silence: string;
    choice: string;
    suite: string;
    setting?: string;
    inForce?: string;
    strict: boolean;
    seen: string[];
  }[];
  /** Answers that asked the client to come back later (429, 503 with Retry-After). */
  throttled: number;
  /** Silences the suite could not settle on this target, each once: `{entry, text}` (the tests that needed them were not run). */
  notices: { entry: string; text: string }[];
}

/** One entry per kind of drift, whatever the operation: the sandbox's 401 code on 19 operations is one finding. */
export function mergeDrift(records: DriftRecord[]): DriftEntry[] {
  const merged = new Map<string, DriftEntry>();
  for (const r of records) {
    const key = `${r.check} ${r.where ?? r.title} ${r.received ?? ''}`;
    const existing = merged.get(key);
    if (!existing) merged.set(key, { ...r, operations: [r.operationId], occurrences: r.count ?? 1 });
    else {
      existing.occurrences += r.count ?? 1;
      if (!existing.operations.includes(r.operationId)) existing.operations.push(r.operationId);
    }
  }
  return [...merged.values()].sort((a, b) => a.title.localeCompare(b.title));
}

/** At most this many different observations are kept per register entry. */
const MAX_SEEN = 12;

/** `ENTRY: text` annotations, each distinct text once, in the order first met. */
function noticesOf(annotations: string[]): DriftReport['notices'] {
  return [...new Set(annotations)].map((a) => {
    const at = a.indexOf(': ');
    return { entry: a.slice(0, at), text: a.slice(at + 2) };
  });
}

export function buildDrift(
  config: Config | undefined,
  target: string,
  records: DriftRecord[],
  seen: string[] = [],
  notices: string[] = []
): DriftReport {
  const entries = mergeDrift(records);
  return {
    target,
    generatedAt: new Date().toISOString(),
    entries,
    assumptions: assumptions.map(({ inForce, ...a }) => ({
      ...a,
      ...(inForce && config ? { inForce: inForce(config) } : {}),
      strict: config?.strict.has(a.id) ?? false,
      seen: [...new Set(seen.filter((s) => s.startsWith(`${a.id}: `)).map((s) => s.slice(a.id.length + 2)))].slice(
        0,
        MAX_SEEN
      ),
    })),
    throttled: entries.filter((e) => e.check === 'throttling').reduce((n, e) => n + e.occurrences, 0),
    notices: noticesOf(notices),
  };
}

export function driftHtml(report: DriftReport): string {
  const rows = report.entries.map((e) => [
    e.operations.map((o) => `<code>${escapeHtml(o)}</code>`).join(' '),
    escapeHtml(e.title),
    `<code>${escapeHtml(e.received ?? '')}</code>`,
    `<small>${escapeHtml(e.documented ?? '')}</small>`,
    `<code>${escapeHtml(`${e.example.method} ${e.example.path}`)}</code> → ${e.example.status}`,
    num(e.occurrences),
  ]);
  const register = report.assumptions.map((a) => [
    `<code class="id">${escapeHtml(a.id)}</code>${a.strict ? '<br><span class="assumption-failed">strict (FLEET_STRICT)</span>' : ''}`,
    escapeHtml(a.silence),
    escapeHtml(a.choice),
    escapeHtml(a.suite),
    a.setting ? `<code>${escapeHtml(a.setting)}</code>${a.inForce ? `<br>${escapeHtml(a.inForce)}` : ''}` : '',
    a.seen.length ? `<ul>${a.seen.map((x) => `<li>${escapeHtml(x)}</li>`).join('')}</ul>` : '',
  ]);
  return page(
    'Drift and assumptions',
    `<h1>Drift and assumptions</h1>
<div class="meta">target ${escapeHtml(report.target)} · ${escapeHtml(report.generatedAt)} · drift is reported, not failed · throttled ${report.throttled} times</div>
${
  report.notices.length
    ? `<h2 id="notices">Configuration notices (${report.notices.length}): silences the suite could not settle on this target; the tests that needed them were not run</h2>
${table(
  ['register entry', 'notice'],
  report.notices.map((n) => [`<code class="id">${escapeHtml(n.entry)}</code>`, escapeHtml(n.text)])
)}`
    : ''
}
<h2>What the target did that the document does not describe (${report.entries.length})</h2>
${report.entries.length ? table(['operations', 'drift', 'seen', 'documented', 'example', 'times'], rows) : '<p>None seen.</p>'}
<h2>Assumptions register in force</h2>
${table(['id', 'the document leaves open', 'choice', 'how the suite treats other choices', 'setting', 'what this target chose'], register)}`
  );
}

/**
 * The verdict on a CI job's page (GitHub's job summary, `$GITHUB_STEP_SUMMARY`: Markdown): the
 * verdict and its exit code, the counts, each regression and each broken rule with its one-line
 * reason and its curl replay, the operations that answered unavailable, the environment's night in
 * one line, and links to the reports. Read from coverage.json and, when a gate compared, gate.json.
 * Replays carry `$FLEET_TOKEN`, never a token; the text is scrubbed of the run's secrets besides.
 */

import { type EnvironmentReport, environmentLine } from '../environment.js';
import { type GateResult, type GateRow, UNJUDGED_KINDS } from '../gate/compare.js';
import type { Evidence } from '../ledger.js';
import { curlOf, type Replay, replayHint } from './replay.js';
import type { TestRecord } from './test-record.js';
import { type CoverageForVerdict, countsOf, type Verdict } from './verdict.js';

export interface SummaryInput {
  /** What ran: "deployment check", "nightly", "pull request". */
  title: string;
  verdict: Verdict;
  coverage?: CoverageForVerdict & { records?: TestRecord[]; environment?: EnvironmentReport };
  gate?: GateResult;
  /** Lines of context under the verdict (the service's version, the reason given). */
  context?: string[];
  /** Links to the reports: label → URL. */
  links?: [label: string, url: string][];
  /** How to get a token for the replays (the package's command, or the clone's npm script). */
  tokenHint?: string;
  scrub?: (text: string) => string;
}

/** GitHub refuses a step summary over 1 MiB: lists stop here, a replay is cut here. */
const MAX_ITEMS = 25;
const MAX_REPLAY = 2_000;
/** Gate rows that say what could not be judged, besides the regressions. */
const NOT_JUDGED_KINDS: readonly string[] = UNJUDGED_KINDS;

const ICON: Record<string, string> = {
  PASS: '✅',
  BASELINE: '✅',
  FAIL: '❌',
  UNAVAILABLE: '⚠️',
  'NOT JUDGED': '⚠️',
  UNJUDGED: '⚠️',
};

/** A fenced block that its content cannot close. */
function fenced(text: string, lang = ''): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return [
    `${fence}${lang}`,
    text.length > MAX_REPLAY ? `${text.slice(0, MAX_REPLAY)}… (whole in coverage.html)` : text,
    fence,
  ];
}

/** Markdown text of one line: no line breaks, no HTML. */
function inline(text: string | undefined, max = 300): string {
  const one = (text ?? '').replace(/\s+/g, ' ').trim();
  return (one.length > max ? `${one.slice(0, max)}…` : one).replace(/</g, '&lt;');
}

function replayOfEvidence(e: Evidence): Replay {
  return { baseUrl: e.baseUrl, command: curlOf(e.baseUrl, e.request) };
}

type SummaryRule = NonNullable<SummaryInput['coverage']>['rules'][number];

function ruleReplay(rule: SummaryRule | undefined): Replay | undefined {
  if (!rule) return undefined;
  const evidence = rule.evidence ?? rule.findings.find((f) => f.evidence)?.evidence;
  return evidence ? replayOfEvidence(evidence) : undefined;
}

/** The replay that shows a gate row: its rule's evidence, or its test's. */
function rowReplay(row: GateRow, input: SummaryInput): Replay | undefined {
  const rules = input.coverage?.rules ?? [];
  const byRule = (id: string) => ruleReplay(rules.find((r) => r.id === id));
  const blocker = /^\d+ tests? by (\S+)$/.exec(row.subject)?.[1];
  if (blocker) return byRule(blocker);
  const record = input.coverage?.records?.find((r) => r.key === row.subject);
  if (record)
    return record.evidence ? replayOfEvidence(record.evidence) : record.failedRules?.map(byRule).find(Boolean);
  return byRule(row.subject);
}

function exchangeLine(e: Evidence | undefined): string[] {
  return e
    ? [
        `  \`${e.request.method} ${inline(e.request.path, 160)}\` → ${e.response.status}${e.pointer ? ` at \`${e.pointer}\`` : ''}`,
      ]
    : [];
}

function replayLines(replay: Replay | undefined, seen: Set<string>): string[] {
  if (!replay) return [];
  seen.add(replay.baseUrl);
  return fenced(replay.command, 'sh').map((l) => `  ${l}`);
}

export function jobSummary(input: SummaryInput): string {
  const { verdict, coverage, gate } = input;
  const bases = new Set<string>();
  const out: string[] = [];
  const code = verdict.exitCode === undefined ? '' : ` (exit ${verdict.exitCode})`;
  out.push(
    `## ${ICON[verdict.word] ?? '❔'} fleet-conformance ${input.title}: ${verdict.word}${code}`,
    '',
    inline(verdict.line, 1_000),
    ''
  );
  for (const line of input.context ?? []) out.push(`- ${inline(line)}`);
  if (input.context?.length) out.push('');

  if (coverage) {
    const c = countsOf(coverage);
    out.push(
      `Target: \`${inline(coverage.target, 200)}\` · ${coverage.generatedAt}`,
      '',
      '| rules failed | not judged | unavailable | findings | blocked | passed | tests |',
      '|---:|---:|---:|---:|---:|---:|---:|',
      `| ${c.failed} | ${c.notJudged} | ${c.unavailable} | ${c.findings} | ${c.blocked} | ${c.passed} | ${c.tests} |`,
      ''
    );
  }

  if (gate?.regressions.length) {
    out.push(`### Regressions (${gate.regressions.length})`, '');
    for (const row of gate.regressions.slice(0, MAX_ITEMS)) {
      out.push(
        `- **${row.kind}** \`${inline(row.subject, 200)}\` (${inline(row.change, 80)}): ${inline(row.detail[0])}`,
        ...replayLines(rowReplay(row, input), bases)
      );
    }
    if (gate.regressions.length > MAX_ITEMS)
      out.push(`- … and ${gate.regressions.length - MAX_ITEMS} more in gate.json`);
    out.push('');
  }
  const notJudged = (gate?.rows ?? []).filter(
    (r) => NOT_JUDGED_KINDS.includes(r.kind) && !gate!.regressions.includes(r)
  );
  if (notJudged.length) {
    out.push(
      `### Not judged (${notJudged.length})`,
      '',
      ...notJudged
        .slice(0, MAX_ITEMS)
        .map((r) => `- **${r.kind}** \`${inline(r.subject, 200)}\`: ${inline(r.detail.join('; '))}`),
      ''
    );
  }

  const unavailable = coverage?.unavailable ?? [];
  if (unavailable.length) {
    out.push(`### Unavailable (${unavailable.length})`, '');
    for (const u of unavailable.slice(0, MAX_ITEMS))
      out.push(`- \`${u.method} ${inline(u.path, 160)}\` (${u.operationId}): ${inline(u.reason)}`);
    out.push('');
  }

  const broken = (coverage?.rules ?? []).filter((r) => r.status === 'failed' || r.status === 'assumption-failed');
  if (broken.length) {
    out.push(`### Broken rules (${broken.length})`, '');
    for (const r of broken.slice(0, MAX_ITEMS)) {
      const evidence = r.evidence ?? r.findings.find((f) => f.evidence)?.evidence;
      const reason = r.message ?? r.findings[0]?.title;
      out.push(
        `- **${r.id}**${r.status === 'assumption-failed' ? ' (assumption)' : ''}: ${inline(r.words, 200)}${reason ? ` — ${inline(reason)}` : ''}`,
        ...exchangeLine(evidence),
        ...replayLines(ruleReplay(r), bases)
      );
    }
    if (broken.length > MAX_ITEMS) out.push(`- … and ${broken.length - MAX_ITEMS} more in coverage.html`);
    out.push('');
  }
  if (bases.size)
    out.push(
      `Replays: ${[...new Set([...bases].map((b) => inline(replayHint(b).replace('npm run -s token', input.tokenHint ?? 'npm run -s token'))))].join('; ')} first.`,
      ''
    );

  if (coverage?.environment)
    out.push(
      `The environment's night — ${inline(environmentLine(coverage.environment).replace(/^environment: /, ''), 600)}`,
      ''
    );
  if (input.links?.length)
    out.push(`Reports: ${input.links.map(([label, url]) => `[${inline(label, 80)}](${url})`).join(' · ')}`, '');
  const text = `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
  return input.scrub ? input.scrub(text) : text;
}

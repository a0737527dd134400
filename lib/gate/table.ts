/** The gate's answer as text: a table of what changed (regressions first) and the one-line verdict. */
import {
  type GateResult,
  type GateRow,
  INCOMPLETE_KINDS,
  type JudgedShare,
  NOTICE_KINDS,
  REGRESSION_KINDS,
  SUITE_KINDS,
  UNJUDGED_KINDS,
} from './compare.js';

/** Rows of one kind shown before "… and N more". */
const MAX_ROWS = 25;
const WIDTH = { kind: 19, subject: 46, change: 26 };

function line(row: GateRow, mark: string): string[] {
  const head = `${mark} ${row.kind.padEnd(WIDTH.kind)}`;
  const indent = ' '.repeat(head.length + 2);
  const [first = '', ...more] = row.detail;
  // A long subject (a test key, to copy into known-failures.json) is never cut: the rest moves down.
  const lines =
    row.subject.length > WIDTH.subject
      ? [
          `${head}${row.subject}`,
          `${' '.repeat(head.length + WIDTH.subject)}${row.change.padEnd(WIDTH.change)} ${first}`,
        ]
      : [`${head}${row.subject.padEnd(WIDTH.subject)}${row.change.padEnd(WIDTH.change)} ${first}`];
  return [...lines, ...more.map((d) => `${indent}${d}`)];
}

export function gateTable(result: GateResult): string[] {
  const out = [
    `  ${'verdict'.padEnd(WIDTH.kind + 1)}${'rule / test'.padEnd(WIDTH.subject)}${'baseline → this run'.padEnd(WIDTH.change)} detail`,
  ];
  for (const kind of [...INCOMPLETE_KINDS, ...SUITE_KINDS, ...REGRESSION_KINDS, ...UNJUDGED_KINDS, ...NOTICE_KINDS]) {
    const rows = result.rows.filter((r) => r.kind === kind);
    const mark =
      (REGRESSION_KINDS as readonly string[]).includes(kind) || kind === 'shard not run'
        ? '✘'
        : kind === 'suite error'
          ? '⚠'
          : (UNJUDGED_KINDS as readonly string[]).includes(kind)
            ? '⊘'
            : kind === 'known'
              ? '~'
              : kind === 'not judged'
                ? '?'
                : '·';
    out.push(...rows.slice(0, MAX_ROWS).flatMap((r) => line(r, mark)));
    if (rows.length > MAX_ROWS) out.push(`${mark} … and ${rows.length - MAX_ROWS} more ${kind}`);
  }
  return out.length > 1 ? out : ['  nothing changed against the baseline'];
}

/** How much the night judged: "117 of the 120 rules the baseline judged (97%)". */
export function judgedText(j: JudgedShare, of = 'the baseline judged'): string {
  return `${j.current} of the ${j.baseline} rule${j.baseline === 1 ? '' : 's'} ${of} (${Math.floor(j.share * 100)}%)`;
}

export function verdictLine(result: GateResult): string {
  const count = (kind: string) => result.rows.filter((r) => r.kind === kind).length;
  const canGo = result.rows.filter((r) => r.kind === 'fixed' && r.entries?.length).length;
  const notices = `${count('known')} known, ${count('still failing')} still failing, ${count('fixed')} fixed${canGo ? ` (${canGo} known-failures entr${canGo === 1 ? 'y' : 'ies'} can go)` : ''}, ${count('not judged')} not judged, ${count('new drift')} new drift`;
  if (result.verdict === 'NOT JUDGED') {
    const seen = result.regressions.length
      ? `; ${result.regressions.length} regression${result.regressions.length === 1 ? '' : 's'} seen where it judged, to be confirmed on a night that can be judged`
      : '';
    return `gate: NOT JUDGED — the environment was unavailable: this night judged ${judgedText(result.judged)}, less than ${Math.round(result.judged.min * 100)}%; neither a pass nor a regression${seen} (${notices})`;
  }
  if (result.verdict === 'UNAVAILABLE' || result.verdict === 'UNJUDGED') {
    const said = result.unjudged
      .map((r) => `${r.kind} ${r.subject}`)
      .slice(0, 8)
      .join('; ');
    const why =
      result.verdict === 'UNAVAILABLE'
        ? 'the server answered unavailable to every request of an operation'
        : 'a rule could not be judged night after night';
    return `gate: ${result.verdict} — ${why}: ${said}${result.unjudged.length > 8 ? '; …' : ''}; no regression where the night judged, and not a pass (${notices})`;
  }
  if (result.passed) return `gate: PASS — no regression against the baseline (${notices})`;
  const suite = result.suiteErrors.length
    ? `; ${result.suiteErrors.length} suite error${result.suiteErrors.length === 1 ? '' : 's'} (faults of fleet-conformance, not of the target: the night is not judged where they stopped a test)`
    : '';
  const shards = result.incomplete.length
    ? `${result.incomplete.map((r) => `${r.subject} did not run`).join(', ')}; `
    : '';
  if (!result.regressions.length)
    return `gate: FAIL — ${shards}no regression ${shards ? 'where the night ran' : 'of the target'}${suite} (${notices})`;
  const named = result.regressions
    .slice(0, 8)
    .map((r) => `${r.kind} ${r.subject}`)
    .join('; ');
  return `gate: FAIL — ${shards}${result.regressions.length} regression${result.regressions.length === 1 ? '' : 's'}: ${named}${result.regressions.length > 8 ? '; …' : ''}${suite} (${notices})`;
}

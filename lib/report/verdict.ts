/**
 * A run's verdict as CI pages say it: from the exit code of the command that gave it (the gate's,
 * or the conformance run's when no gate compared), what it means, and one line of why (the gate's
 * verdict line, or the run's counts). The job summary, the commit status and the Pages index say
 * the same words.
 */
import type { GateResult } from '../gate/compare.js';
import { verdictLine } from '../gate/table.js';
import type { CoverageReport, UnavailableOperation } from './coverage.js';

/** What the verdict reads of coverage.json (a report written before `unavailable` was kept lacks it). */
export type CoverageForVerdict = Pick<
  CoverageReport,
  'target' | 'generatedAt' | 'totals' | 'tests' | 'findings' | 'rules'
> & {
  unavailable?: UnavailableOperation[];
};

/** Whose exit code it is: `npm run gate`'s, or `npm run conformance`'s. */
export type ExitOf = 'gate' | 'conformance';

/** Exit codes and their meaning (docs/commands.md). */
const MEANING: Record<ExitOf, Record<number, string>> = {
  conformance: {
    0: 'PASS',
    1: 'FAIL',
    2: 'BAD INPUT',
    3: 'SUITE ERROR',
    4: 'UNAVAILABLE',
    130: 'CANCELLED',
    143: 'CANCELLED',
  },
  gate: { 0: 'PASS', 1: 'FAIL', 2: 'BAD INPUT', 3: 'NOT JUDGED', 4: 'UNAVAILABLE', 5: 'UNJUDGED' },
};

export interface Counts {
  failed: number;
  notJudged: number;
  unavailable: number;
  passed: number;
  blocked: number;
  findings: number;
  tests: number;
}

export function countsOf(coverage: CoverageForVerdict): Counts {
  const status = (s: string) => coverage.rules.filter((r) => r.status === s).length;
  return {
    failed: coverage.totals.failed + coverage.totals['assumption-failed'],
    notJudged: coverage.totals.incomplete,
    unavailable: status('unavailable'),
    passed: coverage.totals.passed,
    blocked: coverage.totals.blocked,
    findings: coverage.findings.length,
    tests: coverage.tests.total,
  };
}

export interface Verdict {
  /** PASS, FAIL, NOT JUDGED, …; BASELINE for a first night the gate made the baseline of. */
  word: string;
  exitCode?: number;
  /** One line of why (the gate's verdict line without its "gate: PASS — " words, or the counts). */
  line: string;
  /** Passed, as a commit status says it; undefined when it could not be judged. */
  passed?: boolean;
}

function countsLine(c: Counts): string {
  return `${c.failed} rule${c.failed === 1 ? '' : 's'} failed, ${c.findings} finding${c.findings === 1 ? '' : 's'}, ${c.notJudged} not judged, ${c.unavailable} unavailable, ${c.passed} passed (${c.tests} tests)`;
}

/**
 * The verdict of a run: the gate's when it compared (gate.json), else the exit code's meaning
 * with the run's counts. `exitCode` may be missing (a step that did not say it).
 */
export function verdictOf(
  coverage: CoverageForVerdict | undefined,
  gate: GateResult | undefined,
  exitCode: number | undefined,
  of: ExitOf
): Verdict {
  const counts = coverage ? countsLine(countsOf(coverage)) : 'no coverage.json: the run wrote no report';
  const known = exitCode === undefined ? undefined : MEANING[of][exitCode];
  if (gate) {
    const word = known ?? gate.verdict;
    return {
      word,
      ...(exitCode === undefined ? {} : { exitCode }),
      line: verdictLine(gate).replace(/^gate: [A-Z ]+ — /, ''),
      ...(word === 'PASS'
        ? { passed: true }
        : word === 'FAIL' || word === 'UNAVAILABLE' || word === 'UNJUDGED'
          ? { passed: false }
          : {}),
    };
  }
  if (of === 'gate' && exitCode === 0)
    return {
      word: 'BASELINE',
      exitCode,
      line: `the first night: made the baseline, not compared (${counts})`,
      passed: true,
    };
  const word = known ?? (exitCode === undefined ? 'UNKNOWN' : `EXIT ${exitCode}`);
  return {
    word,
    ...(exitCode === undefined ? {} : { exitCode }),
    line: counts,
    ...(word === 'PASS' ? { passed: true } : word === 'FAIL' || word === 'UNAVAILABLE' ? { passed: false } : {}),
  };
}

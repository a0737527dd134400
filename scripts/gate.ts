/**
 * npm run gate -- --baseline <dir> [--current <dir>] [--known <file>] [--accept | --init] [--min-judged <share>]:
 * this run's reports against the last accepted run's, rule by rule and test by test (lib/gate/).
 * Prints the table and the verdict, writes gate.json beside the current reports.
 * Exit 0: no regression; 1: a regression (or a shard that did not run, a suite error); 2: bad input
 * (a missing report, a malformed entry); 3: not judged: the night judged less than --min-judged
 * (FLEET_GATE_MIN_JUDGED, default 0.8) of the rules the baseline judged, the environment was
 * unavailable: neither a pass nor a regression; 4: an operation the server answered unavailable
 * to every request; 5: a rule not judged on FLEET_GATE_MAX_UNJUDGED_NIGHTS (2) nights in a row. --accept makes the current run the baseline when
 * the gate passes; --init does so without a comparison (the first night, or a deliberate change
 * such as renamed tests), unless a shard of the run did not run or it judged less than that share
 * of the rules its own tests name.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, parseShare } from '../lib/config.js';
import { answeredRules, compareRuns, type GateVerdict, judgedShare, namedRules } from '../lib/gate/compare.js';
import { GateInputError, readKnownFailures, utcDate } from '../lib/gate/known-failures.js';
import { acceptRun, asBefore, keepStreaks, readRunReports, writeStreaks } from '../lib/gate/run-reports.js';
import { gateTable, judgedText, verdictLine } from '../lib/gate/table.js';
import { knownFailuresFile } from '../lib/package-files.js';

const USAGE =
  'usage: npm run gate -- --baseline <dir> [--current <dir>] [--known known-failures.json] [--accept | --init] [--min-judged <share>]';
/** The exit code of a night that is not judged: neither a pass (0) nor a regression (1). */
const NOT_JUDGED_EXIT = 3;
/** Exit codes of a night that does not pass although nothing regressed: an operation unavailable, a rule unjudged too long. */
const VERDICT_EXIT: Partial<Record<GateVerdict, number>> = {
  'NOT JUDGED': NOT_JUDGED_EXIT,
  UNAVAILABLE: 4,
  UNJUDGED: 5,
};

function options(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        baseline: { type: 'string' },
        current: { type: 'string' },
        known: { type: 'string' },
        accept: { type: 'boolean' },
        init: { type: 'boolean' },
        'min-judged': { type: 'string' },
      },
      strict: true,
    });
    if (!values.baseline) throw new GateInputError(`--baseline <dir> is required (${USAGE})`);
    if (values.accept && values.init) throw new GateInputError('--accept and --init exclude each other');
    return values as typeof values & { baseline: string };
  } catch (e) {
    if (e instanceof GateInputError || e instanceof ConfigError) throw e;
    throw new GateInputError(`${(e as Error).message.split('\n')[0]} (${USAGE})`);
  }
}

function main(): number {
  const args = options(process.argv.slice(2));
  const config = loadConfig();
  const current = args.current ?? config.reportsDir;
  const minJudged = parseShare('--min-judged', args['min-judged'], config.gateMinJudged);
  const known = readKnownFailures(args.known ?? knownFailuresFile());
  const run = readRunReports(current, 'current');
  const note = { acceptedAt: new Date().toISOString(), from: current, target: run.coverage.target };
  if (args.init) {
    // A baseline missing a shard's tests would hide that shard's rules night after night.
    const missing = run.coverage.shards?.notRun ?? [];
    for (const s of missing) console.log(`✘ shard not run  shard ${s.shard} of ${s.total}: ${s.reason}`);
    if (missing.length) {
      console.log(
        `gate: FAIL — ${missing.map((s) => `shard ${s.shard} of ${s.total}`).join(', ')} did not run: this night is not made the baseline (--init)`
      );
      return 1;
    }
    // A first night the environment barely answered would make every later night look whole.
    const share = judgedShare(namedRules(run).length, answeredRules(run).length, minJudged);
    if (share.share < share.min) {
      console.log(
        `gate: NOT JUDGED — the environment was unavailable: this night judged ${judgedText(share, 'its tests name')}, less than ${Math.round(minJudged * 100)}%: not made the baseline (--init)`
      );
      return NOT_JUDGED_EXIT;
    }
    const files = acceptRun(current, args.baseline, note);
    console.log(
      `gate: ${current} is now the baseline in ${args.baseline} (${files.join(', ')}), not compared (--init)`
    );
    return 0;
  }
  const baseline = asBefore(readRunReports(args.baseline, 'baseline'), run.coverage.generatedAt);
  const result = compareRuns(baseline, run, known, utcDate(), minJudged, config.gateMaxUnjudgedNights);
  console.log(`gate: ${current} (${run.coverage.generatedAt}) against the baseline ${args.baseline}`);
  console.log(gateTable(result).join('\n'));
  console.log(`gate: judged ${judgedText(result.judged)}; below ${Math.round(minJudged * 100)}% a night is not judged`);
  console.log(verdictLine(result));
  writeFileSync(join(current, 'gate.json'), `${JSON.stringify({ baseline: args.baseline, ...result }, null, 2)}\n`);
  // Kept with the run: when it is accepted, tomorrow's gate counts on from tonight's streaks.
  writeStreaks(current, result.unjudgedNights);
  if (args.accept && result.passed) {
    acceptRun(current, args.baseline, note);
    console.log(`gate: accepted, ${args.baseline} now holds this run`);
  } else if (args.accept) {
    // A night not accepted still counts: a rule unjudged tonight and tomorrow is two nights in a row, whatever tonight's verdict.
    keepStreaks(baseline, run.coverage.generatedAt, result.unjudgedNights);
  }
  return result.passed ? 0 : (VERDICT_EXIT[result.verdict] ?? 1);
}

try {
  process.exit(main());
} catch (e) {
  if (e instanceof GateInputError || e instanceof ConfigError) {
    console.error(`gate: ${e.message}`);
    process.exit(2);
  }
  throw e;
}

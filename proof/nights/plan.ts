/**
 * The nights: the nightly workflow, run by the local runner against the stand-in, night after
 * night with its baseline carried in the Actions cache. What changes from one night to the next is
 * what changes in life: the server (a fault planted, then fixed) and the repository (the fault
 * accepted in known-failures.json, the acceptance expired, the entry removed). Each night states
 * the gate's verdict it must give: the first baseline; the fault named alone; accepted, shown as
 * known; the acceptance expired, failing; fixed, shown as fixed; then five clean nights in a row
 * (the fixed one the first) with no regression.
 */
import type { KnownFailure } from '../../lib/gate/known-failures.js';
import { BAD_NIGHT_RATE } from '../chaos/options.js';
import type { RunEvent } from '../workflow/event.js';

/** A card's status as its name, a plain string: CARD-SHAPE breaks (the night 2). */
export const PLANTED_FAULT = 'card-status-plain-string';
export const PLANTED_RULE = 'CARD-SHAPE';

/** The first night, as a person starts it: a manual run of the nightly asking for the first baseline (a missing one fails any other night). */
export const FIRST_NIGHT: RunEvent = { name: 'workflow_dispatch', inputs: { first_night: 'true' } };

export interface NightPlan {
  name: string;
  /** Sandbox faults of the stand-in this night. */
  faults: string[];
  /** known-failures.json committed before this night; undefined: as the night before. */
  known?: KnownFailure[];
  expect: {
    /** init: the first baseline is made; pass / fail: the gate's verdict. */
    gate: 'init' | 'pass' | 'fail';
    /** The gate's regressions, exactly (`kind subject`). */
    regressions: string[];
    /** Rows the gate must show besides (`kind subject`). */
    rows: string[];
  };
}

const acceptance = (expires: string): KnownFailure[] => [
  {
    rule: PLANTED_RULE,
    reason: 'card status sent as its name since release 4.2',
    tracker: 'https://tracker.example.com/browse/FLEET-42',
    expires,
  },
];

/** The day before `today` (YYYY-MM-DD): an acceptance that has just expired. */
export function dayBefore(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export function nightPlans(today: string): NightPlan[] {
  const clean = (n: number, known?: KnownFailure[]): NightPlan => ({
    name: `clean ${n} of 5`,
    faults: [],
    ...(known ? { known } : {}),
    expect: { gate: 'pass', regressions: [], rows: [] },
  });
  return [
    { name: 'clean: the first baseline', faults: [], known: [], expect: { gate: 'init', regressions: [], rows: [] } },
    {
      name: 'one planted fault',
      faults: [PLANTED_FAULT],
      expect: { gate: 'fail', regressions: [`new failure ${PLANTED_RULE}`], rows: [] },
    },
    {
      name: 'the fault accepted in known-failures.json',
      faults: [PLANTED_FAULT],
      known: acceptance('2999-12-31'),
      expect: { gate: 'pass', regressions: [], rows: [`known ${PLANTED_RULE}`] },
    },
    {
      name: 'the acceptance expired',
      faults: [PLANTED_FAULT],
      known: acceptance(dayBefore(today)),
      expect: { gate: 'fail', regressions: [`expired acceptance ${PLANTED_RULE}`], rows: [] },
    },
    // The first clean night: the fault fixed, its (expired) entry still in the file.
    {
      name: 'fixed: clean 1 of 5',
      faults: [],
      expect: { gate: 'pass', regressions: [], rows: [`fixed ${PLANTED_RULE}`] },
    },
    clean(2, []),
    clean(3),
    clean(4),
    clean(5),
  ];
}

/** The nights `npm run test:long` runs: every verdict of the gate, and the first clean night after them. */
export const SHORT_NIGHTS = 5;

/**
 * The repository variables of a short night (npm run test:long): a few tests of the fault's rule and of
 * other areas, shallow properties, one latency gate for a second, the gate's bar for a night of
 * few rules. The long form takes the defaults.
 */
export const SHORT_VARS: Record<string, string> = {
  // Not the near misses of ERR-NOT-FOUND-404: a hundred requests each, which a bad night's events
  // leave incomplete night after night, and the gate would call the rule unjudged too long.
  FLEET_GREP:
    '^(?!.*near-miss).*\\[(CARD-GET|CARD-STATUS-ACTIVE-1|MASTER-TEN-ARRAYS|SESSION-GET|SESSION-STATUS-ENUM|ERR-NOT-FOUND-404)[\\],]',
  FLEET_FC_RUNS: '3',
  FLEET_WORKERS: '1',
  FLEET_PERF_OPS: 'get-card',
  FLEET_PERF_DURATION: '1',
  // Nine rules: two tests left incomplete by lost answers are 22% of them, which the full night's
  // bar (80% of ~130 rules) would call an unavailable environment. Half of them still is.
  FLEET_GATE_MIN_JUDGED: '0.5',
};

/** A bad night (docs/chaos.md): each kind of event about once in 300 requests. */
export const CHAOS_RATE = BAD_NIGHT_RATE;
/** The short form's few tests send a few hundred requests a night: a rate that still gives each night events of most kinds. */
export const SHORT_CHAOS_RATE = 0.02;

/** The stand-in's latency: the document's shape at a tenth. */
export const STAND_IN_LATENCY = 'doc,scale=0.1';
/** Conforming choices of its own where the document is silent (sandbox/README.md, "Variants"). */
export const STAND_IN_VARIANTS = ['formats-other', 'optional-fields-omitted'];

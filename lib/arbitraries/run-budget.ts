import fc from 'fast-check';

/**
 * What a property may spend: every run sends requests to the target. Two limits, neither of which
 * ever abandons a run half-way (a run owns what it created and must put it back):
 *  - time: no run starts that the longest run so far would carry past the deadline; the property
 *    then ends early, interrupted, not failed (fast-check's own time limit races the running run
 *    and leaves it going on in the background);
 *  - shrinking: a failing run of a server with one fault must not take much longer than a passing
 *    one, so after the first failure a few runs shrink it, then the smallest failure found stands;
 *    a run that judged nothing (blocked, or the environment's: lib/ledger.ts judgesNothing) is not
 *    shrunk at all: it stands as it is, and the property ends.
 */
export const SHRINK_RUNS = 25;

export function withRunBudget<Ts>(
  property: fc.IRawProperty<Ts, true>,
  deadline: number,
  shrinkRuns = SHRINK_RUNS,
  judgesNothing: (error: unknown) => boolean = () => false
): fc.IRawProperty<Ts, true> {
  let failed = false;
  let shrinksLeft = shrinkRuns;
  let longest = 0;
  return {
    isAsync: () => true,
    generate: (mrng, runId) => property.generate(mrng, runId),
    shrink: (value) => property.shrink(value),
    runBeforeEach: () => property.runBeforeEach(),
    runAfterEach: () => property.runAfterEach(),
    async run(value) {
      if (failed && shrinksLeft-- <= 0) return null;
      const started = Date.now();
      if (started + longest > deadline) return new fc.PreconditionFailure(true);
      const outcome = await property.run(value);
      longest = Math.max(longest, Date.now() - started);
      if (outcome !== null && !fc.PreconditionFailure.isFailure(outcome)) {
        if (!failed && judgesNothing(outcome.error)) shrinksLeft = 0;
        failed = true;
      }
      return outcome;
    },
  };
}

/**
 * fast-check's verdict on a property its time stopped before any run: "failed", with no error.
 * Nothing was judged (the test's time went to what came before it): the test is incomplete.
 */
export function stoppedBeforeAnyRun(
  details: Pick<fc.RunDetails<unknown>, 'failed' | 'interrupted' | 'errorInstance'>
): boolean {
  return details.failed && details.interrupted && details.errorInstance === null;
}

import fc from 'fast-check';

/**
 * Runs a property may spend shrinking a failure: every run sends requests to the target, and a
 * failing run of a server with one fault must not take much longer than a passing one. The
 * failure reported is still a real one, the smallest found within the budget.
 */
export const SHRINK_RUNS = 25;

/** `property`, whose runs after its first failure pass unrun once the budget is spent, which ends the shrinking there. */
export function withShrinkBudget<Ts>(property: fc.IRawProperty<Ts, true>, budget = SHRINK_RUNS): fc.IRawProperty<Ts, true> {
  let failed = false;
  let left = budget;
  return {
    isAsync: () => true,
    generate: (mrng, runId) => property.generate(mrng, runId),
    shrink: (value) => property.shrink(value),
    runBeforeEach: () => property.runBeforeEach(),
    runAfterEach: () => property.runAfterEach(),
    async run(value) {
      if (failed && left-- <= 0) return null;
      const outcome = await property.run(value);
      if (outcome !== null && !fc.PreconditionFailure.isFailure(outcome)) failed = true;
      return outcome;
    },
  };
}

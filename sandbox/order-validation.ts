/**
 * What a refused card order reports (ASSUME-ORDER-VALIDATION): by default every problem at once,
 * unknown identifiers with the rest. order-validated-later checks identifiers only after the 202
 * (the order then fails, with no card made); order-validation-phased answers a missing required
 * field alone, and checks the rest only when the body is complete.
 */
import type { Problem } from './errors.js';
import type { Variants } from './variants.js';

export function orderProblems(
  problems: Problem[],
  unknownIds: Problem[],
  missingCode: string,
  variants: Variants
): Problem[] {
  const all = variants.has('order-validated-later') ? problems : [...problems, ...unknownIds];
  const missing = all.filter((p) => p.code === missingCode);
  return variants.has('order-validation-phased') && missing.length ? missing : all;
}

/**
 * The answer to a near miss of an identifier the caller holds (fixtures/near-miss.ts): refused,
 * with any 4xx (whether the value is unknown or malformed rests on a format the document does not
 * show: ASSUME-FORMATS), or served only as what the value itself names, never as the resource it
 * is near.
 */

import type { FleetApi } from '../api.js';
import type { ApiResponse } from '../client.js';
import type { Assumptions } from '../fixture-contracts.js';
import { expect, forRule, judgingPlace } from '../judge.js';
import type { RuleId } from '../rules/catalogue.js';

/**
 * Refused, or served (2xx) only where `served` tells that the answer is what `sent` itself names.
 * A 5xx is bad input's: a finding of ROBUST-NO-5XX-ON-BAD-INPUT, which blocks the test. `reads`:
 * the place of the answer `served` reads (its identifier), so that an answer whose identifier
 * another rule's check flagged (a card wrapped in an object) blocks the test instead.
 */
export async function expectNotTaken(
  response: ApiResponse,
  rule: RuleId,
  what: string,
  served: () => boolean | Promise<boolean>,
  reads?: string
): Promise<void> {
  if (response.status >= 500) await forRule('ROBUST-NO-5XX-ON-BAD-INPUT', () => expect(response, what).toBeRejected());
  if (response.status >= 200 && response.status < 300 && !(await served()))
    await forRule(rule, () => {
      const assert = () => expect(response, `${what}: taken for the one it is near`).toBeRejected();
      return reads === undefined ? assert() : judgingPlace(response, reads, assert);
    });
}

/** Whether a customer whose account number is exactly `sent` exists for the caller: then what `sent` was served as is its own. */
export async function customerNamed(api: FleetApi, sent: string): Promise<boolean> {
  const read = await api.getCustomer(sent);
  return read.status === 200 && read.body?.customerAccountNumber === sent;
}

/** Records under ASSUME-FORMATS how the target answered the same value written otherwise: each observation once, however many sweeps meet it. */
export function formatsSeen(assumptions: Assumptions): (what: string) => void {
  const seen = new Set<string>();
  return (what) => {
    if (!seen.has(what)) assumptions.saw('ASSUME-FORMATS', what);
    seen.add(what);
  };
}

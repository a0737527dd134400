/**
 * Timestamps beyond what the document states (ASSUME-FORMATS): seconds and the offset of a
 * "timestamp" are not shown, nor the seconds of a UTC one. The schemas accept any (schemas/timestamp.json);
 * what the target writes is recorded, and the stricter reading requires each to the second, in UTC.
 */

import type { Assumptions } from '../fixture-contracts.js';
import { expect, forReading } from '../judge.js';
import type { RuleId } from '../rules/catalogue.js';
import { shortOfStrict } from '../timestamps.js';

const ENTRY = 'ASSUME-FORMATS';

/** Records how `timestamps` (where, value) are written; under FLEET_STRICT=ASSUME-FORMATS one not to the second in UTC is an assumption failure of `rule`. */
export async function judgeTimestampStyle(
  assumptions: Assumptions,
  rule: RuleId,
  label: string,
  timestamps: [where: string, value: string][]
): Promise<void> {
  if (!timestamps.length) return;
  const short = timestamps.flatMap(([where, t]) => {
    const why = shortOfStrict(t);
    return why ? [`${where}: ${t} (${why})`] : [];
  });
  assumptions.saw(
    ENTRY,
    short.length
      ? `${label}: ${short.length} of ${timestamps.length} not to the second in UTC, such as ${short[0]}`
      : `${label}: all ${timestamps.length} to the second in UTC`
  );
  if (assumptions.strict(ENTRY))
    await forReading(ENTRY, rule, () =>
      expect(short, `${label}: timestamps not to the second in UTC (the stricter reading of ${ENTRY})`).toEqual([])
    );
}

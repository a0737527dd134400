/**
 * A customer the run closed or a card it cancelled, read back: whether it can still be read is not
 * shown (ASSUME-ENDED-READABLE). A 404 is recorded and means gone for good; FLEET_STRICT requires a 200.
 */
import type { ApiResponse } from '../client.js';
import type { Config } from '../config.js';
import type { Sightings } from '../field-lengths.js';
import { expect, forReading } from '../judge.js';
import type { RuleId } from '../rules/catalogue.js';

const ENDED = 'ASSUME-ENDED-READABLE';

/** Whether `read`, the answer to reading the ended `what`, says it is gone (404); `rule`: what the strict reading judges. */
export async function goneAfterEnd(
  read: ApiResponse,
  what: string,
  rule: RuleId,
  config: Pick<Config, 'strict'>,
  seen: Sightings
): Promise<boolean> {
  if (read.status !== 404) return false;
  seen.saw(ENDED, `a ${what} answers 404`);
  if (config.strict.has(ENDED))
    await forReading(ENDED, rule, () => expect(read, `reading ${what} (strict reading)`).toHaveStatus(200));
  return true;
}

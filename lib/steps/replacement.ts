/**
 * The replacement card a replace created, found by card search and read with GET (whether the new
 * card's identifier is returned: not shown; when it shows up: ASSUME-REPLACEMENT-VISIBLE). One not
 * seen within FLEET_REPLACEMENT_TIMEOUT leaves what it would judge not judged: a configuration
 * notice, or nothing under FLEET_REPLACEMENT_TIMEOUT=0 (replacements show later than a run waits);
 * under FLEET_STRICT=ASSUME-REPLACEMENT-VISIBLE, an assumption failure of the rule it would judge.
 */

import type { FleetApi } from '../api.js';
import type { Config } from '../config.js';
import { allCards } from '../discovery.js';
import { expect, forReading } from '../judge.js';
import type { RuleId } from '../rules/catalogue.js';
import type { Card, CardSearchRequest } from '../types.generated.js';
import { type TestClock, waitFor } from '../waits.js';
import { cardOf } from './card-steps.js';

export const REPLACEMENT = 'ASSUME-REPLACEMENT-VISIBLE';

export interface ReplacementWatch {
  api: FleetApi;
  config: Pick<Config, 'replacementTimeoutSeconds' | 'strict'>;
  clock?: TestClock | undefined;
  /** Says once that the replacement did not show up in time (a configuration notice). */
  notice(entry: string, text: string): void;
}

/** Not found: what was not judged, and why. */
export interface NotSeen {
  why: string;
}

/**
 * The card among those `filter` finds that `isNew` accepts, as GET shows it, polled for up to
 * FLEET_REPLACEMENT_TIMEOUT; or why it was not judged. `rule`: what it would judge (strict reading).
 */
export async function replacementOf(
  w: ReplacementWatch,
  original: number,
  filter: NonNullable<CardSearchRequest['filter']>,
  isNew: (c: Card) => boolean,
  rule: RuleId
): Promise<Card | NotSeen> {
  const seconds = w.config.replacementTimeoutSeconds;
  if (seconds === 0)
    return {
      why: `FLEET_REPLACEMENT_TIMEOUT=0: replacements show later than a run waits, so the replacement of card ${original} is not looked for`,
    };
  const read = async () => (await allCards(w.api, { filter: { ...filter, partialMatch: false } })).filter(isNew);
  const found = await waitFor(
    `the replacement of card ${original} to show up`,
    seconds,
    w.clock,
    read,
    (cards) => cards.length > 0
  );
  if (found.length) return cardOf(w.api, found.at(-1)!.cardIdentifier!);
  const why = `no replacement of card ${original} showed up within ${seconds} s (FLEET_REPLACEMENT_TIMEOUT): what it copies and what was supplied are not judged; set FLEET_REPLACEMENT_TIMEOUT to the seconds the target takes, or 0 if it makes replacements later than any run waits`;
  if (w.config.strict.has(REPLACEMENT))
    await forReading(REPLACEMENT, rule, () => expect(found.length, why).toBeGreaterThan(0));
  w.notice(REPLACEMENT, why);
  return { why };
}

export const notSeen = (found: Card | NotSeen): found is NotSeen => 'why' in found && !('cardIdentifier' in found);

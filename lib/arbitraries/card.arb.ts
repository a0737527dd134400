/** fast-check arbitraries for card operations, each value paired with what the document requires of it. */
import fc from 'fast-check';
import { addressFields } from '../factories/card.js';

/** What the document requires of a request: accepted, refused, or left open (either answer conforms). */
export type Verdict = 'accepted' | 'refused' | 'either';

export interface Case<T> {
  value: T;
  verdict: Verdict;
  /** What the stricter reading of a register entry requires where the document leaves it open. */
  strictly?: Verdict;
}

/**
 * Card search `limit` (integer, minimum 1): 1 and small integers are accepted; 0, negatives and
 * non-integers are refused. A larger limit may meet an undocumented maximum page size
 * (ASSUME-CARD-SEARCH-DEFAULTS): refused or accepted, but never more cards than asked for; up to
 * 120 accepted under its stricter reading.
 */
export const searchLimitArb: fc.Arbitrary<Case<number>> = fc.oneof(
  fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 20 })).map((value) => ({ value, verdict: 'accepted' as const })),
  fc
    .integer({ min: 21, max: 120 })
    .map((value) => ({ value, verdict: 'either' as const, strictly: 'accepted' as const })),
  fc
    .oneof(fc.constant(0), fc.constant(-1), fc.integer({ min: -1_000_000, max: 0 }))
    .map((value) => ({ value, verdict: 'refused' as const })),
  fc
    .tuple(fc.integer({ min: -50, max: 120 }), fc.constantFrom(0.5, 0.25, 0.001, 0.999))
    .map(([n, f]) => ({ value: n + f, verdict: 'refused' as const })),
  fc.integer({ min: 1_001, max: 2 ** 31 - 1 }).map((value) => ({ value, verdict: 'either' as const }))
);

/** The top-level properties of the card search body the document lists. */
export const searchProperties = [
  'limit',
  'cursor',
  'sortExpression',
  'customerAccountNumber',
  'orderReference',
  'cardTypeIdentifiers',
  'statusIdentifiers',
  'filter',
] as const;

/**
 * Property names the document does not list: random names, listed names in another case (field
 * names are case-sensitive) and listed names with something appended.
 */
export const unknownSearchPropertyArb: fc.Arbitrary<string> = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 24 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
    fc.mixedCase(fc.constantFrom(...searchProperties)),
    fc
      .tuple(fc.constantFrom(...searchProperties), fc.string({ minLength: 1, maxLength: 4 }))
      .map(([name, tail]) => name + tail)
  )
  .filter((name) => !(searchProperties as readonly string[]).includes(name));

/** The ids a search body may name: those of the caller's master data. */
export interface SearchIds {
  cardType: number[];
  status: number[];
}

const filterTexts = ['primaryVisualCardNumber', 'driverName', 'vehicleRegNumber'] as const;

/**
 * A search body of listed properties with values every reading takes (ASSUME-SEARCH-VALUES): ids of
 * master data, at least one; filter texts of letters and digits; no orderReference, since only one
 * an order answered is known to be valid.
 */
export function knownGoodSearchBodyArb(ids: SearchIds, customerAccountNumber?: string) {
  const idsArb = (all: number[]) => fc.subarray(all, { minLength: 1 });
  return fc.record(
    {
      limit: fc.integer({ min: 1, max: 5 }),
      ...(customerAccountNumber ? { customerAccountNumber: fc.constant(customerAccountNumber) } : {}),
      cardTypeIdentifiers: idsArb(ids.cardType),
      statusIdentifiers: idsArb(ids.status),
      filter: fc.record(
        {
          partialMatch: fc.boolean(),
          driverName: fc.stringMatching(/^[A-Za-z0-9]{1,6}$/),
          vehicleRegNumber: fc.stringMatching(/^[A-Za-z0-9]{1,6}$/),
        },
        { requiredKeys: [] }
      ),
    },
    { requiredKeys: ['limit'] }
  );
}

/**
 * A known-good search body with one value of its documented type that a server may yet refuse
 * (ASSUME-SEARCH-VALUES): any text as orderReference, any text (the empty one too) as a filter
 * text, an empty id array. Accepted or refused, never a 5xx; accepted under the stricter reading.
 */
export function otherSearchValuesArb(ids: SearchIds, customerAccountNumber?: string) {
  const other = fc.oneof(
    fc.string({ maxLength: 12 }).map((orderReference) => ({ orderReference })),
    fc.constantFrom('cardTypeIdentifiers', 'statusIdentifiers').map((name) => ({ [name]: [] })),
    fc
      .tuple(fc.constantFrom(...filterTexts), fc.oneof(fc.constant(''), fc.string({ maxLength: 6 })))
      .map(([name, text]) => ({ filter: { [name]: text } }))
  );
  return fc.tuple(knownGoodSearchBodyArb(ids, customerAccountNumber), other).map(
    ([body, value]): Record<string, unknown> => ({
      ...body,
      ...value,
      ...('filter' in value ? { filter: { ...body.filter, ...value.filter } } : {}),
    })
  );
}

export const jsonScalarArb: fc.Arbitrary<string | number | boolean | null> = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 10 }),
  fc.boolean(),
  fc.constant(null)
);

function codePoints(text: string): number {
  return [...text].length;
}

/**
 * ASSUME-CHARACTER-COUNT: a value within `max` in UTF-16 units must be accepted, one over `max` in
 * code points must be refused; in between (astral characters) the unit of a character decides.
 */
export function lengthVerdict(text: string, max: number): Verdict {
  if (text.length <= max) return 'accepted';
  if (codePoints(text) > max) return 'refused';
  return 'either';
}

/** One-byte, multi-byte (UTF-8) and astral (two UTF-16 units) characters, and a mix of them. */
const characterArb = fc.constantFrom('n', 'é', '中', '😀', 'a😀');

/**
 * Text of `max - 1`, `max` and `max + 1` characters and any length up to `max + 40`, made of one
 * kind of character, with its verdict.
 */
export function textAroundLimitArb(max: number): fc.Arbitrary<Case<string>> {
  const lengthArb = fc.oneof(fc.constantFrom(max - 1, max, max + 1), fc.integer({ min: 0, max: max + 40 }));
  return fc.tuple(characterArb, lengthArb).map(([unit, length]) => {
    const value = [...unit.repeat(length)].slice(0, length).join('');
    return { value, verdict: lengthVerdict(value, max) };
  });
}

/** Which fields of an address to leave out: at least one. */
export const missingAddressFieldsArb = fc.subarray([...addressFields], { minLength: 1 });

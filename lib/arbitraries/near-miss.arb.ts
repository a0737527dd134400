/**
 * Near misses: the values a careless comparison takes for one the suite sends (a secret, an
 * identifier, an enumerated string). Another case (`toLowerCase` on both sides), a character
 * changed, a prefix (a comparison that stops at the shorter string, `startsWith`, SQL's LIKE 'x%'),
 * trailing characters (`parseInt`, a prefix compare the other way), blanks around it (`trim`),
 * leading zeros (an account number read as a number), and the other client's value where there is
 * one (a secret checked against any client's).
 *
 * A near miss is drawn as a recipe, never as the value it makes (`nearMiss` makes it): a
 * counterexample shows how the value was changed, never a secret's characters. Each recipe shrinks
 * to its plainest form: one letter in the other case, the first character changed, the longest
 * prefix, one trailing 'x', one trailing blank, one leading zero.
 */
import fc from 'fast-check';

export type NearMiss =
  | { kind: 'case'; letters: number[] }
  | { kind: 'flip'; at: number; pick: number }
  | { kind: 'prefix'; drop: number }
  | { kind: 'extend'; tail: string }
  | { kind: 'blank'; before: string; after: string }
  | { kind: 'zeros'; count: number }
  | { kind: 'other' };

export type NearMissKind = NearMiss['kind'];

export interface NearMissSource {
  /** An integer identifier (a cardIdentifier) or a string. */
  value: string | number;
  /** The other client's value of the same kind, when there is one. */
  other?: string;
  /** The value is a secret: its near misses are registered for redaction before they are sent. */
  secret?: boolean;
}

/** Replacements of a changed character: a digit becomes a letter, a letter a digit. No hex digit and no 'e' (an exponent): a changed digit never makes another number. */
const LETTERS = 'xqzjkw';
const DIGITS = '739258';
const TAIL_FIRST = ['x', '.', '-', '_', '~'];
const TAIL_REST = 'xq0._-';
const BLANKS: [before: string, after: string][] = [
  ['', ' '],
  [' ', ''],
  [' ', ' '],
  ['', '\t'],
  ['\t', ''],
  ['\t', '\t'],
];

/** A letter whose case can be changed without changing the value's length. */
function isLetter(c: string): boolean {
  const lower = c.toLowerCase();
  const upper = c.toUpperCase();
  return lower !== upper && lower.length === 1 && upper.length === 1;
}

/** Characters, not UTF-16 units: a near miss never splits a character. */
const charsOf = (text: string): string[] => [...text];
const letterPositions = (text: string): number[] => charsOf(text).flatMap((c, i) => (isLetter(c) ? [i] : []));

/**
 * A prefix keeps at least half the value: a careless comparison takes a long prefix for the value,
 * and a short prefix of a secret registered for redaction would mask ordinary words everywhere.
 * Of a secret it keeps four characters at least: the registry masks nothing shorter.
 */
function longestDrop(length: number, secret = false): number {
  return length - Math.max(secret ? 4 : 1, Math.ceil(length / 2));
}

/** The kinds of near miss `source` has: a number's prefix is another number, and only digits take leading zeros. */
export function nearMissKinds(source: NearMissSource): NearMissKind[] {
  const text = String(source.value);
  return [
    ...(letterPositions(text).length ? ['case' as const] : []),
    'flip' as const,
    ...(typeof source.value === 'string' && longestDrop(charsOf(text).length, source.secret) >= 1
      ? ['prefix' as const]
      : []),
    'extend' as const,
    'blank' as const,
    ...(/^\d+$/.test(text) ? ['zeros' as const] : []),
    ...(source.other !== undefined && source.other !== text ? ['other' as const] : []),
  ];
}

function recipeArb(kind: NearMissKind, source: NearMissSource): fc.Arbitrary<NearMiss> {
  const text = String(source.value);
  switch (kind) {
    case 'case': {
      const count = letterPositions(text).length;
      return fc
        .uniqueArray(fc.integer({ min: 0, max: count - 1 }), { minLength: 1, maxLength: count })
        .map((letters) => ({ kind, letters }));
    }
    case 'flip':
      return fc
        .record({ at: fc.integer({ min: 0, max: charsOf(text).length - 1 }), pick: fc.nat(LETTERS.length - 1) })
        .map((r) => ({ kind, ...r }));
    case 'prefix':
      return fc
        .integer({ min: 1, max: longestDrop(charsOf(text).length, source.secret) })
        .map((drop) => ({ kind, drop }));
    case 'extend':
      return fc
        .tuple(fc.constantFrom(...TAIL_FIRST), fc.string({ unit: fc.constantFrom(...TAIL_REST), maxLength: 3 }))
        .map(([first, rest]) => ({ kind, tail: first + rest }));
    case 'blank':
      return fc.constantFrom(...BLANKS).map(([before, after]) => ({ kind, before, after }));
    case 'zeros':
      return fc.integer({ min: 1, max: 3 }).map((count) => ({ kind, count }));
    case 'other':
      return fc.constant({ kind });
  }
}

/** One near miss of every kind `source` has, in the order of `nearMissKinds`. */
export function nearMissesArb(source: NearMissSource): fc.Arbitrary<NearMiss[]> {
  return fc.tuple(...nearMissKinds(source).map((kind) => recipeArb(kind, source)));
}

const otherCase = (c: string): string => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());

/** The near miss `recipe` makes of `source`'s value. */
export function nearMiss(source: NearMissSource, recipe: NearMiss): string {
  const text = String(source.value);
  const chars = charsOf(text);
  switch (recipe.kind) {
    case 'case': {
      const positions = letterPositions(text);
      for (const i of recipe.letters) chars[positions[i]!] = otherCase(chars[positions[i]!]!);
      return chars.join('');
    }
    case 'flip':
      chars[recipe.at] = isLetter(chars[recipe.at]!) ? DIGITS[recipe.pick]! : LETTERS[recipe.pick]!;
      return chars.join('');
    case 'prefix':
      return chars.slice(0, chars.length - recipe.drop).join('');
    case 'extend':
      return text + recipe.tail;
    case 'blank':
      return recipe.before + text + recipe.after;
    case 'zeros':
      return '0'.repeat(recipe.count) + text;
    case 'other':
      return source.other!;
  }
}

/** How the value was changed, in words that never show it (a secret's near miss is a secret). */
export function describeNearMiss(recipe: NearMiss): string {
  switch (recipe.kind) {
    case 'case':
      return `another case (${recipe.letters.length} letter${recipe.letters.length > 1 ? 's' : ''} changed)`;
    case 'flip':
      return `a character changed (character ${recipe.at + 1})`;
    case 'prefix':
      return `a prefix (the last ${recipe.drop} character${recipe.drop > 1 ? 's' : ''} dropped)`;
    case 'extend':
      return `trailing characters (${JSON.stringify(recipe.tail)} appended)`;
    case 'blank':
      return `blanks around it (${JSON.stringify(recipe.before)} before, ${JSON.stringify(recipe.after)} after)`;
    case 'zeros':
      return `leading zeros (${recipe.count})`;
    case 'other':
      return "the other client's";
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `sent` is `original` written otherwise, which a server may answer as `original` itself:
 * the same integer as a number reads it (leading zeros, a trailing point or zero fraction, blanks
 * around it: JSON Schema's integer, and Number(), read these so), or the same UUID in another case
 * (RFC 9562: case-insensitive on input). Any other near miss names something else.
 */
export function sameValueAs(original: string | number, sent: string): 'integer' | 'UUID' | undefined {
  if (typeof original === 'number') return sent.trim() !== '' && Number(sent) === original ? 'integer' : undefined;
  return UUID.test(original) && UUID.test(sent) && original.toLowerCase() === sent.toLowerCase() ? 'UUID' : undefined;
}

/**
 * Arbitraries for the customer boundaries (Limits; Resources / Address, Contact; Endpoints /
 * Customers). Each value carries its verdict: what a conforming server must do with it.
 *
 * Characters are counted as ASSUME-CHARACTER-COUNT says: within the limit in UTF-16 code units →
 * must be accepted; over it in code points → must be refused; in between → either. Blank values
 * (empty or whitespace-only) within the limit → either: the document does not say whether they
 * are refused.
 */
import fc from 'fast-check';
import { addressFields } from '../factories/customer.js';

export type Verdict = 'valid' | 'invalid' | 'either';

export interface LimitedText {
  value: string;
  verdict: Verdict;
  /** For the counterexample: the two counts the verdict rests on. */
  codePoints: number;
  utf16Units: number;
}

export function codePoints(text: string): number {
  return [...text].length;
}

export function verdictFor(value: string, limit: number): Verdict {
  if (codePoints(value) > limit) return 'invalid';
  if (value.trim() === '') return 'either';
  return value.length <= limit ? 'valid' : 'either';
}

export function limited(value: string, limit: number): LimitedText {
  return { value, verdict: verdictFor(value, limit), codePoints: codePoints(value), utf16Units: value.length };
}

const ascii = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -.&'];
/** Multi-byte in UTF-8, one UTF-16 unit each (precomposed, so already NFC). */
const multiByte = [...'éüßøÅç€ЖñŁ漢字東京'];
/** Astral characters: one code point, two UTF-16 units. */
const astral = ['😀', '🚚', '🔋', '𝄞', '𠀋'];
const alphabets = { ascii, multiByte, astral, mixed: [...ascii, ...multiByte, ...astral] } as const;
type Unit = 'utf16' | 'codePoint';

/** Exactly `length` characters counted in `unit`, never starting or ending with a space. */
function textOf(chars: string[], length: number, unit: Unit): string {
  let text = '';
  let count = 0;
  for (const c of chars) {
    if (count >= length) break;
    const size = unit === 'utf16' ? c.length : 1;
    const fitted = count + size > length ? 'x' : c;
    text += fitted;
    count += unit === 'utf16' ? fitted.length : 1;
  }
  return text.replace(/^ /, 'x').replace(/ $/, 'x');
}

function lengthArb(limit: number): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(limit - 1, limit, limit + 1) },
    { weight: 1, arbitrary: fc.constantFrom(0, 1, limit * 10) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 2 * limit + 2 }) }
  );
}

const spaces = [' ', '\t', '\u3000'];

/**
 * Strings on both sides of a limit of `limit` characters: n-1, n, n+1, 0, 1, very long and random
 * lengths, counted in UTF-16 units or in code points, in ASCII, multi-byte or astral characters,
 * plus whitespace-only values.
 */
export function limitedTextArb(limit: number): fc.Arbitrary<LimitedText> {
  const text = fc
    .tuple(lengthArb(limit), fc.constantFrom<Unit>('utf16', 'codePoint'), fc.constantFrom(...Object.values(alphabets)))
    .chain(([length, unit, alphabet]) =>
      fc
        .array(fc.constantFrom(...alphabet), { minLength: length, maxLength: length })
        .map((chars) => textOf(chars, length, unit))
    );
  const blank = fc
    .tuple(fc.constantFrom(1, limit, limit + 1), fc.constantFrom(...spaces))
    .map(([length, space]) => space.repeat(length));
  return fc
    .oneof({ weight: 9, arbitrary: text }, { weight: 1, arbitrary: blank })
    .map((value) => limited(value, limit));
}

export type NotesOperation = 'block' | 'unblock' | 'close';
export const notesOperationArb = fc.constantFrom<NotesOperation>('block', 'unblock', 'close');

export type WriteOperation = 'create' | 'update';
export const writeOperationArb = fc.constantFrom<WriteOperation>('create', 'update');

const lower = 'abcdefghijklmnopqrstuvwxyz';
const atomArb = fc.string({ unit: fc.constantFrom(...`${lower}0123456789`), minLength: 1, maxLength: 6 });
const labelArb = fc
  .tuple(
    fc.constantFrom(...lower),
    fc.string({ unit: fc.constantFrom(...`${lower}0123456789-`), maxLength: 4 }),
    fc.constantFrom(...lower)
  )
  .map(([first, middle, last]) => `${first}${middle}${last}`);

/** Top-level domains that exist, which a validator checking the domain knows (ASSUME-EMAIL-DOMAINS). */
const knownTopLevelArb = fc.constantFrom('com', 'org', 'net', 'nl', 'de');

/** Top-level domains no registry holds: only the syntax makes them valid (FLEET_STRICT=ASSUME-EMAIL-DOMAINS). */
export const madeUpTopLevelArb = fc
  .string({ unit: fc.constantFrom(...lower), minLength: 2, maxLength: 6 })
  .map((tld) => `zq${tld}`);

/**
 * E-mail addresses no validator disputes: lower-case dot-atoms (with + _ - inside the local part)
 * at a domain of letter-bounded labels under `topLevel` (by default one that exists); at most 40
 * characters, which every column of them holds (their length is not stated: ASSUME-FIELD-LENGTHS).
 */
export function validEmailArb(topLevel: fc.Arbitrary<string> = knownTopLevelArb): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.array(atomArb, { minLength: 1, maxLength: 2 }),
      fc.constantFrom('', '+fleet', '_x', '-ops'),
      fc.array(labelArb, { minLength: 1, maxLength: 2 }),
      topLevel
    )
    .map(([atoms, tag, labels, tld]) => `${atoms.join('.')}${tag}@${labels.join('.')}.${tld}`);
}

/** Values that are no e-mail address under any reading: the @ missing or doubled, a side empty, a space inside. */
export const invalidEmailArb: fc.Arbitrary<string> = fc
  .tuple(validEmailArb(), fc.constantFrom('no-at', 'two-at', 'no-local', 'no-domain', 'space', 'plain'))
  .map(([email, mutation]) => {
    const [local, domain] = email.split('@') as [string, string];
    const mutated: Record<typeof mutation, string> = {
      'no-at': `${local}${domain}`,
      'two-at': `${local}@${local}@${domain}`,
      'no-local': `@${domain}`,
      'no-domain': `${local}@`,
      space: `${local} x@${domain}`,
      plain: 'not an e-mail address',
    };
    return mutated[mutation];
  });

export interface EmailCase {
  emailAddress: string;
  valid: boolean;
}

export const emailCaseArb: fc.Arbitrary<EmailCase> = fc.oneof(
  validEmailArb().map((emailAddress) => ({ emailAddress, valid: true })),
  invalidEmailArb.map((emailAddress) => ({ emailAddress, valid: false }))
);

export type AddressField = (typeof addressFields)[number];

/** Address fields to leave out: none (the complete address), one in turn, or several. */
export const missingAddressFieldsArb: fc.Arbitrary<AddressField[]> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<AddressField[]>([]) },
  { weight: 3, arbitrary: fc.constantFrom(...addressFields).map((f) => [f]) },
  { weight: 1, arbitrary: fc.subarray([...addressFields], { minLength: 2 }) }
);

/**
 * Arbitraries for the geosearch boundaries: values on both sides of each documented bound
 * (latitude -90..90, longitude -180..180, top > bottom, left < right, count ≤ 300, precision 2..9,
 * the 17 languages). Degrees are drawn in millionths, so that each is a plain decimal in the query
 * ("90.000001", never "1e-7").
 */
import fc from 'fast-check';
import { type Rectangle, SUPPORTED_LANGUAGES } from '../locations.js';

const MICRO = 1e6;

/** Decimal degrees with up to six decimals in [min, max]. */
function degreesArb(min: number, max: number): fc.Arbitrary<number> {
  return fc.integer({ min: Math.round(min * MICRO), max: Math.round(max * MICRO) }).map((n) => n / MICRO);
}

export const latitudeArb = degreesArb(-90, 90);
export const longitudeArb = degreesArb(-180, 180);

/** Two different values, the smaller first. */
function increasingPairArb(arb: fc.Arbitrary<number>): fc.Arbitrary<[low: number, high: number]> {
  return fc
    .tuple(arb, arb)
    .filter(([a, b]) => a !== b)
    .map(([a, b]) => (a < b ? [a, b] : [b, a]));
}

/** A rectangle the document allows: bounds within range, top > bottom, left < right. */
export const rectangleArb: fc.Arbitrary<Rectangle> = fc
  .tuple(increasingPairArb(latitudeArb), increasingPairArb(longitudeArb))
  .map(([[bottomLatitude, topLatitude], [leftLongitude, rightLongitude]]) => ({
    topLatitude,
    bottomLatitude,
    leftLongitude,
    rightLongitude,
  }));

/** A rectangle with top ≤ bottom (equal or swapped), longitudes valid. */
export const latitudesNotDecreasingArb: fc.Arbitrary<Rectangle> = fc
  .tuple(latitudeArb, latitudeArb, increasingPairArb(longitudeArb))
  .map(([a, b, [leftLongitude, rightLongitude]]) => ({
    topLatitude: Math.min(a, b),
    bottomLatitude: Math.max(a, b),
    leftLongitude,
    rightLongitude,
  }));

/** A rectangle with left ≥ right (equal or swapped), latitudes valid. */
export const longitudesNotIncreasingArb: fc.Arbitrary<Rectangle> = fc
  .tuple(increasingPairArb(latitudeArb), longitudeArb, longitudeArb)
  .map(([[bottomLatitude, topLatitude], a, b]) => ({
    topLatitude,
    bottomLatitude,
    leftLongitude: Math.max(a, b),
    rightLongitude: Math.min(a, b),
  }));

/** Text that names no number (or an infinite one). */
export const notANumberArb = fc.constantFrom('NaN', 'nan', 'Infinity', '-Infinity', '1e400', 'abc', '', '52.5N', '--1');

/** Beyond ±limit: a millionth outside, anywhere further, or huge. */
export function outOfRangeArb(limit: number): fc.Arbitrary<number> {
  const justOutside = (limit * MICRO + 1) / MICRO;
  const beyond = fc.oneof(
    fc.constant(justOutside),
    degreesArb(justOutside, 1e6),
    fc.constantFrom(1e10, Number.MAX_SAFE_INTEGER, 1e300)
  );
  return fc.tuple(beyond, fc.boolean()).map(([v, negative]) => (negative ? -v : v));
}

/** A latitude or longitude value the bounds refuse: out of range or no number at all. */
export function invalidDegreesArb(limit: number): fc.Arbitrary<number | string> {
  return fc.oneof(outOfRangeArb(limit), notANumberArb);
}

export const validCountArb = fc.integer({ min: 1, max: 300 });
export const countOver300Arb = fc.oneof(
  fc.constant(301),
  fc.integer({ min: 301, max: 2 ** 31 - 1 }),
  fc.constant(2 ** 31)
);

export const invalidPrecisionArb = fc.oneof(fc.integer({ min: -1000, max: 1 }), fc.integer({ min: 10, max: 1000 }));

const lowerLetter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const supported: ReadonlySet<string> = new Set(SUPPORTED_LANGUAGES);

/** A language code outside the 17 supported ones: another two-letter code, or no two-letter code at all. */
export const unsupportedLanguageArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: lowerLetter, minLength: 2, maxLength: 2 }).filter((code) => !supported.has(code)),
  fc.constantFrom('EN', 'eng', 'en-GB', 'e', '12', 'xx', 'zz', 'da', 'el')
);

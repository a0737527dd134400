/**
 * Every sign of every coordinate: the places of the map a rectangle may lie in (each quadrant, north
 * or south of the equator, east or west of Greenwich, and across longitude 0 or latitude 0) and the
 * rectangles searched around a location the target's own map shows there: a small one (across the
 * zero line, for those places), a larger one around it, and two thin ones a hair either side of a
 * whole degree (51.9999 to 52.0001), which hold that location only for a server that cuts edges to
 * whole degrees.
 */
import { around, isInside, type Point, type Rectangle, round6 } from './locations.js';

export interface Place {
  /** Where, in words: "north of the equator and west of Greenwich". */
  words: string;
  /**
   * Where to look for a location of the place: searches that span neither zero line (a server may
   * mishandle one that does, which the place's own rectangle then shows).
   */
  regions: Rectangle[];
  /** Whether a location found there is one of the place. */
  holds(p: Point): boolean;
  /** The small rectangle around `p`, a location of the place: across the zero line for those places. */
  around(p: Point): Rectangle;
}

/** Degrees either side of a location: a few locations in a city, often one alone. */
const SMALL = 0.02;
/** How far a location of a place across a zero line may lie from it. */
const NEAR_ZERO = 1;
/** A hair of a degree: an edge this close to a whole degree is cut to it by a server that truncates. */
const HAIR = 0.0001;

const north = { topLatitude: 90, bottomLatitude: 0 };
const south = { topLatitude: 0, bottomLatitude: -90 };
const east = { leftLongitude: 0, rightLongitude: 180 };
const west = { leftLongitude: -180, rightLongitude: 0 };

const quadrant = (words: string, lat: typeof north, lon: typeof east): Place => ({
  words,
  regions: [{ ...lat, ...lon }],
  holds: (p) => isInside({ ...lat, ...lon }, p) && p.latitude !== 0 && p.longitude !== 0,
  around: (p) => around(p, SMALL),
});

export const PLACES: readonly Place[] = [
  quadrant('north of the equator and east of Greenwich', north, east),
  quadrant('north of the equator and west of Greenwich', north, west),
  quadrant('south of the equator and east of Greenwich', south, east),
  quadrant('south of the equator and west of Greenwich', south, west),
  {
    words: 'across longitude 0',
    regions: [north, south].flatMap((lat) => [
      { ...lat, leftLongitude: -NEAR_ZERO, rightLongitude: 0 },
      { ...lat, leftLongitude: 0, rightLongitude: NEAR_ZERO },
    ]),
    holds: (p) => Math.abs(p.longitude) < NEAR_ZERO,
    around: (p) => ({
      ...around(p, SMALL),
      leftLongitude: round6(Math.min(p.longitude, 0) - SMALL),
      rightLongitude: round6(Math.max(p.longitude, 0) + SMALL),
    }),
  },
  {
    words: 'across latitude 0',
    regions: [east, west].flatMap((lon) => [
      { ...lon, topLatitude: NEAR_ZERO, bottomLatitude: 0 },
      { ...lon, topLatitude: 0, bottomLatitude: -NEAR_ZERO },
    ]),
    holds: (p) => Math.abs(p.latitude) < NEAR_ZERO,
    around: (p) => ({
      ...around(p, SMALL),
      bottomLatitude: round6(Math.min(p.latitude, 0) - SMALL),
      topLatitude: round6(Math.max(p.latitude, 0) + SMALL),
    }),
  },
];

/** A larger rectangle around `rect`: what it shows inside `rect`, `rect`'s own search must show too. */
export const widened = (rect: Rectangle): Rectangle => ({
  topLatitude: Math.min(90, rect.topLatitude + 1),
  bottomLatitude: Math.max(-90, rect.bottomLatitude - 1),
  leftLongitude: Math.max(-180, rect.leftLongitude - 1),
  rightLongitude: Math.min(180, rect.rightLongitude + 1),
});

/** The whole degree past `x`, away from 0 (52.52 → 53, -6.26 → -7): cut toward 0, an edge a hair past it falls on `x`'s side. */
const pastWhole = (x: number) => Math.sign(x) * Math.ceil(Math.abs(x));

/**
 * Two thin rectangles, a hair either side of the whole degree past `p` in latitude and in
 * longitude, a degree either side of `p` the other way: a server that cuts edges to whole degrees
 * toward 0 searches the degree `p` lies in, and answers `p` from outside them.
 */
export function nearWholeDegrees(p: Point): Rectangle[] {
  const wide = around(p, 1);
  const lat = pastWhole(p.latitude),
    lon = pastWhole(p.longitude);
  return [
    { ...wide, topLatitude: round6(Math.min(90, lat + HAIR)), bottomLatitude: round6(Math.max(-90, lat - HAIR)) },
    { ...wide, leftLongitude: round6(Math.max(-180, lon - HAIR)), rightLongitude: round6(Math.min(180, lon + HAIR)) },
  ];
}

/** Whether `p` lies inside `rect` and off its edges (whether an edge is inside is not said). */
export function strictlyInside(rect: Rectangle, p: Point | undefined): boolean {
  return (
    p !== undefined &&
    p.latitude < rect.topLatitude &&
    p.latitude > rect.bottomLatitude &&
    p.longitude > rect.leftLongitude &&
    p.longitude < rect.rightLongitude
  );
}

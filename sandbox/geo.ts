/**
 * Geometry for the geosearch sandbox: a rectangle, a fixed-size grid index over points (built
 * once, queried in well under a millisecond for a city-sized rectangle), geohash cells for
 * aggregation and the default aggregation precision derived from the rectangle's radius.
 */

/** "geosearch result count: max 300". */
export const MAX_LOCATIONS = 300;

export interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface GeoPoint {
  readonly lat: number;
  readonly lon: number;
}

/** Edges inclusive. */
export function inside(rect: Rect, p: GeoPoint): boolean {
  return p.lat <= rect.top && p.lat >= rect.bottom && p.lon >= rect.left && p.lon <= rect.right;
}

/**
 * Points bucketed into square cells of `cellDeg` degrees. A query visits only the cells that
 * overlap the rectangle (or, for a rectangle wider than the occupied part of the map, every
 * occupied cell), then tests each point against the exact edges.
 */
export class GridIndex<T extends GeoPoint> {
  private readonly cells = new Map<number, T[]>();
  private readonly cols: number;

  constructor(
    items: readonly T[],
    private readonly cellDeg = 0.25
  ) {
    this.cols = Math.ceil(360 / cellDeg) + 1;
    for (const item of items) {
      const key = this.row(item.lat) * this.cols + this.col(item.lon);
      const bucket = this.cells.get(key);
      if (bucket) bucket.push(item);
      else this.cells.set(key, [item]);
    }
  }

  private row(lat: number): number {
    return Math.floor((lat + 90) / this.cellDeg);
  }

  private col(lon: number): number {
    return Math.floor((lon + 180) / this.cellDeg);
  }

  /** Every item inside `rect` (edges inclusive) for which `accept` holds, in no particular order. */
  query(rect: Rect, accept?: (item: T) => boolean): T[] {
    const r0 = this.row(rect.bottom),
      r1 = this.row(rect.top);
    const c0 = this.col(rect.left),
      c1 = this.col(rect.right);
    const out: T[] = [];
    const scan = (bucket: readonly T[]) => {
      for (const item of bucket) if (inside(rect, item) && (accept === undefined || accept(item))) out.push(item);
    };
    if ((r1 - r0 + 1) * (c1 - c0 + 1) > this.cells.size) {
      for (const [key, bucket] of this.cells) {
        const r = Math.floor(key / this.cols),
          c = key % this.cols;
        if (r >= r0 && r <= r1 && c >= c0 && c <= c1) scan(bucket);
      }
    } else {
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const bucket = this.cells.get(r * this.cols + c);
          if (bucket) scan(bucket);
        }
      }
    }
    return out;
  }
}

const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';

/** Standard geohash of `precision` characters (5 bits each, longitude first). */
export function geohash(lat: number, lon: number, precision: number): string {
  let latLo = -90,
    latHi = 90,
    lonLo = -180,
    lonHi = 180;
  let hash = '';
  let bits = 0,
    value = 0,
    even = true;
  while (hash.length < precision) {
    if (even) {
      const mid = (lonLo + lonHi) / 2;
      if (lon >= mid) {
        value = value * 2 + 1;
        lonLo = mid;
      } else {
        value *= 2;
        lonHi = mid;
      }
    } else {
      const mid = (latLo + latHi) / 2;
      if (lat >= mid) {
        value = value * 2 + 1;
        latLo = mid;
      } else {
        value *= 2;
        latHi = mid;
      }
    }
    even = !even;
    if (++bits === 5) {
      hash += BASE32[value];
      bits = 0;
      value = 0;
    }
  }
  return hash;
}

/** Width and height in degrees of a geohash cell of `precision` characters. */
export function geohashCellSize(precision: number): { lonDeg: number; latDeg: number } {
  const bits = 5 * precision;
  return { lonDeg: 360 / 2 ** Math.ceil(bits / 2), latDeg: 180 / 2 ** Math.floor(bits / 2) };
}

export const MIN_PRECISION = 2;
export const MAX_PRECISION = 9;

/**
 * Default aggregation precision (ASSUME-GEO-AGGREGATION): the radius is half the
 * rectangle's diagonal in degrees; the precision is the largest one (2..9) whose cell's shorter
 * side is at least an eighth of that radius, so a rectangle spans at most a few dozen cells across.
 */
export function defaultPrecision(rect: Rect): number {
  const radius = Math.hypot(rect.top - rect.bottom, rect.right - rect.left) / 2;
  let chosen = MIN_PRECISION;
  for (let p = MIN_PRECISION; p <= MAX_PRECISION; p++) {
    const { lonDeg, latDeg } = geohashCellSize(p);
    if (Math.min(lonDeg, latDeg) >= radius / 8) chosen = p;
  }
  return chosen;
}

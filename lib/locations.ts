/**
 * What the location specs need to know about a map, read from the document's Location
 * (coordinates are decimal degrees as text, connector fields are not shown): rectangles and points,
 * the geosearch query under the names in use, which connector standards a search shows.
 */
import type { GeoParamNames } from './config.js';
import type { Query } from './exchange.js';
import type { GeosearchQuery as GeosearchRectangle, Location } from './types.generated.js';

export type Rectangle = Pick<GeosearchRectangle, 'topLatitude' | 'bottomLatitude' | 'leftLongitude' | 'rightLongitude'>;

export interface Point {
  latitude: number;
  longitude: number;
}

/** "geosearch result count: max 300". */
export const MAX_LOCATIONS = 300;

export const WORLD: Rectangle = { topLatitude: 90, bottomLatitude: -90, leftLongitude: -180, rightLongitude: 180 };

/** The 17 languages the document lists as supported. */
export const SUPPORTED_LANGUAGES = [
  'en',
  'bg',
  'cy',
  'de',
  'es',
  'fi',
  'fr',
  'hu',
  'is',
  'it',
  'lt',
  'nb',
  'nl',
  'pl',
  'pt',
  'ro',
  'sv',
] as const;

/** The capability values the document says appear. */
export const CAPABILITIES = ['RESERVABLE', 'PLUG_AND_CHARGE_CAPABLE', 'CHARGING_PROFILE_CAPABLE'] as const;

/** Coordinates are decimal degrees as text: the point they name, or undefined when they name none. */
export function pointOf(item: { coordinates?: { latitude?: string; longitude?: string } }): Point | undefined {
  const { latitude, longitude } = item.coordinates ?? {};
  const decimal = /^[+-]?\d+(\.\d+)?$/;
  if (!latitude || !longitude || !decimal.test(latitude) || !decimal.test(longitude)) return undefined;
  return { latitude: Number(latitude), longitude: Number(longitude) };
}

/** Edges count as inside: the document does not say whether they are. */
export function isInside(rect: Rectangle, p: Point | undefined): boolean {
  return (
    p !== undefined &&
    p.latitude <= rect.topLatitude &&
    p.latitude >= rect.bottomLatitude &&
    p.longitude >= rect.leftLongitude &&
    p.longitude <= rect.rightLongitude
  );
}

/** Degrees to six decimals, as a query writes them plainly. */
export const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/** The square of `half` degrees either side of `p`, cut at the map's edges. */
export function around(p: Point, half: number): Rectangle {
  return {
    topLatitude: round6(Math.min(90, p.latitude + half)),
    bottomLatitude: round6(Math.max(-90, p.latitude - half)),
    leftLongitude: round6(Math.max(-180, p.longitude - half)),
    rightLongitude: round6(Math.min(180, p.longitude + half)),
  };
}

/** The query of a geosearch with any values (malformed ones too), the four unnamed parameters under `names` (FleetApi.geoParamNames). */
export function geoQuery(
  names: GeoParamNames,
  values: Partial<Record<keyof GeosearchRectangle, string | number | boolean>>
): Query {
  const { count, aggregate, precision, language, ...bounds } = values;
  return {
    ...bounds,
    [names.count]: count,
    [names.aggregate]: aggregate,
    [names.precision]: precision,
    [names.language]: language,
  };
}

// ---- What a location offers (connector fields and Evse status values are not shown) ----

/** ASSUME-GEO-CONNECTOR-FIELDS: a connector has a standard when any of its properties equals it. */
export function hasConnectorStandard(location: Location, standards: readonly string[]): boolean {
  return (location.evses ?? []).some((e) =>
    (e.connectors ?? []).some((c) => Object.values(c).some((v) => typeof v === 'string' && standards.includes(v)))
  );
}

export function hasCapability(location: Location, capability: string): boolean {
  return (location.evses ?? []).some((e) => (e.capabilities ?? []).includes(capability));
}

export function hasEvseStatus(location: Location, status: string): boolean {
  return (location.evses ?? []).some((e) => e.status === status);
}

/**
 * Connector values worth requesting as a standard: shown by some locations but not all (so that a
 * filter that is ignored shows), values of a `standard` property first, then the most common.
 */
export function standardCandidates(locations: readonly Location[]): string[] {
  const seen = new Map<string, { locations: number; named: boolean }>();
  for (const location of locations) {
    const values = new Map<string, boolean>();
    for (const e of location.evses ?? []) {
      for (const c of e.connectors ?? []) {
        for (const [key, v] of Object.entries(c))
          if (typeof v === 'string') values.set(v, (values.get(v) ?? false) || key === 'standard');
      }
    }
    for (const [v, named] of values) {
      const s = seen.get(v) ?? { locations: 0, named: false };
      seen.set(v, { locations: s.locations + 1, named: s.named || named });
    }
  }
  return [...seen.entries()]
    .filter(([, s]) => s.locations < locations.length)
    .sort(([, a], [, b]) => Number(b.named) - Number(a.named) || b.locations - a.locations)
    .map(([v]) => v);
}

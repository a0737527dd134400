/**
 * What the location specs need to know about the target's map, learned through the interface
 * itself (where locations are, which connector standards exist) and read from the document's
 * Location (coordinates are decimal degrees as text, connector fields are not shown).
 */
import type { FleetApi, GeosearchRectangle } from './api.js';
import type { Query } from './client.js';
import type { GeoParamNames } from './config.js';
import type { Location } from './types.generated.js';

export type Rectangle = Pick<GeosearchRectangle, 'topLatitude' | 'bottomLatitude' | 'leftLongitude' | 'rightLongitude'>;

export interface Point {
  latitude: number;
  longitude: number;
}

/** "geosearch result count: max 300". */
export const MAX_LOCATIONS = 300;

export const WORLD: Rectangle = { topLatitude: 90, bottomLatitude: -90, leftLongitude: -180, rightLongitude: 180 };

/** The 17 languages the document lists as supported. */
export const SUPPORTED_LANGUAGES = ['en', 'bg', 'cy', 'de', 'es', 'fi', 'fr', 'hu', 'is', 'it', 'lt', 'nb', 'nl', 'pl', 'pt', 'ro', 'sv'] as const;

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
  return p !== undefined && p.latitude <= rect.topLatitude && p.latitude >= rect.bottomLatitude
    && p.longitude >= rect.leftLongitude && p.longitude <= rect.rightLongitude;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** The square of `half` degrees either side of `p`, cut at the map's edges. */
export function around(p: Point, half: number): Rectangle {
  return {
    topLatitude: round6(Math.min(90, p.latitude + half)),
    bottomLatitude: round6(Math.max(-90, p.latitude - half)),
    leftLongitude: round6(Math.max(-180, p.longitude - half)),
    rightLongitude: round6(Math.min(180, p.longitude + half)),
  };
}

/** The query of a geosearch with any values (malformed ones too), the four unnamed parameters under their configured names. */
export function geoQuery(names: GeoParamNames, values: Partial<Record<keyof GeosearchRectangle, string | number | boolean>>): Query {
  const { count, aggregate, precision, language, ...bounds } = values;
  return { ...bounds, [names.count]: count, [names.aggregate]: aggregate, [names.precision]: precision, [names.language]: language };
}

// ---- What a location offers (connector fields and Evse status values are not shown) ----

/** ASSUME-GEO-CONNECTOR-FIELDS: a connector has a standard when any of its properties equals it. */
export function hasConnectorStandard(location: Location, standards: readonly string[]): boolean {
  return (location.evses ?? []).some((e) => (e.connectors ?? []).some((c) => Object.values(c).some((v) => typeof v === 'string' && standards.includes(v))));
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
        for (const [key, v] of Object.entries(c)) if (typeof v === 'string') values.set(v, (values.get(v) ?? false) || key === 'standard');
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

// ---- Areas of the map ----

/** Where a search finds enough locations to tell a rule kept from a rule broken. */
export interface GeoAreas {
  /** A rectangle holding a few dozen locations (20 to 120): a search with count 300 shows them all. */
  small?: Rectangle;
  /** A rectangle holding more than 300 locations (the whole map, when the target has that many). */
  busy?: Rectangle;
}

const SMALL = { min: 20, max: 120 };

export const NO_SMALL_AREA = `the target shows no area holding ${SMALL.min} to ${SMALL.max} locations`;

/**
 * Finds the areas through the interface: the whole map aggregated tells whether more than 300
 * locations exist; a square around a location of the map, halved or doubled (then bisected),
 * until a search with count 300 finds a few dozen.
 */
export async function discoverGeoAreas(api: FleetApi): Promise<GeoAreas> {
  const aggregated = await api.geosearchRectangle({ ...WORLD, aggregate: true });
  const total = aggregated.status === 200 ? (aggregated.body.aggregates ?? []).reduce((s, a) => s + (a.count ?? 0), 0) : 0;
  const busy = total > MAX_LOCATIONS ? WORLD : undefined;
  const world = await api.geosearchRectangle({ ...WORLD, count: 1 });
  const start = world.status === 200 ? (world.body.locations ?? []).map(pointOf).find((p) => p !== undefined) : undefined;
  if (!start) return busy ? { busy } : {};

  let half = 0.25, tooSmall = 0, tooBig = Infinity;
  for (let step = 0; step < 16 && half <= 90; step++) {
    const rect = around(start, half);
    const found = await api.geosearchRectangle({ ...rect, count: MAX_LOCATIONS });
    const n = found.status === 200 ? (found.body.locations ?? []).length : 0;
    if (n >= SMALL.min && n <= SMALL.max) return { small: rect, ...(busy ? { busy } : {}) };
    if (n < SMALL.min) tooSmall = half;
    else tooBig = half;
    half = tooBig === Infinity ? half * 2 : (tooSmall + tooBig) / 2;
  }
  return busy ? { busy } : {};
}

/**
 * Areas of the target's map with enough locations for the location rules, found through the
 * interface itself (a worker fixture asks once).
 */
import type { FleetClient } from './client.js';
import type { GeoParamNames } from './config.js';
import { around, geoQuery, MAX_LOCATIONS, pointOf, type Rectangle, WORLD } from './locations.js';
import type { GeosearchQuery, GeosearchResponse } from './types.generated.js';

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
 * Finds the areas through the interface, the four unnamed parameters under `names`: the whole
 * map aggregated tells whether more than 300 locations exist; a square around a location of the
 * map, halved or doubled (then bisected), until a search with count 300 finds a few dozen.
 */
export async function discoverGeoAreas(client: FleetClient, names: GeoParamNames): Promise<GeoAreas> {
  const search = (values: GeosearchQuery) =>
    client.call<GeosearchResponse>('geosearchRectangle', { query: geoQuery(names, values), body: {} });
  const aggregated = await search({ ...WORLD, aggregate: true });
  const total =
    aggregated.status === 200 ? (aggregated.body.aggregates ?? []).reduce((s, a) => s + (a.count ?? 0), 0) : 0;
  const busy = total > MAX_LOCATIONS ? WORLD : undefined;
  const world = await search({ ...WORLD, count: 1 });
  const start =
    world.status === 200 ? (world.body.locations ?? []).map(pointOf).find((p) => p !== undefined) : undefined;
  if (!start) return busy ? { busy } : {};

  let half = 0.25,
    tooSmall = 0,
    tooBig = Infinity;
  for (let step = 0; step < 16 && half <= 90; step++) {
    const rect = around(start, half);
    const found = await search({ ...rect, count: MAX_LOCATIONS });
    const n = found.status === 200 ? (found.body.locations ?? []).length : 0;
    if (n >= SMALL.min && n <= SMALL.max) return { small: rect, ...(busy ? { busy } : {}) };
    if (n < SMALL.min) tooSmall = half;
    else tooBig = half;
    half = tooBig === Infinity ? half * 2 : (tooSmall + tooBig) / 2;
  }
  return busy ? { busy } : {};
}

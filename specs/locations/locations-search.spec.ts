/** POST /locations/geosearch/rectangle: what a search finds, how many, and in which shape. */
import { expect, test } from '../../fixtures/test.js';
import { NO_SMALL_AREA } from '../../lib/geo-areas.js';
import { isInside, MAX_LOCATIONS, pointOf, type Rectangle } from '../../lib/locations.js';
import { rules } from '../../lib/rules/declared.js';
import { judgeTimestampStyle } from '../../lib/steps/timestamp-steps.js';

/** Mid-Atlantic, far from any coast. */
const midAtlantic: Rectangle = { topLatitude: 40, bottomLatitude: 30, leftLongitude: -45, rightLongitude: -35 };

test.describe('geosearch rectangle: locations found', () => {
  test(
    'every location found lies inside the rectangle [GEO-INSIDE-RECTANGLE]',
    rules('GEO-INSIDE-RECTANGLE'),
    async ({ api, geoAreas }) => {
      test.skip(!geoAreas.small && !geoAreas.busy, 'the target shows no location on the whole map');
      for (const [rect, count] of [
        [geoAreas.small, MAX_LOCATIONS],
        [geoAreas.busy, undefined],
      ] as const) {
        if (!rect) continue;
        const response = await api.geosearchRectangle({ ...rect, ...(count ? { count } : {}) });
        expect(response).toHaveStatus(200);
        const locations = response.body.locations ?? [];
        expect(locations.length, 'the area was chosen because it holds locations').toBeGreaterThan(0);
        const outside = locations
          .filter((l) => !isInside(rect, pointOf(l)))
          .map((l) => ({ id: l.id, coordinates: l.coordinates }));
        expect(outside, `locations outside ${JSON.stringify(rect)}`).toEqual([]);
      }
    }
  );

  test(
    'at most 300 locations are returned, with count omitted or 300 [GEO-MAX-300]',
    rules('GEO-MAX-300'),
    async ({ api, geoAreas, geoParams }) => {
      // The busy area is found by aggregating the whole map.
      geoParams.need('aggregate');
      const busy = geoAreas.busy;
      test.skip(!busy, 'the target holds no more than 300 locations on the whole map');
      for (const count of [undefined, MAX_LOCATIONS]) {
        const response = await api.geosearchRectangle({ ...busy!, ...(count ? { count } : {}) });
        expect(response).toHaveStatus(200);
        expect(response.body.locations?.length ?? 0, `count ${count ?? 'omitted'}`).toBeLessThanOrEqual(MAX_LOCATIONS);
      }
    }
  );

  test(
    'a result count limits the locations returned [GEO-COUNT-HONOURED]',
    rules('GEO-COUNT-HONOURED'),
    async ({ api, geoAreas, geoParams }) => {
      geoParams.need('count');
      const small = geoAreas.small;
      test.skip(!small, NO_SMALL_AREA);
      const all = await api.geosearchRectangle({ ...small!, count: MAX_LOCATIONS });
      expect(all).toHaveStatus(200);
      const found = all.body.locations?.length ?? 0;
      for (const count of [1, 10, found - 1]) {
        const response = await api.geosearchRectangle({ ...small!, count });
        expect(response).toHaveStatus(200);
        expect(
          response.body.locations?.length ?? 0,
          `count ${count} (sent as ${geoParams.names.count}) where ${found} locations match`
        ).toBeLessThanOrEqual(count);
      }
    }
  );

  // "last_updated | string, timestamp (ISO 8601, UTC)" of a Location; an Evse's last_updated and the exceptional periods: "timestamp", no more.
  test(
    'locations show the documented fields: coordinates as decimal degrees in text, last_updated a UTC timestamp, EVSE and exceptional times timestamps, HH:MM hours [GEO-LOCATION-SHAPE, GEO-EVSE-SHAPE, GEO-OPENING-TIMES-SHAPE]',
    rules('GEO-LOCATION-SHAPE', 'GEO-EVSE-SHAPE', 'GEO-OPENING-TIMES-SHAPE'),
    async ({ api, geoAreas, schemas, assumptions }) => {
      const small = geoAreas.small;
      test.skip(!small, NO_SMALL_AREA);
      const response = await api.geosearchRectangle({ ...small!, count: MAX_LOCATIONS });
      expect(response).toHaveStatus(200);
      const locations = response.body.locations ?? [];
      expect(locations.length).toBeGreaterThan(0);
      const read: Record<'location' | 'evse' | 'period', [where: string, value: string][]> = {
        location: [],
        evse: [],
        period: [],
      };
      for (const l of locations) {
        const where = `location ${l.id}`;
        if (l.coordinates) expect(pointOf(l), `${where}: coordinates ${JSON.stringify(l.coordinates)}`).toBeDefined();
        if (l.last_updated !== undefined) {
          expect(
            schemas.validate('timestamp-utc.json', l.last_updated),
            `${where}: last_updated ${l.last_updated}`
          ).toEqual([]);
          read.location.push([where, l.last_updated]);
        }
        if (l.postal_code !== undefined)
          expect(Number.isInteger(l.postal_code), `${where}: postal_code ${l.postal_code}`).toBe(true);
        for (const e of l.evses ?? []) {
          if (e.last_updated !== undefined) {
            expect(
              schemas.validate('timestamp.json', e.last_updated),
              `${where} evse ${e.uid}: last_updated ${e.last_updated}`
            ).toEqual([]);
            read.evse.push([`${where} evse ${e.uid}`, e.last_updated]);
          }
          if (e.capabilities !== undefined)
            expect(Array.isArray(e.capabilities), `${where} evse ${e.uid}: capabilities`).toBe(true);
        }
        for (const h of l.opening_times?.regular_hours ?? []) {
          expect([h.period_begin, h.period_end].join(' '), `${where}: regular_hours`).toMatch(/^\d\d:\d\d \d\d:\d\d$/);
        }
        for (const p of [
          ...(l.opening_times?.exceptional_openings ?? []),
          ...(l.opening_times?.exceptional_closings ?? []),
        ]) {
          for (const t of [p.period_begin, p.period_end].filter((x) => x !== undefined)) {
            expect(schemas.validate('timestamp.json', t), `${where}: exceptional period ${t}`).toEqual([]);
            read.period.push([where, t]);
          }
        }
      }
      await judgeTimestampStyle(assumptions, 'GEO-LOCATION-SHAPE', 'Location last_updated', read.location);
      await judgeTimestampStyle(assumptions, 'GEO-EVSE-SHAPE', 'Evse last_updated', read.evse);
      await judgeTimestampStyle(
        assumptions,
        'GEO-OPENING-TIMES-SHAPE',
        'exceptional opening and closing periods',
        read.period
      );
    }
  );

  test(
    'an empty area (mid-Atlantic) answers 200 with no location, or 404 {message} [GEO-INSIDE-RECTANGLE, ERR-MESSAGE-BODY]',
    rules('GEO-INSIDE-RECTANGLE', 'ERR-MESSAGE-BODY'),
    async ({ api }) => {
      const response = await api.geosearchRectangle({ ...midAtlantic, count: 10 });
      expect([200, 404], `status ${response.status}`).toContain(response.status);
      if (response.status === 404) {
        expect(typeof (response.body as unknown as { message?: unknown }).message).toBe('string');
      } else {
        const outside = (response.body.locations ?? []).filter((l) => !isInside(midAtlantic, pointOf(l)));
        expect(outside).toEqual([]);
      }
    }
  );
});

/**
 * Geosearch with the aggregation switch on: aggregates instead of locations, counts that stand for
 * every location found (whether a grid cell is cut at the rectangle's edges: ASSUME-GEO-AGGREGATION).
 */
import { expect, forReading, forRule, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { NO_SMALL_AREA } from '../../lib/geo-areas.js';
import { MAX_LOCATIONS, pointOf, type Rectangle } from '../../lib/locations.js';
import { rules } from '../../lib/rules/declared.js';
import type { Aggregate } from '../../lib/types.generated.js';

/** The locations the aggregates stand for; a count that is no integer is GEO-AGGREGATE-SHAPE's breach, and adds up to nothing. */
async function total(aggregates: Aggregate[] | undefined): Promise<number> {
  await forRule('GEO-AGGREGATE-SHAPE', () =>
    expect(
      (aggregates ?? []).filter((a) => !Number.isInteger(a.count ?? 0)).map((a) => a.count),
      'aggregate counts that are no integer'
    ).toEqual([])
  );
  return (aggregates ?? []).reduce((s, a) => s + (a.count ?? 0), 0);
}

/** How many locations the search finds without aggregation: all of them, since the area holds a few dozen. */
async function locationsFound(api: FleetApi, rect: Rectangle): Promise<number> {
  const response = api.intact(
    api.need(await api.geosearchRectangle({ ...rect, count: MAX_LOCATIONS }), 'searching the area without aggregation'),
    'counting the locations of the area'
  );
  const found = response.body.locations?.length ?? 0;
  expect(found, 'the area was chosen to hold fewer than 300 locations').toBeLessThan(MAX_LOCATIONS);
  return found;
}

test.describe('geosearch rectangle: aggregation', () => {
  test.beforeEach(({ geoAreas, geoParams }) => {
    geoParams.need('aggregate');
    test.skip(!geoAreas.small, NO_SMALL_AREA);
  });

  test(
    'with aggregation on, aggregates {coordinates, count} come instead of individual locations [GEO-AGGREGATE-ON, GEO-AGGREGATE-SHAPE]',
    rules('GEO-AGGREGATE-ON', 'GEO-AGGREGATE-SHAPE'),
    async ({ api, geoAreas }) => {
      const response = await api.geosearchRectangle({ ...geoAreas.small!, aggregate: true });
      expect(response).toHaveStatus(200);
      const aggregates = response.body.aggregates ?? [];
      await forRule('GEO-AGGREGATE-ON', () => {
        expect(response.body.locations ?? [], 'individual locations next to aggregates').toEqual([]);
        expect(aggregates.length, 'the area holds locations, so something is aggregated').toBeGreaterThan(0);
      });
      await forRule('GEO-AGGREGATE-SHAPE', () => {
        for (const a of aggregates) {
          expect(Number.isInteger(a.count), `count ${JSON.stringify(a.count)}`).toBe(true);
          expect(pointOf(a), `coordinates ${JSON.stringify(a.coordinates)}`).toBeDefined();
        }
      });
    }
  );

  test(
    'aggregate counts add up to at least the locations the same search finds, at the default precision and at each of 2 to 9 [GEO-AGGREGATE-COUNTS]',
    rules('GEO-AGGREGATE-COUNTS'),
    async ({ api, geoAreas, geoParams, assumptions }) => {
      // The count shows every location of the area to add up to; the title names each precision.
      geoParams.need('count', 'precision');
      const found = await locationsFound(api, geoAreas.small!);
      const strict = assumptions.strict('ASSUME-GEO-AGGREGATION');
      const more: string[] = [];
      for (const precision of [undefined, 2, 3, 4, 5, 6, 7, 8, 9]) {
        const response = await api.geosearchRectangle({
          ...geoAreas.small!,
          aggregate: true,
          ...(precision ? { precision } : {}),
        });
        // A precision of 2 to 9 refused is GEO-PRECISION-2-9's breach: this test then judges nothing.
        api.need(
          response,
          `aggregating the area at precision ${precision ?? 'default'}`,
          precision ? 'GEO-PRECISION-2-9' : undefined
        );
        const sum = await total(response.body.aggregates);
        const what = `sum of counts at precision ${precision ?? 'default'}, against the ${found} locations found`;
        expect(sum, `${what}: a location found that no aggregate counts`).toBeGreaterThanOrEqual(found);
        if (sum > found) more.push(`${sum} at precision ${precision ?? 'default'}`);
        if (strict)
          await forReading('ASSUME-GEO-AGGREGATION', 'GEO-AGGREGATE-COUNTS', () =>
            expect(sum, `${what} (strict reading)`).toBe(found)
          );
      }
      assumptions.saw(
        'ASSUME-GEO-AGGREGATION',
        more.length
          ? `whole cells: counts beyond the ${found} locations found (${more.join(', ')})`
          : 'the counts add up to the locations found'
      );
    }
  );

  test(
    "a larger grid precision gives smaller grid cells: the area's locations fall into at least as many aggregates at precision 9 as at 2 [GEO-PRECISION-FINER]",
    rules('GEO-PRECISION-FINER'),
    async ({ api, geoAreas, geoParams }) => {
      geoParams.need('precision');
      const [coarse, fine] = await Promise.all(
        [2, 9].map((precision) => api.geosearchRectangle({ ...geoAreas.small!, aggregate: true, precision }))
      );
      for (const response of [coarse!, fine!])
        api.need(response, 'aggregating the area at a precision of 2 to 9', 'GEO-PRECISION-2-9');
      const [at2, at9] = [coarse!, fine!].map((r) => r.body.aggregates?.length ?? 0);
      expect(at9, `aggregates at precision 9, against ${at2} at precision 2`).toBeGreaterThanOrEqual(at2!);
    }
  );

  test(
    'the result count is ignored when aggregation is on [GEO-COUNT-IGNORED-AGGREGATED]',
    rules('GEO-COUNT-IGNORED-AGGREGATED'),
    async ({ api, geoAreas, geoParams }) => {
      geoParams.need('count');
      // Against the same aggregation without a count: whether its counts add up is GEO-AGGREGATE-COUNTS's.
      const without = await api.geosearchRectangle({ ...geoAreas.small!, aggregate: true });
      expect(without).toHaveStatus(200);
      for (const count of [1, 10]) {
        const response = await api.geosearchRectangle({ ...geoAreas.small!, aggregate: true, count });
        expect(response).toHaveStatus(200);
        const expected = await total(without.body.aggregates);
        expect(
          await total(response.body.aggregates),
          `sum of counts with count ${count}, against ${expected} without a count`
        ).toBe(expected);
      }
    }
  );
});

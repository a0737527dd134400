/**
 * The geosearch bounds, both sides of each deliberately, then random values (fast-check): what the
 * document allows answers 200 with every location inside the rectangle (or 404 where it finds none:
 * ASSUME-GEO-404); what it refuses answers
 * 4xx (a 400's {message, details} is checked on every response). Languages outside the 17 are not
 * stated either way: 200 or 4xx, never 5xx. A count above 300 or a precision outside 2 to 9 may be
 * refused or capped (ASSUME-OVER-MAXIMUM); a count never gets more than 300 locations.
 */
import fc from 'fast-check';
import { expect, forReading, forRule, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import {
  countOver300Arb,
  invalidDegreesArb,
  invalidPrecisionArb,
  latitudesNotDecreasingArb,
  longitudesNotIncreasingArb,
  rectangleArb,
  unsupportedLanguageArb,
  validCountArb,
} from '../../lib/arbitraries/geo.arb.js';
import type { ApiResponse } from '../../lib/client.js';
import { NO_SMALL_AREA } from '../../lib/geo-areas.js';
import { geoQuery, MAX_LOCATIONS, type Rectangle, SUPPORTED_LANGUAGES } from '../../lib/locations.js';
import { rules } from '../../lib/rules/declared.js';
import { locationsFound } from '../../lib/steps/location-steps.js';
import type { GeosearchResponse } from '../../lib/types.generated.js';

type Values = Parameters<typeof geoQuery>[1];

/** A small answer is enough to see where locations lie: random rectangles may cover whole countries. */
const FEW = 10;

const berlin: Rectangle = { topLatitude: 52.7, bottomLatitude: 52.3, leftLongitude: 13.1, rightLongitude: 13.7 };

/** `degrees` moved by `millionths` of a degree, written as a plain decimal. */
const shift = (degrees: number, millionths: number) => Math.round(degrees * 1e6 + millionths) / 1e6;

/** `probing`: the values are input the server may refuse, and a 5xx may be their doing (ROBUST-NO-5XX-ON-BAD-INPUT). */
function searcher(api: FleetApi, probing = false) {
  return async (values: Values): Promise<ApiResponse<GeosearchResponse>> =>
    api.call('geosearchRectangle', {
      query: geoQuery(await api.geoParamNames(), values),
      body: {},
      ...(probing ? { hostile: true as const } : {}),
    });
}

const withLatitude = (rect: Rectangle, edge: 'topLatitude' | 'bottomLatitude', value: number | string): Values => ({
  ...rect,
  [edge]: value,
  count: FEW,
});
const withLongitude = (rect: Rectangle, edge: 'leftLongitude' | 'rightLongitude', value: number | string): Values => ({
  ...rect,
  [edge]: value,
  count: FEW,
});

test.describe('geosearch rectangle: boundaries', () => {
  test(
    'latitudes of -90 and 90 are accepted, and every location found lies inside [GEO-LAT-BOUNDS, GEO-INSIDE-RECTANGLE]',
    rules('GEO-LAT-BOUNDS', 'GEO-INSIDE-RECTANGLE'),
    async ({ api, config }) => {
      const search = searcher(api);
      const edges: Rectangle[] = [
        { ...berlin, topLatitude: 90, bottomLatitude: -90 },
        { ...berlin, topLatitude: 90, bottomLatitude: 89.999999 },
        { ...berlin, topLatitude: -89.999999, bottomLatitude: -90 },
      ];
      for (const rect of edges) await locationsFound(await search({ ...rect, count: FEW }), config);
    }
  );

  test(
    'any rectangle within the bounds, top above bottom and left below right, is accepted and every location found lies inside [GEO-LAT-BOUNDS, GEO-LON-BOUNDS, GEO-INSIDE-RECTANGLE]',
    rules('GEO-LAT-BOUNDS', 'GEO-LON-BOUNDS', 'GEO-INSIDE-RECTANGLE'),
    async ({ api, config, property }) => {
      const search = searcher(api);
      await property(
        fc.asyncProperty(rectangleArb, async (rect) => {
          await locationsFound(await search({ ...rect, count: FEW }), config);
        })
      );
    }
  );

  test(
    'latitudes outside -90 to 90 (just outside, far outside, no number) are refused [GEO-LAT-BOUNDS]',
    rules('GEO-LAT-BOUNDS'),
    async ({ api, property }) => {
      const search = searcher(api);
      for (const [edge, value] of [
        ['topLatitude', 90.000001],
        ['bottomLatitude', -90.000001],
        ['topLatitude', 1e300],
        ['bottomLatitude', 'NaN'],
      ] as const) {
        expect(
          await search(withLatitude({ ...berlin, topLatitude: 90, bottomLatitude: -90 }, edge, value)),
          `${edge} ${value}`
        ).toBeRejected();
      }
      await property(
        fc.asyncProperty(
          rectangleArb,
          fc.constantFrom('topLatitude', 'bottomLatitude') as fc.Arbitrary<'topLatitude' | 'bottomLatitude'>,
          invalidDegreesArb(90),
          async (rect, edge, value) => expect(await search(withLatitude(rect, edge, value))).toBeRejected()
        )
      );
    }
  );

  test(
    'longitudes of -180 and 180 are accepted, and every location found lies inside [GEO-LON-BOUNDS, GEO-INSIDE-RECTANGLE]',
    rules('GEO-LON-BOUNDS', 'GEO-INSIDE-RECTANGLE'),
    async ({ api, config }) => {
      const search = searcher(api);
      const edges: Rectangle[] = [
        { ...berlin, leftLongitude: -180, rightLongitude: 180 },
        { ...berlin, leftLongitude: 179.999999, rightLongitude: 180 },
        { ...berlin, leftLongitude: -180, rightLongitude: -179.999999 },
      ];
      for (const rect of edges) await locationsFound(await search({ ...rect, count: FEW }), config);
    }
  );

  test(
    'longitudes outside -180 to 180 (just outside, far outside, no number) are refused [GEO-LON-BOUNDS]',
    rules('GEO-LON-BOUNDS'),
    async ({ api, property }) => {
      const search = searcher(api);
      for (const [edge, value] of [
        ['rightLongitude', 180.000001],
        ['leftLongitude', -180.000001],
        ['rightLongitude', -1e300],
        ['leftLongitude', 'abc'],
      ] as const) {
        expect(
          await search(withLongitude({ ...berlin, leftLongitude: -180, rightLongitude: 180 }, edge, value)),
          `${edge} ${value}`
        ).toBeRejected();
      }
      await property(
        fc.asyncProperty(
          rectangleArb,
          fc.constantFrom('leftLongitude', 'rightLongitude') as fc.Arbitrary<'leftLongitude' | 'rightLongitude'>,
          invalidDegreesArb(180),
          async (rect, edge, value) => expect(await search(withLongitude(rect, edge, value))).toBeRejected()
        )
      );
    }
  );

  test(
    'topLatitude must be greater than bottomLatitude: a millionth above is accepted, equal and swapped are refused [GEO-TOP-GT-BOTTOM]',
    rules('GEO-TOP-GT-BOTTOM'),
    async ({ api, config, property }) => {
      const search = searcher(api);
      const bottom = berlin.bottomLatitude;
      const justAbove = { ...berlin, topLatitude: shift(bottom, 1) };
      await locationsFound(await search({ ...justAbove, count: FEW }), config);
      for (const topLatitude of [bottom, shift(bottom, -1), shift(bottom, -400_000)]) {
        expect(
          await search({ ...berlin, topLatitude, count: FEW }),
          `topLatitude ${topLatitude}, bottomLatitude ${bottom}`
        ).toBeRejected();
      }
      await property(
        fc.asyncProperty(latitudesNotDecreasingArb, async (rect) =>
          expect(await search({ ...rect, count: FEW })).toBeRejected()
        )
      );
    }
  );

  test(
    'leftLongitude must be less than rightLongitude: a millionth less is accepted, equal and swapped are refused [GEO-LEFT-LT-RIGHT]',
    rules('GEO-LEFT-LT-RIGHT'),
    async ({ api, config, property }) => {
      const search = searcher(api);
      const right = berlin.rightLongitude;
      const justBelow = { ...berlin, leftLongitude: shift(right, -1) };
      await locationsFound(await search({ ...justBelow, count: FEW }), config);
      for (const leftLongitude of [right, shift(right, 1), shift(right, 600_000)]) {
        expect(
          await search({ ...berlin, leftLongitude, count: FEW }),
          `leftLongitude ${leftLongitude}, rightLongitude ${right}`
        ).toBeRejected();
      }
      await property(
        fc.asyncProperty(longitudesNotIncreasingArb, async (rect) =>
          expect(await search({ ...rect, count: FEW })).toBeRejected()
        )
      );
    }
  );

  test(
    'count up to 300 is accepted and bounds the answer; above 300 is refused, or capped to at most 300 locations [GEO-COUNT-MAX-300, GEO-COUNT-HONOURED]',
    rules('GEO-COUNT-MAX-300', 'GEO-COUNT-HONOURED'),
    async ({ api, config, geoAreas, geoParams, assumptions, property }) => {
      geoParams.need('count');
      const search = searcher(api);
      const rect = geoAreas.small ?? berlin;
      const strict = assumptions.strict('ASSUME-OVER-MAXIMUM');
      const seen = new Set<string>();
      const judge = async (count: number, valid: boolean, where = rect) => {
        const response = await search({ ...where, count });
        if (valid) {
          await forRule('GEO-COUNT-MAX-300', () => locationsFound(response, config));
          return forRule('GEO-COUNT-HONOURED', () =>
            expect(response.body.locations?.length ?? 0, `count ${count}`).toBeLessThanOrEqual(count)
          );
        }
        seen.add(
          response.status >= 400 && response.status < 500
            ? `refused (${response.status})`
            : `answered ${response.status}`
        );
        if (strict)
          return forReading('ASSUME-OVER-MAXIMUM', 'GEO-COUNT-MAX-300', () =>
            expect(response, `count ${count} (strict reading)`).toBeRejected()
          );
        if (response.status >= 400 && response.status < 500) return;
        await forRule('GEO-COUNT-MAX-300', async () =>
          expect(
            (await locationsFound(response, config)).length,
            `count ${count}, above the maximum, answered with`
          ).toBeLessThanOrEqual(MAX_LOCATIONS)
        );
      };
      for (const count of [299, 300]) await judge(count, true);
      // A count above 300 honoured shows only where more than 300 locations match.
      await judge(301, false, geoAreas.busy ?? rect);
      await property(
        fc.asyncProperty(
          fc.oneof(
            validCountArb.map((count) => ({ count, valid: true })),
            countOver300Arb.map((count) => ({ count, valid: false }))
          ),
          ({ count, valid }) => judge(count, valid)
        )
      );
      assumptions.saw('ASSUME-OVER-MAXIMUM', `a count above 300: ${[...seen].join(', ')}`);
    }
  );

  test(
    'precision 2 to 9 is accepted with aggregation on; 1, 10 and beyond are refused, or capped [GEO-PRECISION-2-9]',
    rules('GEO-PRECISION-2-9'),
    async ({ api, config, geoAreas, geoParams, assumptions, property }) => {
      geoParams.need('aggregate', 'precision');
      test.skip(!geoAreas.small, NO_SMALL_AREA);
      const search = searcher(api);
      const rect = geoAreas.small!;
      const strict = assumptions.strict('ASSUME-OVER-MAXIMUM');
      const seen = new Set<string>();
      for (const precision of [2, 3, 4, 5, 6, 7, 8, 9])
        await locationsFound(await search({ ...rect, aggregate: true, precision }), config);
      const outside = async (precision: number) => {
        const response = await search({ ...rect, aggregate: true, precision });
        seen.add(
          response.status >= 400 && response.status < 500
            ? `refused (${response.status})`
            : `answered ${response.status}`
        );
        if (strict)
          return forReading('ASSUME-OVER-MAXIMUM', 'GEO-PRECISION-2-9', () =>
            expect(response, `precision ${precision} (strict reading)`).toBeRejected()
          );
        if (response.status < 200 || response.status >= 300)
          expect(response, `precision ${precision}: refused, or answered as a precision the server has`).toBeRejected();
      };
      for (const precision of [1, 10]) await outside(precision);
      await property(fc.asyncProperty(invalidPrecisionArb, outside));
      assumptions.saw('ASSUME-OVER-MAXIMUM', `a precision outside 2 to 9: ${[...seen].join(', ')}`);
    }
  );

  test(
    'each of the 17 supported languages is accepted [GEO-LANGUAGE-SUPPORTED]',
    rules('GEO-LANGUAGE-SUPPORTED'),
    async ({ api, config, geoParams }) => {
      geoParams.need('language');
      const search = searcher(api);
      for (const language of SUPPORTED_LANGUAGES)
        await locationsFound(await search({ ...berlin, language, count: FEW }), config);
    }
  );

  test(
    'another language code answers 200 or 4xx, never 5xx [GEO-LANGUAGE-SUPPORTED, ROBUST-NO-5XX-ON-BAD-INPUT]',
    rules('GEO-LANGUAGE-SUPPORTED', 'ROBUST-NO-5XX-ON-BAD-INPUT'),
    async ({ api, config, geoParams, property }) => {
      geoParams.need('language');
      const search = searcher(api, true);
      await property(
        fc.asyncProperty(unsupportedLanguageArb, async (language) => {
          const response = await search({ ...berlin, language, count: FEW });
          if (response.status === 200) await locationsFound(response, config);
          else expect(response, `language ${language}`).toBeRejected();
        })
      );
    }
  );
});

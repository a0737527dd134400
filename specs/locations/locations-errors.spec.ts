/** Refused geosearches: a 400 carries {message, details} (checked on every response, asserted here). */
import { expect, test } from '../../fixtures/test.js';
import { geoQuery, type Rectangle } from '../../lib/locations.js';
import { rules } from '../../lib/rules/declared.js';
import type { MessageError } from '../../lib/types.generated.js';

const berlin: Rectangle = { topLatitude: 52.7, bottomLatitude: 52.3, leftLongitude: 13.1, rightLongitude: 13.7 };

/** One request per cause of a 400 the document names, plus input that is no number or no JSON. */
const refusals: [cause: string, query: Parameters<typeof geoQuery>[1], rawBody?: string][] = [
  ['topLatitude above 90', { ...berlin, topLatitude: 91 }],
  ['bottomLatitude below -90', { ...berlin, bottomLatitude: -91 }],
  ['leftLongitude below -180', { ...berlin, leftLongitude: -181 }],
  ['rightLongitude above 180', { ...berlin, rightLongitude: 181 }],
  ['topLatitude equal to bottomLatitude', { ...berlin, topLatitude: berlin.bottomLatitude }],
  [
    'leftLongitude greater than rightLongitude',
    { ...berlin, leftLongitude: berlin.rightLongitude, rightLongitude: berlin.leftLongitude },
  ],
  ['count 301', { ...berlin, count: 301 }],
  ['precision 1', { ...berlin, aggregate: true, precision: 1 }],
  ['precision 10', { ...berlin, aggregate: true, precision: 10 }],
  ['topLatitude not a number', { ...berlin, topLatitude: 'north' }],
  ['a body that is not JSON', berlin, '{"filters": '],
];

test.describe('geosearch rectangle: errors', () => {
  test(
    'a refused search answered 400 has the body {message: string, details: array of string} [GEO-ERROR-400-BODY, ERR-MESSAGE-BODY]',
    rules('GEO-ERROR-400-BODY', 'ERR-MESSAGE-BODY'),
    async ({ api }) => {
      const names = await api.geoParamNames();
      let answered400 = 0;
      for (const [cause, values, rawBody] of refusals) {
        const response = await api.call<MessageError>('geosearchRectangle', {
          query: geoQuery(names, values),
          ...(rawBody === undefined ? { body: {} } : { rawBody }),
        });
        // Whether each cause is refused is its own rule's to judge (GEO-LAT-BOUNDS, ...): this checks the bodies of the 400s.
        if (response.status !== 400) continue;
        answered400 += 1;
        expect(typeof response.body.message, `${cause}: message`).toBe('string');
        if (response.body.details !== undefined) {
          expect(
            response.body.details.every((d) => typeof d === 'string'),
            `${cause}: details ${JSON.stringify(response.body.details)}`
          ).toBe(true);
        }
      }
      test.skip(answered400 === 0, `none of the ${refusals.length} refusals answered 400`);
    }
  );
});

/** GET /master/all: "No parameters. [...] Standard errors 400 and 500 apply." */
import { expect, test } from '../../fixtures/test.js';
import { rules } from '../../lib/rules/declared.js';

test(
  'GET /master/all with a parameter it does not take: ignored (200), or refused with the standard error body [ERR-STANDARD-BODY]',
  rules('ERR-STANDARD-BODY'),
  async ({ api }) => {
    const response = await api.call('getMasterData', { query: { region: 'EU' } });
    // The body of a 400 or 500 is judged by the standard error body's check on every answer; a 200 ignored the parameter.
    expect([200, 400, 500], `GET /master/all?region=EU answered ${response.status}`).toContain(response.status);
    if (response.status !== 200)
      expect(typeof (response.body as unknown as { errorCode?: unknown })?.errorCode, 'errorCode').toBe('string');
  }
);

/**
 * GET /sessions/{sessionId}: "404: {message: string}. A second error answer with the same body
 * shape exists; its status code is not shown." An id that is no session id at all (not a UUID, as
 * the sessions' ids are) is refused with whatever status the server chose, in that body.
 */
import { expect, judgingPlace, test } from '../../fixtures/test.js';
import { rules } from '../../lib/rules/declared.js';

test(
  'a sessionId that is not a session id is refused, with the body {message} whatever the status [ERR-MESSAGE-BODY]',
  rules('ERR-MESSAGE-BODY'),
  async ({ api }) => {
    const response = await api.call<{ message?: unknown }>('getSession', { params: { sessionId: 'not-a-session-id' } });
    expect(response, 'GET /sessions/not-a-session-id').toBeRejected();
    judgingPlace(response, '/message', () => expect(typeof response.body?.message, 'message').toBe('string'));
  }
);

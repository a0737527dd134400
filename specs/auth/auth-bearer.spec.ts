/**
 * "Every operation requires the header Authorization: Bearer <ACCESS_TOKEN>. A missing or invalid
 * token gives 401." One table over every operation: no header, then headers that are not a valid
 * bearer token. Write operations carry a body that must be refused anyway (specs/security/samples.ts).
 */
import { randomBytes } from 'node:crypto';
import { expect, forRule } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { type ApiResponse, formatExchange } from '../../lib/client.js';
import { type OperationId, operation } from '../../lib/operations.js';
import { rules } from '../../lib/rules/declared.js';
import { type SampleIds, sampleRequest, serviceOperations, test } from '../security/samples.js';

/** The token with one character in its middle changed (the last one may only carry base64 padding bits). */
function flipped(token: string): string {
  const i = Math.floor(token.length / 2);
  return token.slice(0, i) + (token[i] === 'x' ? 'y' : 'x') + token.slice(i + 1);
}

function invalidAuthorizations(token: string, basic: string): [string, string][] {
  return [
    ['"Bearer" alone', 'Bearer'],
    ['"Bearer" and blanks', 'Bearer  '],
    ['a made-up dotted token', 'Bearer abc.def'],
    ['random garbage', `Bearer ${randomBytes(24).toString('base64url')}`],
    ['the real token with one character flipped', `Bearer ${flipped(token)}`],
    ['client credentials under the Basic scheme', `Basic ${basic}`],
    ['the real token under the Token scheme', `Token ${token}`],
    ['the real token without a scheme', token],
  ];
}

/**
 * A 404 without a valid token, where the same request with one answers 404 too: the operation is
 * not at its documented path (HTTP-NO-VERSION-SEGMENT's breach, which blocks the test), not the token's.
 */
async function atItsPath(
  api: FleetApi,
  answer: ApiResponse,
  id: OperationId,
  request: Parameters<FleetApi['call']>[1],
  name: string
): Promise<ApiResponse> {
  if (answer.status !== 404) return answer;
  const withToken = await api.call(id, request);
  await forRule('HTTP-NO-VERSION-SEGMENT', () =>
    expect(withToken.status, `${name} with a valid token: the operation at its documented path`).not.toBe(404)
  );
  return answer;
}

interface Answer {
  name: string;
  answer: ApiResponse;
}

/** Each answer that is not a 401, with its exchange: every operation is judged before the test fails. */
function not401(answers: Answer[]): string[] {
  return answers
    .filter(({ answer }) => answer.status !== 401)
    .map(({ name, answer }) => `${name}: received ${answer.status}\n${formatExchange(answer.exchange)}`);
}

/**
 * One test per rule and kind of operation (one assertion over every operation), not one per
 * operation: a server that ignores the token everywhere fails two tests, not thirty-eight.
 */
for (const kind of ['read', 'write'] as const) {
  const ids = serviceOperations.filter((id) => operation(id).readOnly === (kind === 'read'));
  const tag = kind === 'write' ? ' @write' : '';
  const sent = (sampleIds: SampleIds) =>
    ids.flatMap((id) => {
      const request = sampleRequest(id, sampleIds);
      return request ? [{ id, request, name: `${operation(id).method} ${operation(id).path}` }] : [];
    });

  test.describe(`every ${kind} operation`, () => {
    test(
      `answers 401 without an Authorization header [AUTH-BEARER-REQUIRED]${tag}`,
      rules('AUTH-BEARER-REQUIRED'),
      async ({ api, sampleIds }) => {
        const requests = sent(sampleIds);
        test.skip(!requests.length, `the target has no resource for any ${kind} operation`);
        const answers: Answer[] = [];
        for (const { id, request, name } of requests) {
          const answer = await atItsPath(api, await api.call(id, { ...request, auth: 'none' }), id, request, name);
          answers.push({ name, answer });
        }
        await forRule('AUTH-BEARER-REQUIRED', () =>
          expect(not401(answers), 'operations that answered no 401 without an Authorization header').toEqual([])
        );
      }
    );

    test(
      `answers 401 to a malformed, altered or wrong-scheme token [AUTH-INVALID-TOKEN-401]${tag}`,
      rules('AUTH-INVALID-TOKEN-401'),
      async ({ api, sampleIds, tokens, config, secrets }) => {
        const requests = sent(sampleIds);
        test.skip(!requests.length, `the target has no resource for any ${kind} operation`);
        const token = await tokens.token();
        const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
        for (const value of [token, flipped(token), basic]) secrets.add(value);
        const answers: Answer[] = [];
        for (const { id, request, name } of requests) {
          for (const [label, authorization] of invalidAuthorizations(token, basic)) {
            const answer = await atItsPath(
              api,
              await api.call(id, { ...request, auth: { authorization } }),
              id,
              request,
              name
            );
            answers.push({ name: `${name}: ${label}`, answer });
          }
        }
        await forRule('AUTH-INVALID-TOKEN-401', () =>
          expect(not401(answers), 'operations that answered no 401 to an invalid Authorization header').toEqual([])
        );
      }
    );
  });
}

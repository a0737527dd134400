/**
 * A ready-to-paste curl command that replays a recorded request against the same target. The
 * bearer token is never in it: `$FLEET_TOKEN` stands in, and TOKEN_HINT says how to get one.
 */
import type { RecordedRequest } from '../exchange.js';

export const TOKEN_HINT = 'export FLEET_TOKEN=$(npm run -s token)';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlOf(baseUrl: string, request: RecordedRequest): string {
  const parts = ['curl -sS', `-X ${request.method}`, quote(`${baseUrl}${request.path}`)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name !== 'authorization') parts.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  if (request.auth === 'token') parts.push('-H "Authorization: Bearer $FLEET_TOKEN"');
  else if (request.auth === 'custom') parts.push(`-H ${quote('Authorization: <the altered value the test sent>')}`);
  const body = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  if (body !== undefined) parts.push(`--data-raw ${quote(body.length > 20_000 ? `${body.slice(0, 20_000)}…` : body)}`);
  return parts.join(' ');
}

/** lib/report/redact.ts: known secret values and secret-looking keys never survive redaction. */
import { expect, test } from '@playwright/test';
import { formatExchange } from '../../../lib/client.js';
import type { Exchange } from '../../../lib/exchange.js';
import { REDACTED, SecretRegistry, scrubSeen } from '../../../lib/report/redact.js';

test.describe('SecretRegistry', () => {
  test('scrub replaces every occurrence of every known value', () => {
    const secrets = new SecretRegistry();
    secrets.add('s3cr3t-value');
    secrets.add('739146');
    expect(secrets.scrub('a s3cr3t-value b s3cr3t-value c 739146')).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED}`);
  });

  test('values shorter than four characters and undefined are not registered', () => {
    const secrets = new SecretRegistry();
    secrets.add('123');
    secrets.add(undefined);
    secrets.add('');
    expect(secrets.scrub('123 and 1234')).toBe('123 and 1234');
  });

  test('redact masks secret keys at any depth, whatever their value, and scrubs strings elsewhere', () => {
    const secrets = new SecretRegistry();
    secrets.add('the-token');
    const input = {
      authorization: 'Bearer anything',
      nested: [{ cardPIN: '0000', CardPin: 1234, client_secret: 'x', access_token: 'y' }],
      text: 'header was Bearer the-token',
      count: 3,
      missing: null,
    };
    expect(secrets.redact(input)).toEqual({
      authorization: REDACTED,
      nested: [{ cardPIN: REDACTED, CardPin: REDACTED, client_secret: REDACTED, access_token: REDACTED }],
      text: `header was Bearer ${REDACTED}`,
      count: 3,
      missing: null,
    });
    expect(input.authorization, 'the input is not changed').toBe('Bearer anything');
  });

  test('values given to any registry are masked in assertion messages built without one (formatExchange)', () => {
    new SecretRegistry().add('echoed-pin-739146');
    const exchange: Exchange = {
      operationId: 'getCard',
      replayBaseUrl: 'https://fleet-test.example.com',
      request: { method: 'GET', path: '/cards/1', headers: {}, auth: 'token' },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        text: '{"x":"echoed-pin-739146"}',
        body: { x: 'echoed-pin-739146' },
        isJson: true,
      },
      startedAt: new Date(0).toISOString(),
      durationMs: 1,
    };
    expect(formatExchange(exchange)).not.toContain('echoed-pin-739146');
    expect(formatExchange(exchange)).toContain(REDACTED);
    expect(scrubSeen('no secret here')).toBe('no secret here');
  });
});

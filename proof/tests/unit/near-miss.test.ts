/**
 * lib/arbitraries/near-miss.arb.ts: every near miss differs from its value and names nothing else
 * a careless comparison would not confuse with it (a number's near miss is no other number); each
 * recipe shrinks to its plainest form; a counterexample never shows a secret; and a near miss of a
 * secret, registered as the nearMisses fixture does, is masked wherever it appears.
 */
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import {
  describeNearMiss,
  type NearMissSource,
  nearMiss,
  nearMissesArb,
  nearMissKinds,
  sameValueAs,
} from '../../../lib/arbitraries/near-miss.arb.js';
import { REDACTED, SecretRegistry } from '../../../lib/report/redact.js';
import { sandboxDefaults } from '../../../sandbox/defaults.js';

const sources: NearMissSource[] = [
  { value: 'sandbox-secret-change-me', secret: true, other: 'sandbox-foreign-secret-change-me' },
  { value: 'fleet-sandbox', other: 'fleet-sandbox-foreign' },
  { value: '7000000001' },
  { value: 'SC-1001' },
  { value: '2f707a4c-a065-4ac9-a0b4-87fa9a40d9f8' },
  { value: 4000003 },
];

test('each value has the kinds of near miss that make sense for it', () => {
  expect(sources.map(nearMissKinds)).toEqual([
    ['case', 'flip', 'prefix', 'extend', 'blank', 'other'],
    ['case', 'flip', 'prefix', 'extend', 'blank', 'other'],
    ['flip', 'prefix', 'extend', 'blank', 'zeros'],
    ['case', 'flip', 'prefix', 'extend', 'blank'],
    ['case', 'flip', 'prefix', 'extend', 'blank'],
    // A prefix of a number is another number: not a near miss of it.
    ['flip', 'extend', 'blank', 'zeros'],
  ]);
});

/** Runs `check` on the near misses of `runs` draws; returns what it found wrong (plain checks: expect per case is slow). */
function wrongIn(
  source: NearMissSource,
  check: (sent: string, kind: string) => string | undefined,
  runs = 200
): string[] {
  const wrong: string[] = [];
  fc.assert(
    fc.property(nearMissesArb(source), (recipes) => {
      for (const recipe of recipes) {
        const problem = check(nearMiss(source, recipe), recipe.kind);
        if (problem) wrong.push(`${describeNearMiss(recipe)}: ${problem}`);
      }
    }),
    { numRuns: runs }
  );
  return [...new Set(wrong)];
}

test('every near miss differs from its value; a prefix keeps at least half of it; a changed character of a number is a letter', () => {
  for (const source of sources) {
    const text = String(source.value);
    expect(
      wrongIn(source, (sent, kind) => {
        if (sent === text) return 'the value itself';
        if (kind === 'prefix' && !(text.startsWith(sent) && sent.length >= text.length / 2))
          return `${sent} is no prefix of half the value`;
        if (kind === 'case' && sent.toLowerCase() !== text.toLowerCase())
          return `${sent} is not the value in another case`;
        if (kind === 'flip' && /^\d+$/.test(text) && !/^\d*[a-z]\d*$/.test(sent))
          return `${sent}: no digit changed to a letter`;
        return undefined;
      }),
      text
    ).toEqual([]);
  }
});

test('a near miss of an integer is never another integer: no integer at all, or the same one written otherwise', () => {
  const id = 4000003;
  expect(
    wrongIn(
      { value: id },
      (sent) => {
        const read = Number(sent);
        if (Number.isInteger(read) && read !== id) return `${JSON.stringify(sent)} reads as ${read}`;
        return (sameValueAs(id, sent) === 'integer') === (read === id)
          ? undefined
          : `${JSON.stringify(sent)}: sameValueAs disagrees with Number`;
      },
      300
    )
  ).toEqual([]);
});

test('the same value written otherwise: an integer as a number reads it, a UUID in another case; nothing else', () => {
  expect(['04000003', '4000003.', '4000003.0', ' 4000003', '4000003\t'].map((s) => sameValueAs(4000003, s))).toEqual(
    Array(5).fill('integer')
  );
  expect(['4000003x', '4000003.5', '40x0003', '', ' '].map((s) => sameValueAs(4000003, s))).toEqual(
    Array(5).fill(undefined)
  );
  const uuid = '2f707a4c-a065-4ac9-a0b4-87fa9a40d9f8';
  expect(sameValueAs(uuid, uuid.toUpperCase())).toBe('UUID');
  expect([`${uuid} `, uuid.slice(0, 35), `${uuid}x`].map((s) => sameValueAs(uuid, s))).toEqual([
    undefined,
    undefined,
    undefined,
  ]);
  // An account number in another case is another string: opaque identifiers compare whole.
  expect(sameValueAs('SC-1001', 'sc-1001')).toBeUndefined();
  expect(sameValueAs('7000000001', '07000000001')).toBeUndefined();
});

test('each recipe shrinks to its plainest form: one letter in the other case, the first character, the longest prefix, one trailing x, one trailing blank, one leading zero', () => {
  const source = { value: 'Ab12345678', other: 'someone-else' };
  const failure = fc.check(
    fc.property(nearMissesArb(source), () => false),
    { seed: 42 }
  );
  expect(failure.counterexample?.[0]).toEqual([
    { kind: 'case', letters: [0] },
    { kind: 'flip', at: 0, pick: 0 },
    { kind: 'prefix', drop: 1 },
    { kind: 'extend', tail: 'x' },
    { kind: 'blank', before: '', after: ' ' },
    { kind: 'other' },
  ]);
  expect(nearMiss({ value: 7000000001 }, { kind: 'zeros', count: 1 })).toBe('07000000001');
});

test('a counterexample shows how a secret was changed, never the secret or a near miss of it; each near miss is masked once registered', () => {
  const secret = sandboxDefaults.clientSecret;
  const source: NearMissSource = { value: secret, secret: true };
  // No eight characters of the secret in a row, in any case: neither it, a prefix, nor another case of either.
  const pieces = Array.from({ length: secret.length - 7 }, (_, i) => secret.slice(i, i + 8).toLowerCase());
  const shown: string[] = [];
  fc.assert(
    fc.property(nearMissesArb(source), (recipes) => {
      shown.push(fc.stringify(recipes), ...recipes.map(describeNearMiss));
    }),
    { numRuns: 100 }
  );
  expect(pieces.filter((p) => shown.some((text) => text.toLowerCase().includes(p)))).toEqual([]);

  const secrets = new SecretRegistry();
  secrets.add(secret);
  expect(
    wrongIn(
      source,
      (sent) => {
        secrets.add(sent);
        const scrubbed = secrets.scrub(`client_secret=${sent}&grant_type=client_credentials`);
        return scrubbed.includes(REDACTED) && !scrubbed.includes(sent.trim())
          ? undefined
          : `not masked: ${scrubbed.length} characters left`;
      },
      100
    )
  ).toEqual([]);
  // A prefix keeps half the secret: registered, it masks no ordinary word.
  expect(secrets.scrub('fleet-sandbox asks for a token')).toBe('fleet-sandbox asks for a token');
  // Of a short secret a prefix keeps the four characters the registry masks, or there is none.
  expect(
    wrongIn({ value: 's3cr3t', secret: true }, (sent, kind) =>
      kind === 'prefix' && sent.length < 4 ? `${sent.length} characters` : undefined
    )
  ).toEqual([]);
  expect(nearMissKinds({ value: 'k3y!', secret: true })).not.toContain('prefix');
});

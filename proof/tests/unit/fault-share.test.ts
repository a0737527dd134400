import { expect, test } from '@playwright/test';
import { parseShare, shareOf } from '../../selftest/fault-share.js';

test('--share: the shares of one cut are apart and together every fault; the day picks one, the next day the next', () => {
  const faults = Array.from({ length: 261 }, (_, i) => `f${i}`);
  const shares = [1, 2].map((part) => shareOf(faults, { part, of: 2 }).faults);
  expect(shares.map((s) => s.length)).toEqual([131, 130]);
  expect(new Set([...shares[0]!, ...shares[1]!]).size).toBe(261);
  expect(shareOf(faults, { of: 2 }, 20_000)).toEqual({ part: 1, faults: shares[0] });
  expect(shareOf(faults, { of: 2 }, 20_001)).toEqual({ part: 2, faults: shares[1] });
});

test('--share: n or k/n, anything else one line naming it', () => {
  expect(parseShare('2')).toEqual({ of: 2 });
  expect(parseShare('3/4')).toEqual({ part: 3, of: 4 });
  for (const bad of ['', '0', '5/4', 'half', '1/0'])
    expect(() => parseShare(bad)).toThrow(/^--share .*: n \(the day's share of n\) or k\/n/);
});

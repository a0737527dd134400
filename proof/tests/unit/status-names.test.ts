import { expect, test } from '@playwright/test';
import { StatusNames } from '../../../lib/steps/card-views.js';
import type { Card } from '../../../lib/types.generated.js';

const card = (id: number, name: string): Card => ({ status: { id, name } });

test.describe('the names of card statuses', () => {
  test('a card unblocked before the test saw it cannot teach Active another name when the pool shows Active', () => {
    const names = StatusNames.seenOn([card(1, 'Unblocked'), card(1, 'Active'), card(2, 'Blocked')]);
    expect(names.nameOf(1)).toBe('Active');
    expect(names.contradiction({ id: 1, name: 'Unblocked' })).toBe(
      'status id 1 shown as "Unblocked", as "Active" before'
    );
    expect(names.contradiction({ id: 1, name: 'Active' })).toBeUndefined();
  });

  test("a server that names id 1 otherwise on every card has its name learned on first sight, and other ids' too", () => {
    const names = StatusNames.seenOn([card(1, 'ACTIVE'), card(1, 'ACTIVE')]);
    expect(names.nameOf(1)).toBeUndefined();
    expect(names.contradiction({ id: 1, name: 'ACTIVE' })).toBeUndefined();
    expect(names.nameOf(1)).toBe('ACTIVE');
    expect(names.contradiction({ id: 2, name: 'Blocked' })).toBeUndefined();
    expect(names.contradiction({ id: 2, name: 'Gesperrt' })).toBe(
      'status id 2 shown as "Gesperrt", as "Blocked" before'
    );
  });

  test('Active is taken only under its id: the name on another id, or id 1 as text, teaches nothing', () => {
    expect(StatusNames.seenOn([card(2, 'Active')]).nameOf(1)).toBeUndefined();
    expect(StatusNames.seenOn([{ status: { id: '1', name: 'Active' } } as unknown as Card]).nameOf(1)).toBeUndefined();
  });
});

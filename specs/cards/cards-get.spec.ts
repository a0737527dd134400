/** GET /cards/{cardIdentifier}: the card, its status, and the answers for unknown and foreign cards. */
import { expect, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { ACTIVE, allCards } from '../../lib/discovery.js';

/** The largest 32-bit integer: a valid cardIdentifier that no target is likely to have handed out. */
const UNKNOWN_CARD = 2_147_483_647;
const MAX_PROBES = 40;

/**
 * Identifiers the caller's search does not list, nearest to the listed ones first: the gaps
 * between listed identifiers, then just above the largest. Another hierarchy's cards, numbered
 * from the same sequence, sit there.
 */
function unlistedNear(listed: number[]): number[] {
  const sorted = [...new Set(listed)].sort((a, b) => a - b);
  const probes: number[] = [];
  for (let i = 1; i < sorted.length && probes.length < MAX_PROBES; i++) {
    for (let id = sorted[i - 1]! + 1; id < sorted[i]! && probes.length < MAX_PROBES / 2; id++) probes.push(id);
  }
  const max = sorted[sorted.length - 1] ?? 0;
  for (let id = max + 1; probes.length < MAX_PROBES; id++) probes.push(id);
  return probes;
}

interface Probe {
  id: number;
  status: number;
  pvcn?: string;
}

/** The first unlisted card the target answers 403 for, or serves although no search of the caller finds it. */
async function probeForeignCard(api: FleetApi, listed: number[]): Promise<Probe | undefined> {
  for (const id of unlistedNear(listed)) {
    const response = await api.getCard(id);
    if (response.status === 403) return { id, status: 403 };
    if (response.status !== 200) continue;
    // A card of the caller's own hierarchy created since the search: its number finds it.
    const pvcn = response.body.primaryVisualCardNumber;
    const own = pvcn ? (await api.cardSearch({ filter: { primaryVisualCardNumber: pvcn, partialMatch: false } })).body.cards ?? [] : [];
    if (!own.some((c) => c.cardIdentifier === id)) return { id, status: 200, ...(pvcn ? { pvcn } : {}) };
  }
  return undefined;
}

test.describe('get a card', () => {
  test('GET /cards/{cardIdentifier} answers 200 with the Card that search lists [CARD-GET, CARD-SHAPE]', async ({ api }) => {
    const listed = (await api.cardSearch({ limit: 5 })).body.cards ?? [];
    test.skip(listed.length === 0, 'the caller\'s hierarchy holds no card');
    for (const card of listed) {
      const response = await api.getCard(card.cardIdentifier!);
      expect(response).toHaveStatus(200);
      expect(response.body.cardIdentifier, 'cardIdentifier').toBe(card.cardIdentifier);
      expect(response.body.primaryVisualCardNumber, 'primaryVisualCardNumber').toBe(card.primaryVisualCardNumber);
      expect(response.body.cardType, 'cardType').toBe(card.cardType);
    }
  });

  test('card status is exposed as {id, name}: Active with id 1 [CARD-STATUS-ACTIVE-1]', async ({ api }) => {
    const active = (await api.cardSearch({ statusIdentifiers: [ACTIVE], limit: 10 })).body.cards ?? [];
    test.skip(active.length === 0, 'the caller\'s hierarchy holds no Active card');
    for (const card of active) expect(card.status, `card ${card.cardIdentifier}`).toEqual({ id: ACTIVE, name: 'Active' });
    // Other workers may block the card in between: GET must pair id 1 with Active, whatever the status is now.
    const { status } = (await api.getCard(active[0]!.cardIdentifier!)).body;
    expect(status?.id === ACTIVE, `GET card ${active[0]!.cardIdentifier}: status ${JSON.stringify(status)}`).toBe(status?.name === 'Active');
  });

  test('an unknown cardIdentifier answers 404 [ERR-NOT-FOUND-404]', async ({ api }) => {
    expect(await api.getCard(UNKNOWN_CARD)).toHaveStatus(404);
  });

  test('a card outside the caller\'s hierarchy is refused with 403 [CARD-FOREIGN-403]', async ({ api, config }) => {
    if (config.foreignCustomer) {
      const search = await api.cardSearch({ customerAccountNumber: config.foreignCustomer, limit: 1 });
      expect(search, 'searching the cards of FLEET_FOREIGN_CUSTOMER').toHaveStatus(403);
    }
    const listed = (await allCards(api, {})).map((c) => c.cardIdentifier!).filter(Number.isInteger);
    const probe = await probeForeignCard(api, listed);
    test.skip(!probe, `none of ${MAX_PROBES} card identifiers near the caller's own answers 403: no foreign card found`);
    expect(probe!.status, `card ${probe!.id} is served, but no search of the caller's hierarchy lists it (primaryVisualCardNumber ${probe!.pvcn ?? 'absent'})`).toBe(403);
  });
});

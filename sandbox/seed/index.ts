/**
 * The core seed (customers, cards, master data, clients): deterministic, from one PRNG seed.
 * Locations and sessions seed themselves in their own plugins.
 */
import { sandboxDefaults } from '../defaults.js';
import { Store } from '../store.js';
import { seedCards } from './cards.js';
import { foreignTopLevel, seedCustomers } from './customers.js';
import { foreignMasterData, mainMasterData } from './master-data.js';
import { Prng } from './prng.js';

export const SEED = 20_261_122;

/** `poolCards`: Active cards of the card pool (SANDBOX_POOL_CARDS). */
export function seedStore(store = new Store(), seed = SEED, poolCards: number = sandboxDefaults.poolCards): Store {
  const rng = new Prng(seed);
  seedCustomers(store, rng);
  store.setMasterData(sandboxDefaults.topLevelCustomer, mainMasterData());
  store.setMasterData(foreignTopLevel, foreignMasterData());
  seedCards(store, rng, poolCards);
  store.sealSeed();
  return store;
}

/**
 * What the seeded sandbox holds that the suite must know to drive it: the credentials of its two
 * clients and the data behind the suite's FLEET_* defaults (lib/config.ts reads these when no
 * FLEET_BASE_URL is set). The seed produces exactly these; nothing else of the sandbox is known
 * to the suite, which discovers the rest through the interface like against any other server.
 */
export const sandboxDefaults = {
  clientId: 'fleet-sandbox',
  clientSecret: 'sandbox-secret-change-me',
  /** A second client with its own hierarchy, so that 403 across hierarchies can be checked. */
  foreignClientId: 'fleet-sandbox-foreign',
  foreignClientSecret: 'sandbox-foreign-secret-change-me',
  /** Top-level customer of the main client (created by the operator, never listed). */
  topLevelCustomer: '7000000001',
  /** Depth-1 sub-customer of the main client holding the card pool. */
  poolCustomer: '7000000010',
  /**
   * The card pool (FLEET_CARD_POOL_CUSTOMER): the pool customer first, then the top-level account
   * and a sub-customer of the pool customer, so that the caller holds cards it may write at every
   * depth of its hierarchy (the authorization matrix's own columns).
   */
  poolCustomers: ['7000000010', '7000000001', '7000000109'],
  /** Active cards the seed gives the card pool (SANDBOX_POOL_CARDS sets another number). */
  poolCards: 90,
  /**
   * The smallest card pool the project supports: a run alone against a pool of this many Active
   * cards passes (docs/shared-environments.md); a smaller one leaves card tests not run.
   */
  minPoolCards: 30,
  /** A depth-1 sub-customer of the foreign client's hierarchy (outside the main client's). */
  foreignCustomer: '8000000002',
  /** Seeded charging sessions, covering every sessionStatus. */
  sessionIds: [
    '2f707a4c-a065-4ac9-a0b4-87fa9a40d9f8',
    '31d0485f-f36a-4431-af53-81b50d5dce8d',
    '5e8e8d29-e332-4b27-a94a-65c5949f1b7a',
    '4c82869d-28a7-44f9-ac2a-8f7dda846ce1',
    'd7b5bf21-040a-43df-a2b5-4a55dc18f3ab',
    'ad57e117-2edd-42e0-afbb-e9348f8dc19f',
    'bdbb89e1-b76a-4077-ace3-757d7e9632ca',
    'db312a04-3c5f-44c2-a777-3593fd286265',
    'a76eaefc-d7e5-4ff6-ad0e-2c3adf5dce8e',
    '8a6924ef-4273-477c-af2a-bf7e3a374372',
    '6a7ad433-31fb-4549-a047-18d79c6bc429',
    '68dce53d-367b-405b-a2da-d5aa9ad120d1',
    'fef7693f-30c3-4c62-ac63-a98d5b0e7fd8',
    '9e88b260-099a-414a-a1bd-4f03c1a23631',
    'ec3d306f-8061-4c67-a264-f8d4f230afd6',
    '44ff39fc-72cc-4813-ade0-dfd60cea6297',
    'cc31052d-9925-49fe-a02b-36d71dd5f41c',
    '84b6409f-3bb2-4182-a54a-f3b1809789f8',
  ],
  /**
   * The few sessions a test environment's repository holds (FLEET_SESSION_IDS of the stand-ins):
   * one still processing, one paid with two transactions, one in debt with two.
   */
  fieldSessionIds: [
    '2f707a4c-a065-4ac9-a0b4-87fa9a40d9f8',
    '8a6924ef-4273-477c-af2a-bf7e3a374372',
    'cc31052d-9925-49fe-a02b-36d71dd5f41c',
  ],
  port: 4010,
} as const;

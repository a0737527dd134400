import type { OperationId } from '../lib/operations.js';
import type { Faults } from './faults.js';
import type { Store } from './store.js';
import type { Variants } from './variants.js';

/** Who is calling: set by the bearer hook of sandbox/auth.ts on every authenticated request. */
export interface Caller {
  clientId: string;
  /** Account number of the caller's top-level customer: the root of the hierarchy it may see. */
  topLevel: string;
}

/**
 * What every resource plugin of the sandbox receives when app.ts registers it (the same object
 * for every plugin). `store` holds the core data (customers, cards, master data, clients); plugins
 * that keep their own data simply ignore it. `variants` switches the other legitimate choices.
 */
export interface SandboxPluginOptions {
  faults: Faults;
  variants: Variants;
  store: Store;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation of lib/operations.ts the route implements; the app-wide hooks key on it. */
    operationId?: OperationId;
  }
  interface FastifyRequest {
    /** The authenticated client (undefined only on the token route and unknown routes). */
    caller: Caller | undefined;
  }
}

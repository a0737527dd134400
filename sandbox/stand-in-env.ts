/**
 * `npm run sandbox -- --print-env` (`fleet-conformance sandbox --print-env`): the .env of a full run
 * against this sandbox used as a stand-in test environment (FLEET_TARGET=test, as a real one is
 * configured): everything the suite cannot discover and would otherwise find only in this folder's
 * source. The credentials are the sandbox's own fixed test credentials (defaults.ts), public in this
 * repository and good for nothing else; never a real environment's secret.
 */
import { join } from 'node:path';
import { sandboxDefaults } from './defaults.js';
import { PKI_FILES } from './pki.js';

export function standInEnv(baseUrl: string, pkiDir?: string): string {
  return [
    `# A full run against the sandbox at ${baseUrl} as a stand-in test environment (npm run sandbox).`,
    "# The sandbox's own fixed test credentials (sandbox/defaults.ts): public, good for nothing else.",
    'FLEET_TARGET=test',
    `FLEET_BASE_URL=${baseUrl}`,
    `FLEET_CLIENT_ID=${sandboxDefaults.clientId}`,
    `FLEET_CLIENT_SECRET=${sandboxDefaults.clientSecret}`,
    "# The second client, with a hierarchy of its own: the authorization matrix's foreign columns.",
    `FLEET_FOREIGN_CLIENT_ID=${sandboxDefaults.foreignClientId}`,
    `FLEET_FOREIGN_CLIENT_SECRET=${sandboxDefaults.foreignClientSecret}`,
    `FLEET_FOREIGN_CUSTOMER=${sandboxDefaults.foreignCustomer}`,
    '# The card pool at each depth of the hierarchy (the pool customer, its top-level account, a sub-customer of it).',
    `FLEET_CARD_POOL_CUSTOMER=${sandboxDefaults.poolCustomers.join(',')}`,
    '# The seeded charging sessions, every sessionStatus among them.',
    `FLEET_SESSION_IDS=${sandboxDefaults.sessionIds.join(',')}`,
    ...(pkiDir
      ? [
          '# SANDBOX_TLS: its throwaway CA and client certificate.',
          `FLEET_CA_FILE=${join(pkiDir, PKI_FILES.ca)}`,
          `FLEET_CLIENT_CERT=${join(pkiDir, PKI_FILES.client)}`,
          `FLEET_CLIENT_KEY=${join(pkiDir, PKI_FILES.clientKey)}`,
        ]
      : []),
    '',
  ].join('\n');
}

/**
 * SANDBOX_FAULTS=id,id: deliberate breakages, each of exactly one stated rule of the document,
 * so that the suite can be shown to catch them (npm run selftest:faults). The catalogue is the
 * single registry: id → the rule id (lib/rules/catalogue.ts) it breaks, what it does, and its probe
 * (sandbox/faults/definition.ts), one file an area in sandbox/faults/, assembled here in the order
 * reports and the self-test use. proof/tests/sandbox runs each fault's probe.
 */

import { cardLifecycleFaults } from './faults/card-lifecycle.js';
import { cardsFaults } from './faults/cards.js';
import { customerListFaults } from './faults/customer-list.js';
import { customersFaults } from './faults/customers.js';
import { everydayUseFaults } from './faults/everyday-use.js';
import { identifiersFaults } from './faults/identifiers.js';
import { latencyFaults } from './faults/latency.js';
import { locationsFaults } from './faults/locations.js';
import { masterDataFaults } from './faults/master-data.js';
import { serverErrorsFaults } from './faults/server-errors.js';
import { sessionsFaults } from './faults/sessions.js';
import { statementsFaults } from './faults/statements.js';
import { transportFaults } from './faults/transport.js';
import { Switches } from './switches.js';

export type { FaultDefinition, FaultRow } from './faults/definition.js';

export const faultCatalogue = {
  ...transportFaults,
  ...customersFaults,
  ...customerListFaults,
  ...cardsFaults,
  ...cardLifecycleFaults,
  ...masterDataFaults,
  ...locationsFaults,
  ...serverErrorsFaults,
  ...sessionsFaults,
  ...identifiersFaults,
  ...statementsFaults,
  ...everydayUseFaults,
  ...latencyFaults,
} as const;

export type FaultId = keyof typeof faultCatalogue;

/** What one fault proves the suite detects (reports show it beside each statement of the document). */
export interface FaultProof {
  fault: string;
  rule: string;
  proves: readonly string[];
  description: string;
}

export const faultProofs: readonly FaultProof[] = Object.entries(faultCatalogue).map(
  ([fault, { rule, proves, description }]) => ({ fault, rule, proves, description })
);

export class FaultConfigError extends Error {}

export class Faults extends Switches<FaultId> {
  constructor(ids: readonly string[] = []) {
    super(ids, faultCatalogue, (id) => {
      const prefix = id.split('-')[0]!;
      const near = Object.keys(faultCatalogue)
        .filter((k) => k.startsWith(`${prefix}-`))
        .slice(0, 8);
      const hint = near.length
        ? `similar: ${near.join(', ')}${near.length === 8 ? ', ...' : ''}`
        : 'the list is in sandbox/faults/ and sandbox/README.md';
      return new FaultConfigError(`SANDBOX_FAULTS: unknown fault "${id}" (${hint})`);
    });
  }

  static parse(value: string | undefined): Faults {
    return new Faults(Switches.split(value));
  }
}

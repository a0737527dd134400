import type { Config } from '../config.js';
import type { Exchange } from '../exchange.js';
import type { Operation } from '../operations.js';
import type { SecretRegistry } from '../report/redact.js';
import type { SchemaRegistry } from '../validation.js';

/** What a check found: a failure breaks a stated rule; drift is behaviour the document does not describe. */
export interface Finding {
  kind: 'failure' | 'drift';
  check: string;
  rule: string;
  title: string;
  /** Where in the response (a JSON pointer, `*` for array indices in drift). */
  where?: string;
  /** A property the failure is about that the pointer does not name (a missing required field). */
  field?: string;
  received?: string;
  documented?: string;
  /** Other rules a test may own this failure under (a 5xx is both an undocumented answer and a reaction to bad input). */
  also?: string[];
  /** What the test that received it did next is not its own to judge (the customer it created is another's too). */
  spoilsTest?: true;
}

/** An answer's body as the suite reads it: null members read as absent where the document does not state them present (lib/checks/absent-values.ts). */
export interface BodyRead {
  /** The body without the members read as absent. */
  body: unknown;
  /** Where they were (JSON pointers into the body as received). */
  nulls: string[];
}

export interface CheckContext {
  /** The exchange as received. */
  exchange: Exchange;
  /** Its body as read: what the checks judge. */
  read: BodyRead;
  operation: Operation;
  schemas: SchemaRegistry;
  secrets: SecretRegistry;
  config: Pick<Config, 'customerListFields'>;
}

/** One check = one named function for one property that must hold of every response. */
export interface Check {
  name: string;
  /** The rule the check enforces (failures may name a finer rule of the same family). */
  rule: string;
  run(ctx: CheckContext): Finding[];
}

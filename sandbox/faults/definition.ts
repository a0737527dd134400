/**
 * What a fault of the sandbox is (SANDBOX_FAULTS=id,id): a deliberate breakage of exactly one
 * stated rule of the document, with the probe that shows it and, when it only changes what is
 * sent, that change.
 */
import type { Probe } from './probe.js';
import type { SendFault } from './send.js';

/** What every fault states: the row that reports, the README and the self-test read. */
export interface FaultRow {
  /** Rule id of lib/rules/catalogue.ts that this fault breaks. */
  rule: string;
  /**
   * What of the document it breaks, so that its catch proves the suite detects that: statement keys
   * of lib/rules/document.ts (`order.400`, a clause `order.400#one-per-problem`) that cite `rule`,
   * or fields of its resource tables (`field:Card.orderDate`). proof/tests/unit/statement-proofs.test.ts
   * keeps every key known and every statement that cites a rule proven.
   */
  proves: readonly string[];
  description: string;
  /** Sandbox settings the fault needs to show within a run (e.g. short-lived tokens); the fault self-test sets them. */
  env?: Record<string, string>;
  /** Suite settings under which the suite catches it (a stricter reading: FLEET_STRICT). */
  suite?: Record<string, string>;
  /** Rules the fault breaks too, by the document's own logic; the self-test allows them red beside `rule`. */
  companions?: string[];
  /** The operation the fault makes unavailable: the self-test expects it said so (exit 4), with nothing red. */
  unavailable?: string;
}

export interface FaultDefinition extends FaultRow {
  /** What shows the fault: it holds on a clean sandbox and fails with the fault (proof/tests/sandbox runs it). */
  probe: Probe;
  /** The fault's whole effect when it only changes what is sent; sandbox/send-faults.ts applies it. */
  send?: SendFault;
}

/**
 * What the fixtures hand a test that lib/ also works with: the test's customer factory and the
 * assumptions register at work (built in fixtures/test.ts, which re-exports these).
 */
import type { ApiResponse } from './client.js';
import type { Exchange } from './exchange.js';
import type { CustomerCreateRequest, CustomerCreateResponse } from './types.generated.js';

export interface CreatedCustomer {
  customerAccountNumber: string;
  request: CustomerCreateRequest;
  parent?: string;
}

/** Creates sub-customers for one test and closes every one of them afterwards. */
export interface CustomerFactory {
  /** A sub-customer of the factory's valid body with `overrides`; a value of unstated length refused is sent again shorter (lib/field-lengths.ts): `request` is the body that made it. */
  create(overrides?: Partial<CustomerCreateRequest>): Promise<CreatedCustomer>;
  /** Sends `body` as it is (it may be invalid) and owns the customer if the target creates one. */
  attempt(body: unknown): Promise<ApiResponse<CustomerCreateResponse>>;
  /** Owns the customer a creation request sent some other way created, if it did. */
  adopt(exchange: Exchange): void;
  /** A creation request sent some other way whose answer was lost: teardown looks for what it may have made by its run-marked name or business reference. */
  lost(body: unknown): void;
  readonly created: readonly CreatedCustomer[];
}

/** The assumptions register at work in a test (lib/rules/assumptions.ts). */
export interface Assumptions {
  /** True when FLEET_STRICT switches on the stricter reading of `id`: check it with forRule(id, ...), a failure is an assumption failure. */
  strict(id: string): boolean;
  /** Records what the target chose where the document is silent (the drift report shows it under the entry). */
  saw(id: string, what: string): void;
  /**
   * A silence of entry `id` the suite could not settle on this target, with the setting that would:
   * said once in the run's summary and drift report. The caller then ends its test not run.
   */
  notice(id: string, text: string): void;
}

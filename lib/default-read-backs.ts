/**
 * How a write is read back when its caller gave no read-back of its own (lib/read-back-scope.ts):
 * after the server answered it 5xx, did it take effect? Only where one read can tell without
 * knowing the state before: a creation by its run-marked name or business reference, an update by
 * the values it sent. Block, unblock, close, cancel and replace need the state before (their steps
 * give it), and an order or a PIN letter leaves nothing one read shows: those are sent once more.
 * A close is read back too: closed is for good.
 */
import type { FleetApi } from './api.js';
import type { CallOptions } from './client.js';
import type { Config } from './config.js';
import { allCustomers } from './discovery.js';
import type { OperationId } from './operations.js';
import { readClosed } from './read-back.js';
import { type ReadBack, ReadBackUnknown } from './read-back-scope.js';
import type { Customer, CustomerCreateRequest, CustomerUpdateRequest } from './types.generated.js';

type Json = Record<string, unknown>;

/**
 * The sub-customers a creation request made, found by what marks it as the run's: its name, or its
 * business reference when the name carries no mark (a boundary's 310 characters); 'unknown' when
 * neither does (nothing to look for).
 */
export async function madeBy(
  api: FleetApi,
  config: Pick<Config, 'runId' | 'customerListFields'>,
  request: Partial<CustomerCreateRequest> | undefined
): Promise<Customer[] | 'unknown'> {
  const marks = (['customerName', 'customerBusinessReference'] as const).filter(
    (f) => typeof request?.[f] === 'string' && request[f]!.includes(config.runId)
  );
  const [field] = marks;
  if (!field) return 'unknown';
  const found = await allCustomers(api, config.customerListFields, { searchText: request![field]! });
  return found.filter((c) => c.customerAccountNumber && marks.every((f) => c[f] === request![f]));
}

/** Every value `sent` holds, nested objects field by field, is what `now` shows. */
function shows(now: unknown, sent: unknown): boolean {
  if (sent === null || typeof sent !== 'object') return now === sent;
  if (now === null || typeof now !== 'object') return false;
  return Object.entries(sent as Json).every(([k, v]) => shows((now as Json)[k], v));
}

/**
 * The read-backs of one client. `made`: sub-customers a creation made although the server answered
 * it 5xx (read back by their mark): nobody got their number, so the client's owner closes them.
 */
export function defaultReadBacks(config: Pick<Config, 'runId' | 'customerListFields'>) {
  const made: string[] = [];
  return {
    made,
    readBackOf(api: FleetApi, operationId: OperationId, options: CallOptions): ReadBack | undefined {
      if (operationId === 'createSubCustomer') {
        const request = options.body as CustomerCreateRequest | undefined;
        if (!request || typeof request !== 'object') return undefined;
        return async () => {
          const found = await madeBy(api, config, request);
          if (found === 'unknown') throw new ReadBackUnknown();
          made.push(...found.map((c) => c.customerAccountNumber!));
          return found.length > 0;
        };
      }
      if (operationId === 'updateCustomerDetail') {
        const account = options.params?.customerAccountNumber;
        const body = options.body as CustomerUpdateRequest | undefined;
        if (account === undefined || !body || !Object.keys(body).length) return undefined;
        return async () => {
          const { status, body: customer } = await api.getCustomer(String(account));
          return status === 200 && shows(customer, body);
        };
      }
      if (operationId === 'closeCustomer') {
        const account = options.params?.customerAccountNumber;
        // Closed is for good: whatever it was before, a closed customer now is this close's doing or an earlier one's.
        if (account === undefined) return undefined;
        return async () => readClosed(await api.getCustomer(String(account)));
      }
      return undefined;
    },
  };
}

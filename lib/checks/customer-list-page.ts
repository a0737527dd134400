import type { Exchange } from '../exchange.js';
import { type CustomerListFields, documentedPage } from '../list-page.js';

/**
 * The customer list page's shape is not shown (ASSUME-CUSTOMER-LIST-PAGE): the suite reads it
 * where FLEET_CUSTOMER_LIST_FIELDS says, or where it finds its fields, and presents it under the
 * assumed names. A page that does not
 * fit the setting is no page the checks can judge (undefined): reading it blocks the test that
 * needs it, naming the setting the page suggests (lib/discovery.ts).
 */
export function customerListAsDocumented(response: Exchange['response'], fields: CustomerListFields): unknown {
  const read = documentedPage(response, fields);
  return read.fits ? read.page : undefined;
}

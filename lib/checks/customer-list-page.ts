import type { CustomerListFields } from '../config.js';

/**
 * The customer list page's shape is not shown (ASSUME-CUSTOMER-LIST-PAGE): the suite reads it
 * through FLEET_CUSTOMER_LIST_FIELDS and presents it under the assumed names.
 */
export function customerListAsDocumented(body: unknown, fields: CustomerListFields): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const page = { ...(body as Record<string, unknown>) };
  for (const [assumed, actual] of Object.entries(fields)) {
    if (assumed !== actual && actual in page) {
      page[assumed] = page[actual];
      delete page[actual];
    }
  }
  return page;
}

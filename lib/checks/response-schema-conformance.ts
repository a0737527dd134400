import type { Operation } from '../operations.js';
import { customerListAsDocumented } from './customer-list-page.js';
import { ruleForSchemaError } from './schema-rules.js';
import type { Check, CheckContext } from './types.js';

/** The schema the document gives for this operation and status, if it gives one. */
export function responseSchemaFor(operation: Operation, status: number): string | undefined {
  const spec = operation.responses[status];
  if (spec && 'schema' in spec) return spec.schema;
  // Sessions: "A second error answer with the same body shape exists; its status code is not shown."
  if (operation.id === 'getSession' && status >= 400) return 'message-error.json';
  return undefined;
}

/** The body as read, as the schemas expect it (the customer list page is read through the configured field names). */
export function documentedBody(ctx: Pick<CheckContext, 'exchange' | 'read' | 'config'>): unknown {
  const { response } = ctx.exchange;
  return ctx.exchange.operationId === 'listCustomers' && response.status === 200
    ? customerListAsDocumented({ ...response, body: ctx.read.body }, ctx.config.customerListFields)
    : ctx.read.body;
}

/** Every response body matches the schema for its operation and status code. */
export const responseSchemaConformance: Check = {
  name: 'response_schema_conformance',
  rule: 'HTTP-STATUS-DOCUMENTED',
  run(ctx) {
    const { exchange, operation, schemas } = ctx;
    const schemaId = responseSchemaFor(operation, exchange.response.status);
    if (!schemaId || (exchange.response.text.trim() !== '' && !exchange.response.isJson)) return [];
    const body = documentedBody(ctx);
    // A customer list page that does not fit FLEET_CUSTOMER_LIST_FIELDS: the setting, not the server, is to fix.
    if (body === undefined && exchange.response.isJson) return [];
    return schemas.validate(schemaId, body).map((error) => ({
      kind: 'failure' as const,
      check: this.name,
      rule: ruleForSchemaError(schemaId, error.pointer, {
        operationId: exchange.operationId,
        status: exchange.response.status,
      }),
      title: `${error.pointer} ${error.message} (${schemaId})`,
      where: error.pointer,
      ...(error.missing ? { field: error.missing } : {}),
      documented: schemaId,
    }));
  },
};

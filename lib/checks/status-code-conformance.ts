import type { Exchange } from '../exchange.js';
import type { Operation, OperationId } from '../operations.js';
import type { SchemaRegistry } from '../validation.js';
import type { Check, Finding } from './types.js';

const NO_5XX = 'ROBUST-NO-5XX-ON-BAD-INPUT';

/** Where the document makes an operation's success status a statement of its own ("202: ... The process is asynchronous"). */
const SUCCESS_STATUS_RULES: Partial<Record<OperationId, string>> = { orderCards: 'CARD-ORDER-202' };

/** A request the suite sent as valid: through the typed path, its body matching the operation's request schema. */
export function sentAsValid(
  { request }: Pick<Exchange, 'request'>,
  operation: Operation,
  schemas: SchemaRegistry
): boolean {
  if (request.asIs || !pathAsTyped(request.path, operation.path)) return false;
  return (
    !operation.requestSchema ||
    request.body === undefined ||
    schemas.validate(operation.requestSchema, request.body).length === 0
  );
}

/** Path parameters the document types as integers (Card: cardIdentifier, integer). */
const INTEGER_PARAMETERS = new Set(['cardIdentifier']);

/**
 * Whether each path parameter of `path`, sent for the template `template`, is what the document
 * types it as: an integer parameter as JSON Schema reads a number written in text (`04000001` and
 * ` 4000001` are the integer 4000001, `400000a1` and `1.5` are none).
 */
function pathAsTyped(path: string, template: string): boolean {
  const sent = path.split('?')[0]!.split('/');
  const named = template.split('/');
  if (sent.length !== named.length) return true;
  return named.every((segment, i) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!name || !INTEGER_PARAMETERS.has(name)) return true;
    let value: string;
    try {
      value = decodeURIComponent(sent[i]!);
    } catch {
      return false;
    }
    return value.trim() !== '' && Number.isInteger(Number(value));
  });
}

/**
 * The status is one the document gives for the operation. A success status other than the
 * documented one and a redirect fail; an undocumented 4xx is drift, because the document names no
 * code for many rejections and the suite must accept any 4xx there. A 5xx fails whatever the
 * table says: a 500 is an unexpected server condition, never the answer to a valid request
 * (HTTP-STATUS-DOCUMENTED; for a write, first the rule that promises its success, the operation's
 * own) nor to bad input (ROBUST-NO-5XX-ON-BAD-INPUT). Hostile input that is valid may have caused
 * it too; a write the server performed (read back) did not fail for its input.
 */
export const statusCodeConformance: Check = {
  name: 'status_code_conformance',
  rule: 'HTTP-STATUS-DOCUMENTED',
  run(ctx) {
    const { exchange, operation } = ctx;
    const { status } = exchange.response;
    const documented = Object.keys(operation.responses).join(', ');
    const { name, rule } = this;
    const finding = (kind: Finding['kind'], title: string, rules: string[] = [rule]): Finding[] => [
      {
        kind,
        check: name,
        rule: rules[0]!,
        title,
        received: String(status),
        documented,
        ...(rules.length > 1 ? { also: rules.slice(1) } : {}),
      },
    ];
    if (status >= 500) {
      const valid = sentAsValid(exchange, operation, ctx.schemas);
      if (!valid)
        return finding('failure', `${operation.method} ${operation.path} answered ${status} to bad input`, [
          NO_5XX,
          rule,
        ]);
      const performed = exchange.readBack?.performed === true;
      const own = operation.readOnly ? [rule] : [operation.successRule, rule];
      const how = performed
        ? ', and performed it (read back)'
        : exchange.repeatOf?.length
          ? `, twice${exchange.readBack ? ' (read back: not performed)' : ''}`
          : exchange.sentAgain
            ? `; sent once more, it was refused (${exchange.sentAgain.response.status}): it had taken effect, or a refusal was due`
            : '';
      // Hostile input may have caused a 5xx that comes again; one the same write did not get again
      // (it had taken effect, or was refused) was no reaction to the input.
      const mayBeInput = exchange.request.hostile && !performed && !exchange.sentAgain;
      return finding(
        'failure',
        `${operation.method} ${operation.path} answered ${status} to a valid ${operation.readOnly ? 'request' : 'write'}${how}`,
        mayBeInput ? [...own, NO_5XX] : own
      );
    }
    if (status in operation.responses) return [];
    if (status < 400) {
      const ownRule = status < 300 ? SUCCESS_STATUS_RULES[operation.id] : undefined;
      return finding(
        'failure',
        `${operation.method} ${operation.path} answered ${status}, which the document does not give for this operation`,
        ownRule ? [ownRule] : [rule]
      );
    }
    return finding('drift', `undocumented status ${status}`);
  },
};

import type { Check, Finding } from './types.js';

/** "Codes that appear": each documented code with the status it belongs to. */
const CODE_STATUS: Record<string, number> = { 'ER-001': 400, 'ER-002': 400, 'ER-012': 500 };

/** A documented error code never comes with another status (ER-001 on a 404 breaks the document). */
export const errorCodeStatus: Check = {
  name: 'error_code_status',
  rule: 'ERR-CODE-STATUS',
  run({ exchange, read: { body } }) {
    const { status } = exchange.response;
    const errors = Array.isArray(body) ? body : [body];
    return errors.flatMap((error): Finding[] => {
      const code = (error as { errorCode?: unknown } | undefined)?.errorCode;
      const expected = typeof code === 'string' ? CODE_STATUS[code] : undefined;
      if (expected === undefined || expected === status) return [];
      return [
        {
          kind: 'failure',
          check: this.name,
          rule: this.rule,
          title: `errorCode ${code} answered with status ${status}`,
          where: '/errorCode',
          received: `${status} ${code}`,
          documented: `${code} comes with ${expected}`,
        },
      ];
    });
  },
};

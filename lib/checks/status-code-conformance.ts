import type { Check, Finding } from './types.js';

/**
 * The status is one the document gives for the operation. A success status other than the
 * documented one, a redirect and an undocumented 5xx fail; an undocumented 4xx is drift, because
 * the document names no code for many rejections and the suite must accept any 4xx there.
 */
export const statusCodeConformance: Check = {
  name: 'status_code_conformance',
  rule: 'HTTP-STATUS-DOCUMENTED',
  run({ exchange, operation }) {
    const { status } = exchange.response;
    const documented = Object.keys(operation.responses).join(', ');
    const finding = (kind: Finding['kind'], title: string): Finding[] => [
      { kind, check: this.name, rule: this.rule, title, received: String(status), documented },
    ];
    if (status in operation.responses) return [];
    if (status < 400 || status >= 500) {
      return finding('failure', `${operation.method} ${operation.path} answered ${status}, which the document does not give for this operation`);
    }
    return finding('drift', `undocumented status ${status}`);
  },
};

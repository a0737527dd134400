import type { Check } from './types.js';

/** "Request and response bodies are JSON (Content-Type: application/json)": a body is JSON and says so. */
export const contentTypeConformance: Check = {
  name: 'content_type_conformance',
  rule: 'HTTP-JSON-CONTENT-TYPE',
  run({ exchange }) {
    const { text, headers, isJson } = exchange.response;
    if (text.trim() === '') return [];
    const contentType = headers['content-type'] ?? '';
    const problems: string[] = [];
    if (!/^application\/json\s*(;|$)/i.test(contentType))
      problems.push(`Content-Type is "${contentType || '(none)'}", not application/json`);
    if (!isJson) problems.push('the body is not valid JSON');
    return problems.map((title) => ({
      kind: 'failure' as const,
      check: this.name,
      rule: this.rule,
      title,
      received: contentType || '(none)',
      documented: 'application/json',
    }));
  },
};

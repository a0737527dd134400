import { ruleById } from './catalogue.js';

/** `title [RULE-A, RULE-B] @tag` → the rule ids, each checked against the catalogue. */
export function ruleIdsOf(title: string): string[] {
  const m = /\[([A-Z0-9, -]+)\]\s*(@\S+\s*)*$/.exec(title);
  return m ? m[1]!.split(',').map((id) => ruleById(id.trim()).id) : [];
}

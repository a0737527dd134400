/**
 * What starts a local run, as GitHub would start it: a manual dispatch (`workflow_dispatch`, with
 * the workflow's inputs: each known, the required ones given, defaults filled in) or a repository
 * dispatch (`repository_dispatch` of a type the workflow listens to, with its client payload).
 * The event's payload is what `github.event` holds and GITHUB_EVENT_PATH points at.
 */
import { WorkflowError } from './errors.js';
import type { Value } from './expressions.js';
import type { Workflow } from './model.js';

export type RunEvent =
  | { name: 'workflow_dispatch'; inputs?: Record<string, string> }
  | { name: 'repository_dispatch'; type: string; clientPayload?: Record<string, Value> };

export interface StartedBy {
  name: RunEvent['name'];
  /** github.event */
  payload: Record<string, Value>;
  /** The `inputs` context (a manual dispatch's inputs; empty otherwise). */
  inputs: Record<string, string>;
}

interface InputSpec {
  required?: boolean;
  default?: string | number | boolean;
}

function triggers(workflow: Workflow): Record<string, unknown> {
  const on = workflow.on;
  if (typeof on === 'string') return { [on]: null };
  if (Array.isArray(on)) return Object.fromEntries(on.map((e) => [String(e), null]));
  return on && typeof on === 'object' ? (on as Record<string, unknown>) : {};
}

/** Checks the event against the workflow's triggers and makes its payload. */
export function startedBy(workflow: Workflow, event: RunEvent, repository: string): StartedBy {
  const on = triggers(workflow);
  if (!(event.name in on))
    throw new WorkflowError(
      `${workflow.file}: no ${event.name} trigger; it is started by ${Object.keys(on).join(', ') || 'nothing'}`
    );
  const spec = (on[event.name] ?? {}) as { inputs?: Record<string, InputSpec | null>; types?: string[] };
  const repo = { full_name: repository };
  if (event.name === 'repository_dispatch') {
    if (spec.types && !spec.types.includes(event.type))
      throw new WorkflowError(
        `${workflow.file}: repository_dispatch of type "${event.type}" does not start it (types: ${spec.types.join(', ')})`
      );
    return {
      name: event.name,
      payload: { action: event.type, client_payload: event.clientPayload ?? {}, repository: repo },
      inputs: {},
    };
  }
  const declared = spec.inputs ?? {};
  const given = event.inputs ?? {};
  const unknown = Object.keys(given).filter((k) => !(k in declared));
  if (unknown.length)
    throw new WorkflowError(
      `${workflow.file}: workflow_dispatch has no input ${unknown.join(', ')} (it has: ${Object.keys(declared).join(', ') || 'none'})`
    );
  const inputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(declared)) {
    const value = given[name] ?? (input?.default === undefined ? undefined : String(input.default));
    if (value === undefined && input?.required)
      throw new WorkflowError(`${workflow.file}: workflow_dispatch input ${name} is required`);
    inputs[name] = value ?? '';
  }
  return { name: event.name, payload: { inputs, ref: '', repository: repo }, inputs };
}

/** Bad input to the local workflow runner (a workflow, a vars file, an option): one line, exit 2. */
export class WorkflowError extends Error {
  override name = 'WorkflowError';
}

/**
 * The files a runner gives each step: GITHUB_OUTPUT (`name=value`, or `name<<DELIMITER` … lines
 * … `DELIMITER`), read back into the step's outputs; GITHUB_ENV (the same form), variables of the
 * job's later steps; and GITHUB_STEP_SUMMARY (Markdown), whose
 * texts make the job's summary on the run's page, in step order.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { WorkflowError } from './errors.js';

export function readOutputs(
  file: string,
  where: string,
  kind: 'GITHUB_OUTPUT' | 'GITHUB_ENV' = 'GITHUB_OUTPUT'
): Record<string, string> {
  if (!existsSync(file)) return {};
  const lines = readFileSync(file, 'utf8').split('\n');
  const outputs: Record<string, string> = {};
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (!line.trim()) continue;
    const heredoc = /^([\w-]+)<<(\S+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      if (end < 0) throw new WorkflowError(`${where}: ${kind}: no line "${heredoc[2]}" ends ${heredoc[1]}`);
      outputs[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const pair = /^([\w-]+)=(.*)$/.exec(line);
    if (!pair)
      throw new WorkflowError(`${where}: ${kind}: "${line.slice(0, 40)}" is neither name=value nor name<<DELIMITER`);
    outputs[pair[1]!] = pair[2]!;
  }
  return outputs;
}

/** Adds a step's summary (masked) to its job's; returns whether it wrote one. */
export function collectSummary(stepFile: string, jobFile: string, mask: (text: string) => string): boolean {
  if (!existsSync(stepFile)) return false;
  const text = readFileSync(stepFile, 'utf8');
  if (!text.trim()) return false;
  mkdirSync(dirname(jobFile), { recursive: true });
  if (!existsSync(jobFile)) writeFileSync(jobFile, '');
  appendFileSync(jobFile, `${mask(text).trimEnd()}\n\n`);
  return true;
}

/**
 * The repository's variables and secrets for a local run, from a file (never from the workflow):
 *
 *   vars.FLEET_BASE_URL=https://fleet-test.example.com
 *   secrets.FLEET_CLIENT_SECRET=...
 *
 * Secrets are masked (`***`) in everything the runner prints or logs, as on GitHub.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'dotenv';
import { WorkflowError } from './errors.js';

export interface RepositorySettings {
  vars: Record<string, string>;
  secrets: Record<string, string>;
}

export function parseSettings(text: string, file: string): RepositorySettings {
  const settings: RepositorySettings = { vars: {}, secrets: {} };
  text.split(/\r?\n/).forEach((line, i) => {
    if (/^\s*(#.*)?$/.test(line)) return;
    if (!/^\s*(vars|secrets)\.[A-Za-z_][A-Za-z0-9_]*\s*=/.test(line)) {
      throw new WorkflowError(
        `${file}:${i + 1}: expected vars.NAME=value or secrets.NAME=value (got "${line.trim().split('=')[0]!.slice(0, 40)}")`
      );
    }
  });
  for (const [key, value] of Object.entries(parse(text))) {
    const [kind, name] = key.split('.') as ['vars' | 'secrets', string];
    settings[kind][name] = value;
  }
  return settings;
}

export function readSettings(file: string | undefined): RepositorySettings {
  if (!file) return { vars: {}, secrets: {} };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new WorkflowError(
      `--vars ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`
    );
  }
  return parseSettings(text, file);
}

/** Replaces every secret value in a text by ***. */
export function masker(settings: RepositorySettings): (text: string) => string {
  const values = Object.values(settings.secrets)
    .filter((v) => v.length > 0)
    .sort((a, b) => b.length - a.length);
  return (text) => values.reduce((t, v) => t.split(v).join('***'), text);
}

/**
 * What a CI step reads of a run's reports folder: coverage.json and, when the gate compared this
 * run, its gate.json (one older than the coverage is an earlier run's, not this one's); and the
 * run's secrets, to scrub from what the step writes.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError, loadConfig, readEnv, secretsOf } from '../lib/config.js';
import type { GateResult } from '../lib/gate/compare.js';
import type { SummaryInput } from '../lib/report/job-summary.js';
import { SecretRegistry } from '../lib/report/redact.js';

export type SummaryCoverage = NonNullable<SummaryInput['coverage']>;

export interface RunFiles {
  coverage?: SummaryCoverage;
  gate?: GateResult;
}

function json<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export function readRunFiles(reports: string): RunFiles {
  const coverageFile = join(reports, 'coverage.json');
  const gateFile = join(reports, 'gate.json');
  const coverage = json<SummaryCoverage>(coverageFile);
  const fresh = existsSync(gateFile) && (!coverage || statSync(gateFile).mtimeMs >= statSync(coverageFile).mtimeMs);
  const gate = fresh ? json<GateResult>(gateFile) : undefined;
  return { ...(coverage ? { coverage } : {}), ...(gate ? { gate } : {}) };
}

/**
 * The configured secrets; a configuration that does not load gives none. A card PIN only when
 * FLEET_CARD_PIN sets it: otherwise each process draws one of its own, which no run's report holds.
 */
export function runSecrets(): SecretRegistry {
  const registry = new SecretRegistry();
  try {
    const env = readEnv();
    const config = loadConfig(env);
    for (const secret of secretsOf(config))
      if (secret !== config.cardPin || env.FLEET_CARD_PIN?.trim()) registry.add(secret);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
  }
  return registry;
}

/** `--exit` as a number; '' (a step that did not run) is none. */
export function exitCodeOf(flag: string | undefined, usage: string): number | undefined {
  if (flag === undefined || flag.trim() === '') return undefined;
  if (!/^\d+$/.test(flag.trim())) throw new ConfigError(`--exit ${flag}: expected an exit code (${usage})`);
  return Number(flag);
}

/** A CI command's options (no positionals); a mistake is a ConfigError with the usage. */
export function ciOptions<const T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
  usage: string
) {
  try {
    return parseArgs({ args: argv, strict: true, options }).values;
  } catch (e) {
    throw new ConfigError(`${(e as Error).message.split('\n')[0]} (${usage})`);
  }
}

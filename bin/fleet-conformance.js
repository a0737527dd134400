#!/usr/bin/env node
// The `fleet-conformance` command (package.json "bin"): bin/cli.ts with TypeScript run by tsx,
// resolved from this package, so that it runs from any folder (`npx fleet-conformance run`).
// SIGTERM and SIGHUP reach the command (a pipeline's cancel); Ctrl-C reaches it from the terminal,
// which signals the whole foreground group.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), cli, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.on('SIGINT', () => undefined);
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 143)));

/**
 * Runs a command as the leader of a process group of its own and ends the whole group as soon as
 * the process that started it is gone: `npm run conformance` starts Playwright through it, so that
 * no run's Playwright and workers outlive it, also when it is killed with SIGKILL (which it cannot
 * catch). SIGINT reaches the whole group (Playwright stops its run itself); SIGTERM is passed on.
 *
 *   node --import tsx scripts/group-guard.ts <command> [args...]
 */
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('group-guard: no command given');
  process.exit(2);
}
const parent = process.ppid;
const child = spawn(command, args, { stdio: 'inherit' });
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
setInterval(() => {
  if (process.ppid !== parent) process.kill(-process.pid, 'SIGKILL');
}, 500).unref();
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

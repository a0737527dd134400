/**
 * npm run field:proxy: the company's forward proxy of the stand-in: `proxy-chain` (a real forward
 * proxy package), asking every client for its credentials (407 without the right ones), tunnelling
 * https with CONNECT, and the only resolver of the internal host names: it maps each --hosts name to
 * its address and refuses every other name (502), so that a client that goes around it finds
 * nothing (ENOTFOUND).
 *
 *   node --import tsx proof/field/proxy.ts [--port 0] [--user ci] [--password secret]
 *     [--hosts fleet-test.example=127.0.0.1,idp.example=127.0.0.1]
 *
 * Prints `fleet proxy on http://127.0.0.1:<port> (...)` once listening, and one line per request
 * it carries: `CONNECT <host>:<port>` (or `GET <url>` for plain http).
 */
import { type PrepareRequestFunctionResult, RequestError, Server } from 'proxy-chain';
import { options } from './args.js';

const args = options(process.argv.slice(2), ['port', 'user', 'password', 'hosts']);
const user = args.user ?? 'ci';
const password = args.password ?? 'proxy-secret-change-me';
const hosts = new Map(
  (args.hosts ?? 'fleet-test.example=127.0.0.1,idp.example=127.0.0.1')
    .split(',')
    .map((pair) => pair.split('=') as [string, string])
);

/** The proxy's own resolver: the mapped names and nothing else. */
const lookup = ((hostname: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  const address = hosts.get(hostname.toLowerCase());
  if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  const family = address.includes(':') ? 6 : 4;
  return opts?.all ? callback(null, [{ address, family }]) : callback(null, address, family);
}) as unknown as NonNullable<PrepareRequestFunctionResult['dnsLookup']>;

const server = new Server({
  port: Number(args.port ?? 0),
  host: '127.0.0.1',
  prepareRequestFunction: ({ username, password: given, hostname, port, isHttp, request }) => {
    if (username !== user || given !== password)
      return { requestAuthentication: true, failMsg: 'proxy credentials required' };
    if (!hosts.has(hostname.toLowerCase())) throw new RequestError(`the proxy cannot resolve ${hostname}`, 502);
    process.stdout.write(`${isHttp ? `${request.method} ${request.url}` : `CONNECT ${hostname}:${port}`}\n`);
    return { dnsLookup: lookup };
  },
});

async function main(): Promise<void> {
  await server.listen();
  process.stdout.write(
    `fleet proxy on http://127.0.0.1:${server.port} (user ${user}; resolves ${[...hosts].map(([name, address]) => `${name} → ${address}`).join(', ')}, and nothing else)\n`
  );
  const stop = () => void server.close(true).then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: Error) => {
  process.stderr.write(`fleet proxy: ${e.message}\n`);
  process.exit(1);
});

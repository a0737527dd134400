/**
 * A trivial HTTP server run as a child process: the floor of the client's own overhead on loopback
 * (it answers `{}` at once), and the fixture of the driver's tests (fixed delay, a stall, and the
 * arrival time of every request, seen from the server's side).
 *
 *   node --import tsx perf/loopback-server.ts --port 4201 [--delay 50] [--stall-at 1000 --stall 1000] [--keep-alive 1000] [--headers-timeout 1000]
 *
 * --stall makes the server answer nothing for that many ms, starting --stall-at ms after the first
 * request; what arrived meanwhile is answered when the stall ends (a GC pause or a blocked
 * dependency, without burning a core). GET /__arrivals answers the arrival times (ms, monotonic) of all other requests.
 * --headers-timeout: a connection that has not sent a whole request within it (checked every
 * 250 ms; 60 s by Node's default) is answered 408 and closed: with Node's own answer (no length,
 * read to the close) or, with --sized-408, a sized one, as Fastify's (the sandbox's) is.
 */
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    delay: { type: 'string', default: '0' },
    'stall-at': { type: 'string' },
    stall: { type: 'string' },
    'keep-alive': { type: 'string', default: '120000' },
    'headers-timeout': { type: 'string' },
    'sized-408': { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
const delay = Number(values.delay);
const stallAt = values['stall-at'] === undefined ? undefined : Number(values['stall-at']);
const stall = Number(values.stall ?? 0);
const arrivals: number[] = [];
const paths: string[] = [];
let stallFrom: number | undefined;

const headersTimeout =
  values['headers-timeout'] === undefined
    ? {}
    : { headersTimeout: Number(values['headers-timeout']), connectionsCheckingInterval: 250 };
const server = createServer(headersTimeout, (req, res) => {
  if (req.url === '/__arrivals') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ arrivals, paths }));
    return;
  }
  const now = performance.now();
  arrivals.push(now);
  paths.push(req.url ?? '');
  if (stallAt !== undefined && stallFrom === undefined) stallFrom = now + stallAt;
  // During the stall the server answers nothing; everything that arrived is answered when it ends.
  const held = stallFrom !== undefined && now >= stallFrom && now < stallFrom + stall ? stallFrom + stall - now : 0;
  req.resume();
  req.on('end', () => {
    const answer = () => {
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    };
    const wait = held + delay;
    if (wait > 0) setTimeout(answer, wait);
    else answer();
  });
});
server.keepAliveTimeout = Number(values['keep-alive']);
if (values['sized-408']) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const body = '{"error":"Request Timeout"}';
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && socket.writable)
      socket.write(
        `HTTP/1.1 408 Request Timeout\r\nContent-Length: ${body.length}\r\nContent-Type: application/json\r\n\r\n${body}`
      );
    socket.destroy();
  });
}
server.listen(port, '127.0.0.1', () => console.log(`loopback server on ${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

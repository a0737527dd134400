/**
 * Before any test: can the target be reached as configured? Each origin the run talks to (the API,
 * the token endpoint) is opened once the way every client will open it (through the proxy's
 * CONNECT tunnel or directly, then the TLS handshake with the configured trust and client
 * certificate), and whatever stands in the way is said in one line naming its cause and the
 * setting that fixes it: a proxy that does not answer or refuses its credentials, a certificate
 * from an unknown CA, one that expired or does not cover the host name, a client certificate the
 * server asks for and did not get. Nothing is sent inside the tunnel but the TLS handshake.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { type PeerCertificate, type TLSSocket, connect as tlsConnect } from 'node:tls';
import { tlsOptions } from './clients.js';
import { proxyFor, shownProxy } from './proxy.js';
import type { ProxySetting, TransportSettings } from './settings.js';

export class ReachError extends Error {
  override name = 'ReachError';
}

const UNKNOWN_CA = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);
/** How long the server may take to accept the client's part of a TLS 1.3 handshake (it answers with session tickets, or refuses with an alert). */
const SETTLE_MS = 2_000;

interface Endpoint {
  /** The setting that names the URL (FLEET_BASE_URL, FLEET_TOKEN_URL). */
  variable: string;
  host: string;
  port: number;
  secure: boolean;
}

function endpointOf(variable: string, url: string): Endpoint {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'https:';
  return {
    variable,
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port || (secure ? 443 : 80)),
    secure,
  };
}

const codeOf = (e: unknown): string => (e as NodeJS.ErrnoException).code ?? (e as Error).message;

function proxyRefusal(proxy: ProxySetting, at: Endpoint, response: IncomingMessage): ReachError {
  const status = `${response.statusCode} ${response.statusMessage ?? ''}`.trim();
  if (response.statusCode === 407) {
    return new ReachError(
      proxy.username
        ? `${proxy.variable}: the proxy ${shownProxy(proxy)} refused its credentials (${status}); check the user and password in ${proxy.variable}`
        : `${proxy.variable}: the proxy ${proxy.server} asks for credentials (${status}); give them in ${proxy.variable} as http://user:password@host:port`
    );
  }
  return new ReachError(
    `${at.variable}: the proxy ${shownProxy(proxy)} (${proxy.variable}) would not open a tunnel to ${at.host}:${at.port} (${status})`
  );
}

/** A CONNECT tunnel through `proxy` to the endpoint, as every client of the project opens it. */
export function tunnel(
  proxy: ProxySetting,
  at: Pick<Endpoint, 'host' | 'port'> & Partial<Endpoint>,
  timeoutMs = 10_000
): Promise<Socket> {
  const server = new URL(proxy.server);
  const target = `${isIP(at.host) === 6 ? `[${at.host}]` : at.host}:${at.port}`;
  const credentials = proxy.username
    ? { 'proxy-authorization': `Basic ${Buffer.from(`${proxy.username}:${proxy.password ?? ''}`).toString('base64')}` }
    : {};
  const variable = at.variable ?? proxy.variable;
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: server.hostname,
      port: Number(server.port),
      method: 'CONNECT',
      path: target,
      headers: { host: target, ...credentials },
      timeout: timeoutMs,
    });
    const refuse = (response: IncomingMessage, socket?: Socket) => {
      socket?.destroy();
      response.resume();
      reject(proxyRefusal(proxy, { variable, host: at.host, port: at.port, secure: true }, response));
    };
    request.once('connect', (response, socket) =>
      response.statusCode === 200 ? resolve(socket) : refuse(response, socket)
    );
    request.once('response', (response) => refuse(response));
    request.once('timeout', () =>
      request.destroy(Object.assign(new Error('no answer'), { code: `no answer within ${timeoutMs / 1000} s` }))
    );
    request.once('error', (e) => {
      const code = codeOf(e);
      reject(
        new ReachError(
          code === 'ECONNRESET' || code === 'socket hang up'
            ? `${variable}: the proxy ${shownProxy(proxy)} (${proxy.variable}) closed the tunnel to ${target} without an answer (can it resolve ${at.host}?)`
            : `${proxy.variable}: the proxy ${shownProxy(proxy)} does not answer (${code})`
        )
      );
    });
    request.end();
  });
}

function direct(settings: TransportSettings, at: Endpoint, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect({ host: at.host, port: at.port, timeout: timeoutMs });
    socket.once('connect', () => {
      socket.setTimeout(0);
      resolve(socket);
    });
    socket.once('timeout', () =>
      socket.destroy(Object.assign(new Error('timeout'), { code: `no answer within ${timeoutMs / 1000} s` }))
    );
    socket.once('error', (e) => {
      const code = codeOf(e);
      const proxy = at.secure ? settings.httpsProxy : settings.httpProxy;
      const hint =
        code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? proxy
            ? ` (NO_PROXY exempts it from ${proxy.variable})`
            : '; if only a proxy reaches it, set HTTPS_PROXY'
          : `; is ${at.variable} right?`;
      reject(new ReachError(`${at.variable}: cannot connect to ${at.host}:${at.port} (${code})${hint}`));
    });
  });
}

function certificateProblem(
  settings: TransportSettings,
  at: Endpoint,
  code: string,
  peer: PeerCertificate
): ReachError {
  const of = `${at.variable}: the certificate of ${at.host}`;
  if (UNKNOWN_CA.has(code)) {
    const issuer = peer.issuer?.CN ? `"${peer.issuer.CN}", ` : '';
    return new ReachError(
      settings.caFiles.length
        ? `${of} is issued by ${issuer}a CA that ${settings.caFiles.join(' and ')} does not hold (${code}); set FLEET_CA_FILE to that CA's PEM file`
        : `${of} is issued by ${issuer}a CA this machine does not trust (${code}); set FLEET_CA_FILE to that CA's PEM file`
    );
  }
  if (code === 'CERT_HAS_EXPIRED') return new ReachError(`${of} expired on ${peer.valid_to} (${code})`);
  if (code === 'CERT_NOT_YET_VALID') return new ReachError(`${of} is not valid before ${peer.valid_from} (${code})`);
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return new ReachError(
      `${of} does not cover the host name ${at.host} (it covers ${peer.subjectaltname ?? `only CN=${peer.subject?.CN}`}; ${code})`
    );
  return new ReachError(`${of} cannot be verified (${code})`);
}

function clientCertificateRefused(settings: TransportSettings, at: Endpoint, code: string): ReachError {
  const certificate = settings.clientCertificate;
  return new ReachError(
    certificate
      ? `${at.variable}: ${at.host} refused the client certificate in FLEET_CLIENT_CERT (${certificate.certFile}: ${code})`
      : `${at.variable}: ${at.host} asks for a client certificate and none was sent (${code}); set FLEET_CLIENT_CERT and FLEET_CLIENT_KEY`
  );
}

/** The TLS handshake over `socket`, judged as every client would judge it. */
function handshake(settings: TransportSettings, at: Endpoint, socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    const tls: TLSSocket = tlsConnect({
      socket,
      ...(isIP(at.host) ? {} : { servername: at.host }),
      ...tlsOptions(settings),
      rejectUnauthorized: false,
    });
    let verified = false;
    let finished = false;
    let settle: NodeJS.Timeout | undefined;
    const done = (problem?: ReachError) => {
      if (finished) return;
      finished = true;
      clearTimeout(settle);
      tls.destroy();
      if (problem) reject(problem);
      else resolve();
    };
    tls.once('secureConnect', () => {
      const code = tls.authorizationError
        ? String((tls.authorizationError as NodeJS.ErrnoException).code ?? tls.authorizationError)
        : undefined;
      if (code && !settings.insecure) return done(certificateProblem(settings, at, code, tls.getPeerCertificate()));
      verified = true;
      // TLS 1.3: the server judges the client's certificate after the handshake; a session ticket says it accepted it.
      if (tls.getProtocol() !== 'TLSv1.3') return done();
      settle = setTimeout(() => done(), SETTLE_MS);
    });
    tls.once('session', () => verified && done());
    tls.once('error', (e) => {
      const code = codeOf(e);
      if (
        /CERTIFICATE_REQUIRED|HANDSHAKE_FAILURE|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN|ACCESS_DENIED/.test(code)
      )
        return done(clientCertificateRefused(settings, at, code));
      done(
        new ReachError(
          `${at.variable}: the TLS handshake with ${at.host}:${at.port} failed (${code})${settings.clientCertificate ? '' : '; if the server requires a client certificate, set FLEET_CLIENT_CERT and FLEET_CLIENT_KEY'}`
        )
      );
    });
    tls.once(
      'close',
      () =>
        verified &&
        done(
          settings.clientCertificate
            ? undefined
            : clientCertificateRefused(settings, at, 'the connection closed right after the handshake')
        )
    );
  });
}

/** Opens `url`'s origin as the project's clients will (proxy, TLS, client certificate); a ReachError says what stands in the way. */
export async function checkReach(
  settings: TransportSettings,
  variable: string,
  url: string,
  timeoutMs = 10_000
): Promise<void> {
  const at = endpointOf(variable, url);
  const proxy = proxyFor(settings, url);
  const socket = proxy ? await tunnel(proxy, at, timeoutMs) : await direct(settings, at, timeoutMs);
  try {
    if (at.secure) await handshake(settings, at, socket);
  } finally {
    socket.destroy();
  }
}

/** Checks the API's origin, then the token endpoint's (when it is another), before any request of a run. */
export async function checkTargetReach(config: {
  transport: TransportSettings;
  baseUrl: string;
  tokenUrl: string;
}): Promise<void> {
  await checkReach(config.transport, 'FLEET_BASE_URL', config.baseUrl);
  if (new URL(config.tokenUrl).origin !== new URL(config.baseUrl).origin)
    await checkReach(config.transport, 'FLEET_TOKEN_URL', config.tokenUrl);
}

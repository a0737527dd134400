/**
 * The transport settings given to each kind of client the project has, since none of them reads
 * HTTPS_PROXY or FLEET_CA_FILE by itself (Node's fetch and http ignore proxy variables):
 *  - fetchFor: fetch over undici with the trust, the client certificate and the proxy (CONNECT
 *    tunnels with the proxy's credentials): the token requests, the speed probe, perf's set-up;
 *  - contextOptions: a Playwright request context's proxy, client certificate and opt-out (its
 *    trust comes from NODE_EXTRA_CA_CERTS at process start: lib/transport/trust.ts);
 *  - tlsOptions: the options of a TLS socket of one's own (perf's load driver, the reach check).
 */
import { type APIRequestContext, request } from '@playwright/test';
import { Agent, type Dispatcher, ProxyAgent, fetch as undiciFetch } from 'undici';
import { proxyFor, proxyUrl } from './proxy.js';
import type { TransportSettings } from './settings.js';

type ContextOptions = NonNullable<Parameters<typeof request.newContext>[0]>;

export interface TlsOptions {
  ca?: string[];
  cert?: string;
  key?: string;
  passphrase?: string;
  rejectUnauthorized: boolean;
}

export function tlsOptions(settings: TransportSettings): TlsOptions {
  const certificate = settings.clientCertificate;
  return {
    ...(settings.ca ? { ca: settings.ca } : {}),
    ...(certificate
      ? {
          cert: certificate.cert,
          key: certificate.key,
          ...(certificate.passphrase !== undefined ? { passphrase: certificate.passphrase } : {}),
        }
      : {}),
    rejectUnauthorized: !settings.insecure,
  };
}

/** True when the settings change nothing: Node's own fetch does. */
function plain(settings: TransportSettings): boolean {
  return (
    !settings.ca && !settings.insecure && !settings.clientCertificate && !settings.httpsProxy && !settings.httpProxy
  );
}

/**
 * A fetch that sends every request as the settings say: through the proxy the URL's scheme and
 * NO_PROXY choose, trusting the configured CAs, presenting the client certificate.
 */
export function fetchFor(settings: TransportSettings): typeof fetch {
  if (plain(settings)) return fetch;
  const tls = tlsOptions(settings);
  const dispatchers = new Map<string, Dispatcher>();
  const dispatcherFor = (url: string): Dispatcher => {
    const proxy = proxyFor(settings, url);
    const key = proxy ? proxy.server : 'direct';
    let dispatcher = dispatchers.get(key);
    if (!dispatcher) {
      dispatcher = proxy ? new ProxyAgent({ uri: proxyUrl(proxy), requestTls: tls }) : new Agent({ connect: tls });
      dispatchers.set(key, dispatcher);
    }
    return dispatcher;
  };
  const viaSettings = (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return undiciFetch(url, { ...(init as object), dispatcher: dispatcherFor(url) });
  };
  return viaSettings as unknown as typeof fetch;
}

/** A Playwright request context's options for requests to `url`'s origin. */
export function contextOptions(settings: TransportSettings, url: string): ContextOptions {
  const proxy = proxyFor(settings, url);
  const certificate = settings.clientCertificate;
  return {
    ...(proxy
      ? {
          proxy: {
            server: proxy.server,
            ...(proxy.username ? { username: proxy.username, password: proxy.password ?? '' } : {}),
          },
        }
      : {}),
    ...(certificate
      ? {
          clientCertificates: [
            {
              origin: new URL(url).origin,
              certPath: certificate.certFile,
              keyPath: certificate.keyFile,
              ...(certificate.passphrase !== undefined ? { passphrase: certificate.passphrase } : {}),
            },
          ],
        }
      : {}),
    ...(settings.insecure ? { ignoreHTTPSErrors: true } : {}),
  };
}

/** A request context of its own for `url`'s origin, with the transport the settings give. */
export function newContextFor(settings: TransportSettings, url: string): Promise<APIRequestContext> {
  return request.newContext(contextOptions(settings, url));
}

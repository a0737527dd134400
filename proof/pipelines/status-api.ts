/**
 * A loopback stand-in of GitHub's commit status API (`POST /repos/{owner}/{repo}/statuses/{sha}`,
 * REST API 2022-11-28): it answers as GitHub does (201 with the status; 401 without a bearer token;
 * 422 for a state GitHub does not know; 404 elsewhere) and keeps every call it received, so that a
 * proof can check the repository, the commit, the state and the link a workflow sent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StatusCall {
  repository: string;
  commit: string;
  authorization: string;
  apiVersion: string;
  body: { state?: string; description?: string; target_url?: string; context?: string };
}

export interface StatusApi {
  url: string;
  calls: StatusCall[];
  close(): Promise<void>;
}

const STATES = ['pending', 'success', 'failure', 'error'];

export async function startStatusApi(): Promise<StatusApi> {
  const calls: StatusCall[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', () => {
      const send = (status: number, body: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const m = /^\/repos\/([^/]+\/[^/]+)\/statuses\/([0-9a-f]+)$/i.exec(req.url ?? '');
      if (req.method !== 'POST' || !m) return send(404, { message: 'Not Found' });
      const authorization = req.headers.authorization ?? '';
      if (!/^Bearer \S+$/.test(authorization)) return send(401, { message: 'Requires authentication' });
      let body: StatusCall['body'];
      try {
        body = JSON.parse(text) as StatusCall['body'];
      } catch {
        return send(400, { message: 'Problems parsing JSON' });
      }
      calls.push({
        repository: m[1]!,
        commit: m[2]!,
        authorization,
        apiVersion: String(req.headers['x-github-api-version'] ?? ''),
        body,
      });
      if (!STATES.includes(body.state ?? '')) return send(422, { message: 'Validation Failed' });
      return send(201, {
        id: calls.length,
        state: body.state,
        description: body.description,
        target_url: body.target_url,
        context: body.context ?? 'default',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

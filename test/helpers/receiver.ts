/** A real HTTP receiver on loopback that records requests (raw body and headers) and answers by a script. */
import http from 'node:http';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Decides each response: status, headers, body; or 'hang' to never answer. */
  respond: (r: Received, index: number) => { status: number; headers?: Record<string, string>; body?: string } | 'hang';
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const rec: Receiver = { url: '', port: 0, received: [], respond: () => ({ status: 200 }), close: async () => {} };
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      rec.received.push(r);
      const answer = rec.respond(r, rec.received.length - 1);
      if (answer === 'hang') return;
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  rec.port = (server.address() as { port: number }).port;
  rec.url = `http://127.0.0.1:${rec.port}${path}`;
  rec.close = () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return rec;
}

export async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 15000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition not met in time');
}

/**
 * The fail-closed outgoing HTTP client of webhooks and page screening (spec section 6, delivery rule 6).
 * For every request: the URL is parsed (WHATWG, so 2130706433 and 0x7f.1 become 127.0.0.1), the scheme checked,
 * the host resolved (all A and AAAA records), every address judged by address-policy.ts, and the connection
 * pinned to the first validated address through the socket's lookup (TLS still verifies the host name).
 * Redirects are never followed (the 3xx is returned with its Location); a response-size cap applies, and one
 * timeout covers the whole request, name resolution included.
 */
import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { checkAddress } from './address-policy.ts';
import { isMetadataHost } from './outgoing-policy.ts';
import { SafeHttpError } from './safe-http-error.ts';

export type LookupFn = (host: string) => Promise<Array<{ address: string; family: number }>>;

export interface SafeHttpOptions {
  /** Let special-purpose addresses through, never cloud metadata (outgoing-policy.ts: one setting per purpose). */
  allowPrivate?: boolean;
  /** Allow plain http (page screening; webhooks only with the unsafe setting). */
  allowHttp?: boolean;
  timeoutMs?: number;
  maxResponseBytes?: number;
  onOversize?: 'truncate' | 'error';
  userAgent?: string;
  lookup?: LookupFn;
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  bytes: number;
  truncated: boolean;
  redirectLocation: string | null;
  remoteAddress: string;
}

export interface SafeHttpClient {
  request(
    url: string,
    init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string | Buffer },
  ): Promise<SafeResponse>;
}

const systemLookup: LookupFn = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** Rejects with a `timeout` error when `p` has not settled within `ms`. */
function within<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new SafeHttpError('timeout', message)), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

export function createSafeHttpClient(opts: SafeHttpOptions = {}): SafeHttpClient {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxBytes = opts.maxResponseBytes ?? 64 * 1024;
  const lookup = opts.lookup ?? systemLookup;

  async function resolve(host: string): Promise<{ address: string; family: number }> {
    let addrs: Array<{ address: string; family: number }>;
    const literal = isIP(host);
    if (literal) addrs = [{ address: host, family: literal }];
    else {
      try {
        addrs = await lookup(host);
      } catch (err) {
        throw new SafeHttpError(
          'dns_failed',
          `cannot resolve ${host}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
        );
      }
      if (addrs.length === 0) throw new SafeHttpError('dns_failed', `no address for ${host}`);
    }
    for (const a of addrs) {
      const v = checkAddress(a.address, { allowPrivate: opts.allowPrivate });
      if (!v.allowed)
        throw new SafeHttpError('destination_blocked', `destination ${host} is not allowed: ${v.reason}`, {
          address: a.address,
        });
    }
    return addrs[0];
  }

  return {
    async request(rawUrl, init) {
      let url: URL;
      try {
        url = new URL(rawUrl);
      } catch {
        throw new SafeHttpError('invalid_url', 'not a valid URL');
      }
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && (opts.allowHttp || opts.allowPrivate)))
        throw new SafeHttpError('scheme_not_allowed', `scheme ${url.protocol} is not allowed`);
      if (url.username || url.password) throw new SafeHttpError('invalid_url', 'URLs with credentials are not allowed');
      if (url.port === '0') throw new SafeHttpError('invalid_url', 'port 0 cannot be dialled');
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isMetadataHost(host))
        throw new SafeHttpError('destination_blocked', `destination ${host} is a cloud metadata service`);
      const started = Date.now();
      const pinned = await within(resolve(host), timeoutMs, `cannot resolve ${host} within ${timeoutMs} ms`);
      const remainingMs = Math.max(1, timeoutMs - (Date.now() - started));
      const mod = url.protocol === 'https:' ? https : http;
      return new Promise<SafeResponse>((resolvePromise, reject) => {
        let settled = false;
        const done = (err: Error | null, res?: SafeResponse): void => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (err) reject(err);
          else resolvePromise(res!);
        };
        const req = mod.request(
          {
            protocol: url.protocol,
            host,
            port: url.port || (url.protocol === 'https:' ? 443 : 80),
            path: `${url.pathname}${url.search}`,
            method: init.method,
            agent: false,
            servername: isIP(host) ? undefined : host,
            headers: {
              'user-agent': opts.userAgent ?? 'wallet-integrity/1',
              ...(init.headers ?? {}),
              ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}),
            },
            lookup: ((_h, o, cb) => {
              if (o?.all) cb(null, [{ address: pinned.address, family: pinned.family }]);
              else cb(null, pinned.address, pinned.family);
            }) as LookupFunction,
          },
          (res) => {
            const chunks: Buffer[] = [];
            let bytes = 0;
            let truncated = false;
            res.on('data', (c: Buffer) => {
              if (truncated) return;
              if (bytes + c.length > maxBytes) {
                if (opts.onOversize === 'error') {
                  req.destroy();
                  done(new SafeHttpError('response_too_large', `response is larger than ${maxBytes} bytes`));
                  return;
                }
                chunks.push(c.subarray(0, maxBytes - bytes));
                bytes = maxBytes;
                truncated = true;
                res.destroy();
                finish();
                return;
              }
              chunks.push(c);
              bytes += c.length;
            });
            const finish = (): void => {
              const headers: Record<string, string> = {};
              for (const [k, v] of Object.entries(res.headers))
                if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
              const status = res.statusCode ?? 0;
              done(null, {
                status,
                headers,
                body: Buffer.concat(chunks),
                bytes,
                truncated,
                redirectLocation: status >= 300 && status < 400 ? (headers.location ?? null) : null,
                remoteAddress: pinned.address,
              });
            };
            res.on('end', finish);
            res.on('error', (err) => done(new SafeHttpError('connection_failed', err.message)));
          },
        );
        const timer = setTimeout(() => {
          req.destroy();
          done(new SafeHttpError('timeout', `no complete response within ${timeoutMs} ms`));
        }, remainingMs);
        req.on('error', (err) =>
          done(
            new SafeHttpError(
              'connection_failed',
              `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}`.trim(),
            ),
          ),
        );
        if (init.body !== undefined) req.write(init.body);
        req.end();
      });
    },
  };
}

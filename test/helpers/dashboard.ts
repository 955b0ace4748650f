/** Dashboard sign-in for tests: a login link made through the real admin command, redeemed over HTTP. */
import { adminCommands } from '../../src/app/admin-commands.ts';
import type { TestServer } from './app.ts';

export async function loginLink(srv: TestServer, owner: string, minutes = 15): Promise<string> {
  const r = (await adminCommands['dashboard.login'](srv.store.db, { owner, minutes })) as { token: string };
  return r.token;
}

export interface DashboardClient {
  cookie: string;
  csrf: string;
  req(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; text: string; headers: Headers }>;
}

/** Signs `owner` in and returns a client sending the session cookie and CSRF token like the browser does. */
export async function signIn(srv: TestServer, owner: string): Promise<DashboardClient> {
  const res = await fetch(`${srv.base}/dashboard/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: await loginLink(srv, owner) }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0];
  const client: DashboardClient = {
    cookie,
    csrf: '',
    async req(method, path, body, headers = {}) {
      const h: Record<string, string> = {
        cookie,
        ...(method === 'GET' ? {} : { 'x-csrf-token': client.csrf }),
        ...headers,
      };
      if (body !== undefined) h['content-type'] ??= 'application/json';
      const r = await fetch(srv.base + path, {
        method,
        headers: h,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      let parsed: any = null;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: r.status, body: parsed, text, headers: r.headers };
    },
  };
  client.csrf = (await client.req('GET', '/dashboard/api/session')).body.csrfToken;
  return client;
}

/** Calls the dashboard's JSON API with the session cookie (sent by the browser) and the CSRF header. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken = '';
export const setCsrfToken = (t: string): void => {
  csrfToken = t;
};

/** Turns a v2 link from an API response (/api/v2/…) into its dashboard twin (/dashboard/api/v2/…). */
export const viaDashboard = (link: string): string => (link.startsWith('/api/') ? `/dashboard${link}` : link);

export async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(viaDashboard(path.startsWith('/') ? path : `/dashboard/api/${path}`), {
    method,
    headers,
    body: payload,
    credentials: 'same-origin',
  });
  const text = await res.text();
  let data: any = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok)
    throw new ApiFailure(res.status, data?.code ?? null, data?.error ?? `request failed with status ${res.status}`);
  return data as T;
}

/** Follows nextCursor until done or `max` items (the dashboard shows bounded lists). */
export async function allPages<T>(path: string, key: string, max = 2000): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page: any = await api('GET', cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path);
    out.push(...page[key]);
    cursor = page.pagination?.hasMore ? page.pagination.nextCursor : null;
  } while (cursor && out.length < max);
  return out.slice(0, max);
}

/** The OpenAPI 3.1 document, generated from the same route definitions and schemas the router enforces. */
import { SESSION_COOKIE } from '../access/sessions.ts';
import { type RouteDef, requiredQueryParams } from './route-def.ts';
import { errorSchema } from './schemas/common.ts';

/** The body of a response without a schema: a JSON document is an object (an export), anything else text. */
const bodyOf = (mediaType: string): Record<string, unknown> =>
  mediaType === 'application/json' ? { type: 'object' } : { type: 'string' };

export function buildOpenApi(defs: RouteDef[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const d of defs) {
    const params: unknown[] = [];
    for (const m of d.path.matchAll(/\{(\w+)\}/g)) {
      params.push({
        name: m[1],
        in: 'path',
        required: true,
        schema: d.params?.[m[1]] ?? { type: 'string', minLength: 1 },
      });
    }
    const required = requiredQueryParams(d);
    for (const [name, schema] of Object.entries(d.query?.properties ?? {})) {
      params.push({ name, in: 'query', required: required.includes(name), schema });
    }
    const responses: Record<string, unknown> = {};
    for (const [status, r] of Object.entries(d.responses)) {
      const type = r.contentType ?? 'application/json';
      responses[status] = {
        description: r.description,
        ...(r.schema || type !== 'application/json'
          ? {
              content: Object.fromEntries(
                type.split(',').map((t) => [t.trim(), { schema: r.schema ?? bodyOf(t.trim()) }]),
              ),
            }
          : { content: { 'application/json': { schema: { type: 'object' } } } }),
      };
    }
    if (d.body && !responses['413'])
      responses['413'] = {
        description: 'The body is larger than the limit (payload_too_large)',
        content: { 'application/json': { schema: errorSchema } },
      };
    for (const status of d.auth === 'none' ? ['400'] : ['400', '401']) {
      if (!responses[status])
        responses[status] = {
          description:
            status === '401'
              ? d.auth === 'session'
                ? 'No valid dashboard session'
                : 'Missing, unknown or revoked API key'
              : 'Invalid request',
          content: { 'application/json': { schema: errorSchema } },
        };
    }
    if (d.cacheImmutable) {
      responses['304'] = {
        description: 'Not modified: If-None-Match matched the ETag of this immutable page of a completed run',
      };
      params.push({
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'ETag of a page read before; completed runs never change, so a match answers 304',
        schema: { type: 'string' },
      });
    }
    const content: Record<string, unknown> = {};
    if (d.body) {
      content['application/json'] = { schema: d.body.schema };
      if (d.body.multipart) content['multipart/form-data'] = { schema: d.body.multipart };
    }
    paths[d.path] ??= {};
    paths[d.path][d.method] = {
      operationId: d.operationId,
      summary: d.summary,
      tags: [d.tag],
      ...(d.auth === 'key'
        ? { security: [{ bearerAuth: [] }] }
        : d.auth === 'session'
          ? { security: [{ dashboardSession: [] }] }
          : { security: [] }),
      ...(params.length ? { parameters: params } : {}),
      ...(d.body ? { requestBody: { required: d.body.required !== false, content } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Campaign Wallet Integrity Service',
      version: '2.4.0',
      description:
        'Sybil cluster analysis of campaign wallet lists, stored decisions, pre-sign screening and signed webhooks. ' +
        'Errors are JSON {error, code}; codes are listed in docs/errors.md.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key: wik_<prefix>_<secret>' },
        dashboardSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'Dashboard session (docs/dashboard.md): set by POST /dashboard/login with a one-time link from ' +
            '`wallet-integrity dashboard login`; changes also need the x-csrf-token header from GET ' +
            '/dashboard/api/session and a same-origin request. The /dashboard/api/v2 paths mirror /api/v2 with ' +
            'this session instead of a key.',
        },
      },
      schemas: { Error: errorSchema },
    },
    paths,
  };
}

/** PostgreSQL text and jsonb cannot hold NUL characters: refuse them at the edge with a clear 400. */
import { ApiError } from '../errors/api-error.ts'

function find (value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(root)' : null
  if (depth > 64 || value === null || typeof value !== 'object') return null
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k.includes('\u0000')) return `${path}/${k.replace(/\u0000/g, '\\u0000')}`
    const hit = find(v, `${path}/${k}`, depth + 1)
    if (hit) return hit
  }
  return null
}

export function assertNoNul (value: unknown, what: string): void {
  const hit = find(value, '', 0)
  if (hit) throw new ApiError('validation_failed', `invalid ${what}: ${hit} contains a NUL character`)
}

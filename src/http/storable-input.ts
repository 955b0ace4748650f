/**
 * Request input PostgreSQL could not store is refused at the edge with a clear 400 (never a 500 from the store):
 * NUL characters and unpaired UTF-16 surrogates in any string or key (storage/storable-text.ts), and nesting
 * deeper than MAX_INPUT_DEPTH levels.
 */
import { ApiError } from './api-error.ts';
import { unstorableIn } from '../../storage/storable-text.ts';

/** Deepest nesting accepted in a body (campaign metadata is the deepest real input; jsonb holds more). */
export const MAX_INPUT_DEPTH = 32;

function find(value: unknown, path: string, depth: number): { path: string; why: string } | null {
  if (typeof value === 'string') {
    const why = unstorableIn(value);
    return why ? { path: path || '(root)', why } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_INPUT_DEPTH) return { path, why: `nested deeper than ${MAX_INPUT_DEPTH} levels` };
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const keyWhy = unstorableIn(k);
    if (keyWhy) return { path: `${path}/${JSON.stringify(k).slice(1, -1)}`, why: `its name ${keyWhy}` };
    const hit = find(v, `${path}/${k}`, depth + 1);
    if (hit) return hit;
  }
  return null;
}

export function assertStorableInput(value: unknown, what: string): void {
  const hit = find(value, '', 0);
  if (hit) throw new ApiError('validation_failed', `invalid ${what}: ${hit.path}: ${hit.why}`);
}

/**
 * Request validation with ajv. Bodies: strict schemas (unknown fields refused where the spec says so).
 * Queries: the same JSON Schema language with string-to-number coercion; unknown parameters are refused. Failures are
 * 400 validation_failed
 * with the first problems listed.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ApiError } from './api-error.ts';

const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default ?? addFormatsModule;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: coerce, useDefaults: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const queryAjv = makeAjv(true);

function describe(errors: ErrorObject[] | null | undefined, unknown: string): string {
  return (errors ?? [])
    .slice(0, 5)
    .map((e) => {
      const where = e.instancePath || '(root)';
      if (e.keyword === 'additionalProperties')
        return (
          `${where}: unknown ${unknown} ` +
          `${JSON.stringify((e.params as { additionalProperty: string }).additionalProperty)}`
        );
      if (e.keyword === 'enum')
        return (
          `${where}: must be one of ` +
          `${(e.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ')}`
        );
      if (e.keyword === 'const')
        return `${where}: must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
      return `${where}: ${e.message ?? 'is invalid'}`;
    })
    .join('; ');
}

export type Validator<T> = (value: unknown) => T;

function compile<T>(ajv: Ajv, schema: object, what: string, unknown: string): Validator<T> {
  const fn: ValidateFunction = ajv.compile(schema);
  return (value: unknown): T => {
    if (!fn(value))
      throw new ApiError('validation_failed', `invalid ${what}: ${describe(fn.errors, unknown)}`, {
        problems: (fn.errors ?? [])
          .slice(0, 20)
          .map((e) => ({ path: e.instancePath, message: e.message, params: e.params })),
      });
    return value as T;
  };
}

export const compileBody = <T>(schema: object): Validator<T> => compile<T>(bodyAjv, schema, 'request body', 'field');
export const compileQuery = <T>(schema: object): Validator<T> => compile<T>(queryAjv, schema, 'query', 'parameter');

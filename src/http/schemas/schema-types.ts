/**
 * TypeBox builders for the request schemas: each schema is written once and gives both the JSON Schema that ajv
 * enforces (and the OpenAPI document publishes) and its TypeScript type. The helpers keep the plain JSON Schema
 * shapes (`enum`, `type: [..., 'null']`) so validation messages stay as documented.
 */
import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';

/** One of a fixed list of strings, as `{ enum: [...] }`. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: object = {}): TUnsafe<T[number]> =>
  Type.Unsafe<T[number]>({ ...options, enum: [...values] });

/** A string or null, as `{ type: ['string', 'null'] }`. */
export const NullableString = (options: object = {}): TUnsafe<string | null> =>
  Type.Unsafe<string | null>({ ...options, type: ['string', 'null'] });

/** A number or null, as `{ type: ['number', 'null'] }`. */
export const NullableNumber = (options: object = {}): TUnsafe<number | null> =>
  Type.Unsafe<number | null>({ ...options, type: ['number', 'null'] });

/** A bounded string (minimum length 1 unless told). */
export const Text = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max });

/** Any JSON object, as `{ type: 'object' }`. */
export const JsonObject = (options: object = {}): TUnsafe<Record<string, unknown>> =>
  Type.Unsafe<Record<string, unknown>>({ ...options, type: 'object' });

/** Exactly one of the schemas, as `{ oneOf: [...] }` (TypeBox's Union writes `anyOf`). */
export const OneOf = <T extends TSchema[]>(schemas: [...T]): TUnsafe<Static<T[number]>> =>
  Type.Unsafe<Static<T[number]>>({ oneOf: schemas });

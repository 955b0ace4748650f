/** Errors raised at the HTTP edge (validation, auth, lookups). The code decides the status (error-codes.ts). */
import { DomainError } from './domain-error.ts';

export class ApiError extends DomainError {}

export const notFound = (code: string, what: string): ApiError => new ApiError(code, `${what} not found`);

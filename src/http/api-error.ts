/** Errors raised at the HTTP edge (request shape, auth, routing). The code decides the status (error-codes.ts). */
import { DomainError } from '../core/domain-error.ts';

export class ApiError extends DomainError {}

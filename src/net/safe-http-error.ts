/** Errors of the fail-closed outgoing HTTP client (codes in docs/errors.md). */
import { DomainError } from '../errors/domain-error.ts';

export class SafeHttpError extends DomainError {}

/** Errors of the fail-closed outgoing HTTP client (codes in docs/errors.md). */
import { DomainError } from '../core/domain-error.ts';

export class SafeHttpError extends DomainError {}

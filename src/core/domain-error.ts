/**
 * Base class of the errors the service raises on purpose. A DomainError carries a stable `code` (documented in
 * docs/errors.md) and knows nothing of HTTP: the HTTP layer maps codes to statuses (src/http/error-codes.ts).
 * Storage raises StorageError; both are CodedErrors (storage/coded-error.ts), one hierarchy.
 */
import { CodedError } from '../../storage/coded-error.ts';

export class DomainError extends CodedError {}

/** An error raised on purpose by the service or its storage, with a stable code. */
export const isCodedError = (err: unknown): err is CodedError => err instanceof CodedError;

/** The error of a lookup that found nothing the caller may see (the code says what: campaign_not_found ...). */
export const notFound = (code: string, what: string): DomainError => new DomainError(code, `${what} not found`);

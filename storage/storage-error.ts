/** Errors raised by the storage layer (no HTTP knowledge; codes listed in docs/errors.md). */
import { DomainError } from '../src/errors/domain-error.ts';

export class StorageError extends DomainError {}

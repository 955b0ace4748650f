/** Errors raised by the storage layer (codes listed in docs/errors.md). */
import { CodedError } from './coded-error.ts';

export class StorageError extends CodedError {}

/**
 * Errors raised by screening for input that cannot be screened. Never a silent allow: a request that cannot be
 * read is refused with a stable code (listed in src/http/error-codes.ts).
 */
import { DomainError } from '../core/domain-error.ts';

/** Codes: `invalid_transaction` (transaction value malformed), `invalid_screening_request` (type/chain/value). */
export class ScreeningInputError extends DomainError {
  constructor(
    code: 'invalid_transaction' | 'invalid_screening_request',
    message: string,
    details?: Record<string, unknown>,
  ) {
    super(code, message, details);
  }
}

/** A list file that cannot be parsed in the requested format (operator input, code `invalid_list`). */
export class ListFormatError extends DomainError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('invalid_list', message, details);
  }
}

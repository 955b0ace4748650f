/**
 * The root of every error raised on purpose: a stable snake_case `code` (listed in docs/errors.md with its HTTP
 * status) and optional details, no HTTP knowledge. It lives in the lowest layer so storage's errors (StorageError)
 * and the service's (src/core/domain-error.ts) are one hierarchy while storage imports nothing from src/.
 */
export class CodedError extends Error {
  readonly code: string;
  readonly details?: Record<string, unknown>;
  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.details = details;
  }
}

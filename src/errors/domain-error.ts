/**
 * Base class of every error the service raises on purpose. A DomainError carries a stable `code`
 * (documented in docs/errors.md) and knows nothing of HTTP: one Koa middleware maps codes to status.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly details?: Record<string, unknown>;
  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.details = details;
  }
}

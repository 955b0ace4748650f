/** Errors of live chain data providers (codes in docs/errors.md); recorded per wallet, never an API status. */
import { DomainError } from '../../core/domain-error.ts';

export class ChainProviderError extends DomainError {}

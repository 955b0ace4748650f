/** Errors of live chain data providers (codes in docs/errors.md); recorded per wallet, never an API status. */
import { DomainError } from '../../errors/domain-error.ts';

export class ChainProviderError extends DomainError {}

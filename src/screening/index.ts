/** Public surface of pre-sign screening (docs/screening.md). */
export {
  scanScreening,
  SCREENING_TYPES,
  type ScreeningRequest,
  type ScreeningResult,
  type ScreeningDeps,
  type FetchedPage,
} from './scan.ts';
export { ScreeningKnowledge, type ListRef, type WellKnownToken } from './knowledge.ts';
export { parseList } from './lists/parse-list.ts';
export type { ListEntry, ParsedList, ListFormat, ParseListOptions } from './lists/list-entry.ts';
export { ScreeningInputError, ListFormatError } from './screening-input-error.ts';
export type { Finding, Severity, FindingSource } from './finding.ts';
export { decideVerdict, type Verdict } from './verdict.ts';
export { analyzeUrl } from './url/analyze-url.ts';
export { inspectPage, type PageInspection, type Sandbox, type ScamDna } from './page/inspect-page.ts';
export { analyzeWallet } from './wallet/analyze-wallet.ts';
export { analyzeToken, type TokenMetadata } from './token/analyze-token.ts';
export { analyzeTransaction } from './tx/analyze-transaction.ts';
export { SCREENING_CHAINS } from '../core/chains.ts';

/**
 * Transaction-intent screening: parses the JSON text of a transaction request and dispatches to the EVM or Solana
 * reader; the requesting site (`origin`), when named, is screened for either family (origin-findings.ts). Malformed
 * input throws ScreeningInputError `invalid_transaction`, never a silent allow.
 */
import type { Finding } from '../finding.ts';
import type { ChainFamily } from '../../core/chains.ts';
import type { ScreeningKnowledge } from '../knowledge.ts';
import { ScreeningInputError } from '../screening-input-error.ts';
import { screenEvmRequest } from './evm-transaction.ts';
import { decodeWireTransaction, readJsonTransaction, type SolTransaction } from './solana-message.ts';
import { solanaFindings, type SolanaBalances } from './solana-findings.ts';
import { originFindings, readOrigin } from './origin-findings.ts';

export interface TransactionAnalysis {
  findings: Finding[];
  decoded: string[];
  kind: string;
  /** Host of the requesting site (`origin`), screened as a URL would be (origin-findings.ts); null when not named. */
  origin: string | null;
}

export function analyzeTransaction(
  family: ChainFamily,
  value: string,
  knowledge: ScreeningKnowledge,
  walletAddress?: string,
  chainId: number | null = null,
): TransactionAnalysis {
  let doc: unknown;
  try {
    doc = JSON.parse(value);
  } catch (err) {
    throw new ScreeningInputError(
      'invalid_transaction',
      `transaction value is not valid JSON: ${(err as Error).message}`,
    );
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new ScreeningInputError('invalid_transaction', 'transaction value must be a JSON object');
  const o = doc as Record<string, unknown>;
  const origin = readOrigin(o.origin);
  const r =
    family === 'evm'
      ? screenEvmRequest(o, knowledge, walletAddress, chainId)
      : solanaRequest(o, knowledge, walletAddress);
  return { ...r, findings: [...r.findings, ...originFindings(origin, knowledge)], origin };
}

function solanaRequest(
  o: Record<string, unknown>,
  knowledge: ScreeningKnowledge,
  walletAddress: string | undefined,
): Omit<TransactionAnalysis, 'origin'> {
  let balances: SolanaBalances = {};
  if (o.balances !== undefined) {
    const b = o.balances as Record<string, unknown>;
    const int = (v: unknown): boolean =>
      (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) || (typeof v === 'string' && /^\d+$/.test(v));
    if (
      b === null ||
      typeof b !== 'object' ||
      (b.lamports !== undefined && !int(b.lamports)) ||
      (b.tokens !== undefined &&
        (b.tokens === null || typeof b.tokens !== 'object' || !Object.values(b.tokens as object).every(int)))
    ) {
      throw new ScreeningInputError(
        'invalid_transaction',
        'balances must be {lamports?: integer, tokens?: {tokenAccount: integer}}',
      );
    }
    balances = b as SolanaBalances;
  }
  let tx: SolTransaction;
  if (typeof o.transaction === 'string') tx = decodeWireTransaction(o.transaction);
  else if (o.instructions !== undefined) tx = readJsonTransaction(o);
  else
    throw new ScreeningInputError(
      'invalid_transaction',
      'a Solana transaction needs `instructions` (array) or `transaction` (base64 wire format)',
    );
  const r = solanaFindings(tx, knowledge, walletAddress, balances);
  return { ...r, kind: `solana-${tx.version}` };
}

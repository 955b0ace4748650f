/**
 * Chain-data evidence for wallet and transaction scans (wallet-behaviour.ts), when the service has a chain
 * provider for the scan's chain. The parties of a transaction (spenders, operators, delegates, recipients) are read
 * from its findings; each is looked up once. A provider failure is reported as info, never as a verdict.
 */
import type { Finding } from '../finding.ts';
import { heuristic } from '../finding.ts';
import type { ChainFamily } from '../../core/chains.ts';
import type { ScreeningKnowledge } from '../knowledge.ts';
import {
  type AddressHistorySource,
  behaviourFindings,
  counterpartyPoisoning,
  freshSpenderFinding,
  recentCounterparties,
} from './wallet-behaviour.ts';

/** Parties of one transaction looked up at most (each costs provider requests). */
export const MAX_PARTIES = 3;

export interface ChainEvidenceInput {
  chain: string;
  family: ChainFamily;
  source: AddressHistorySource;
  knowledge: ScreeningKnowledge;
  walletAddress?: string;
  nowSeconds: number;
}

const unavailable = (err: unknown): Finding => ({
  kind: 'wallet.history_unavailable',
  severity: 'info',
  message: `chain data could not be read: ${(err as Error).message}`,
  source: heuristic('wallet.behaviour'),
});

async function counterparties(input: ChainEvidenceInput): Promise<{ all: string[]; paid: string[] } | null> {
  if (input.walletAddress === undefined) return null;
  const own = input.family === 'evm' ? input.walletAddress.trim().toLowerCase() : input.walletAddress.trim();
  const h = await input.source(input.chain, own);
  const known = (asset: string): boolean =>
    input.knowledge.wellKnownToken(input.family, input.family === 'evm' ? asset.toLowerCase() : asset) !== null;
  return h === null ? null : recentCounterparties(input.family, own, h, known);
}

/** Behaviour of the scanned address, and poisoning against the user's recent counterparties. */
export async function walletChainEvidence(address: string, input: ChainEvidenceInput): Promise<Finding[]> {
  try {
    const out: Finding[] = [];
    const h = await input.source(input.chain, address);
    if (h !== null) out.push(...behaviourFindings(input.family, address, h, input.nowSeconds));
    const cps = await counterparties(input);
    const poison = cps !== null ? counterpartyPoisoning(input.family, address, cps) : null;
    if (poison) out.push(poison);
    return out;
  } catch (err) {
    return [unavailable(err)];
  }
}

const SPENDER_KINDS =
  /^tx\.(token_approval|nft_approval|nft_operator_approval|permit|permit2_|eip7702_delegation|account_delegatecall)/;
const RECIPIENT_KINDS = /^tx\.(native_transfer|token_transfer|token_batch_transfer|permit2_transfer)/;

/** The unknown spenders and recipients of a transaction, by its findings. */
function parties(findings: Finding[], knowledge: ScreeningKnowledge): Array<{ address: string; role: string }> {
  const out: Array<{ address: string; role: string }> = [];
  const add = (a: unknown, role: string): void => {
    if (typeof a !== 'string' || !/^0x[0-9a-f]{40}$/.test(a) || /^0x0{40}$/.test(a)) return;
    if (knowledge.wellKnownContract('evm', a) !== null || out.some((p) => p.address === a)) return;
    out.push({ address: a, role });
  };
  for (const f of findings) {
    if (f.severity === 'info' && !RECIPIENT_KINDS.test(f.kind)) continue;
    if (SPENDER_KINDS.test(f.kind)) add(f.data?.spender ?? f.data?.target, 'spender');
    else if (RECIPIENT_KINDS.test(f.kind)) for (const to of [f.data?.to].flat()) add(to, 'recipient');
  }
  return out.slice(0, MAX_PARTIES);
}

/** Fresh spenders (high), fresh recipients (low), drainer receivers, sweepers and look-alikes of counterparties. */
export async function transactionChainEvidence(findings: Finding[], input: ChainEvidenceInput): Promise<Finding[]> {
  if (input.family !== 'evm') return [];
  try {
    const out: Finding[] = [];
    const cps = await counterparties(input);
    for (const p of parties(findings, input.knowledge)) {
      const h = await input.source(input.chain, p.address);
      if (h === null) return out;
      for (const f of behaviourFindings(input.family, p.address, h, input.nowSeconds, p.role)) {
        if (f.kind !== 'wallet.fresh_address') out.push(f);
        else if (p.role === 'spender') out.push(freshSpenderFinding(f, p.role));
        else out.push({ ...f, kind: 'tx.fresh_recipient', severity: 'low' });
      }
      const poison =
        cps !== null && p.role === 'recipient' ? counterpartyPoisoning('evm', p.address, cps, p.role) : null;
      if (poison) out.push({ ...poison, kind: 'tx.address_poisoning' });
    }
    return out;
  } catch (err) {
    return [unavailable(err)];
  }
}

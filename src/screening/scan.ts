/**
 * The screening scan behind POST /api/v1/screening/scan: validates the request, runs the analyzer for its type,
 * and maps findings to a verdict and risk score (verdict.ts). For type url, the page is fetched through the
 * injected fetchPage (the SSRF-safe client lives elsewhere) and inspected passively; without a fetcher, or when the
 * fetch fails, metadata.sandbox.fetched is false with the reason.
 */
import type { Finding } from './finding.ts';
import { SCREENING_CHAINS } from '../core/chains.ts';
import type { ListRef, ScreeningKnowledge } from './knowledge.ts';
import { ScreeningInputError } from './screening-input-error.ts';
import { isWellKnownHost, knownKitFinding, type KitHistory } from './page/kit-memory.ts';
import { kitFingerprintOf } from './page/kit-fingerprint.ts';
import { decideVerdict, type Verdict } from './verdict.ts';
import { analyzeUrl } from './url/analyze-url.ts';
import { inspectPage, notFetched, type Sandbox, type ScamDna } from './page/inspect-page.ts';
import { analyzeWallet } from './wallet/analyze-wallet.ts';
import { analyzeToken, type TokenMetadata } from './token/analyze-token.ts';
import { analyzeTransaction } from './tx/analyze-transaction.ts';
import type { AddressHistorySource } from './wallet/wallet-behaviour.ts';
import { type ChainEvidenceInput, transactionChainEvidence, walletChainEvidence } from './wallet/chain-evidence.ts';

export type ScreeningType = 'url' | 'wallet' | 'token' | 'transaction';
export const SCREENING_TYPES: readonly ScreeningType[] = ['url', 'wallet', 'token', 'transaction'];
export const MAX_VALUE_LENGTH = 256 * 1024;

export interface ScreeningRequest {
  type: ScreeningType;
  chain: string;
  value: string;
  walletAddress?: string;
  /** Token metadata the caller read on chain (type token only): enables symbol/name impersonation checks. */
  tokenMetadata?: TokenMetadata;
}

export interface FetchedPage {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  bytes: number;
  truncated: boolean;
  redirectLocation?: string;
  error?: string;
}

export interface ScreeningDeps {
  knowledge: ScreeningKnowledge;
  fetchPage?: (url: string) => Promise<FetchedPage>;
  /** Kit memory (kit-memory.ts): earlier learned pages with this kit fingerprint on other hosts, for the caller. */
  kitHistory?: (fingerprint: string, host: string) => Promise<KitHistory>;
  /** Transfer history of an address on a screening chain (null: no chain provider for it): wallet behaviour. */
  addressHistory?: AddressHistorySource;
  /** Clock for freshness (tests); Date.now by default. */
  now?: () => number;
}

export interface ScreeningResult {
  verdict: Verdict;
  riskScore: number;
  findings: Finding[];
  listsUsed: ListRef[];
  metadata: {
    type: ScreeningType;
    chain: string;
    chainFamily: 'evm' | 'solana';
    /** Normalised subject: host for url, address for wallet/token, decoded call names for transaction. */
    subject: string;
    decoded?: string[];
    sandbox?: Sandbox;
    scamDna?: ScamDna | null;
    /** Kit memory key (kit-fingerprint.ts): scam DNA plus the lures and marker text that made the page a kit. */
    kitFingerprint?: string | null;
  };
}

const LIST_KINDS: Record<ScreeningType, string[]> = {
  url: ['domain'],
  wallet: ['address', 'token'],
  token: ['token', 'address'],
  transaction: ['address', 'token'],
};

export async function scanScreening(req: ScreeningRequest, deps: ScreeningDeps): Promise<ScreeningResult> {
  if (req === null || typeof req !== 'object')
    throw new ScreeningInputError('invalid_screening_request', 'request must be an object');
  if (!SCREENING_TYPES.includes(req.type))
    throw new ScreeningInputError('invalid_screening_request', `type must be one of ${SCREENING_TYPES.join(', ')}`);
  if (typeof req.chain !== 'string' || !(req.chain in SCREENING_CHAINS)) {
    throw new ScreeningInputError(
      'invalid_screening_request',
      `chain must be one of ${Object.keys(SCREENING_CHAINS).join(', ')} (lower-case)`,
    );
  }
  if (typeof req.value !== 'string' || req.value.trim() === '')
    throw new ScreeningInputError('invalid_screening_request', 'value must be a non-empty string');
  if (req.value.length > MAX_VALUE_LENGTH)
    throw new ScreeningInputError('invalid_screening_request', `value is longer than ${MAX_VALUE_LENGTH} characters`);
  if (req.walletAddress !== undefined && typeof req.walletAddress !== 'string')
    throw new ScreeningInputError('invalid_screening_request', 'walletAddress must be a string');
  const { family, chainId } = SCREENING_CHAINS[req.chain];
  const { knowledge } = deps;
  const evidence: ChainEvidenceInput | null =
    deps.addressHistory !== undefined
      ? {
          chain: req.chain,
          family,
          source: deps.addressHistory,
          knowledge,
          walletAddress: req.walletAddress,
          nowSeconds: Math.floor((deps.now ?? Date.now)() / 1000),
        }
      : null;
  const metadata: ScreeningResult['metadata'] = { type: req.type, chain: req.chain, chainFamily: family, subject: '' };
  let findings: Finding[];
  let listKinds = LIST_KINDS[req.type];
  switch (req.type) {
    case 'url': {
      const a = analyzeUrl(req.value, knowledge);
      findings = a.findings;
      metadata.subject = a.host;
      metadata.scamDna = null;
      if (deps.fetchPage === undefined) metadata.sandbox = notFetched('no page fetcher configured');
      else {
        try {
          const page = await deps.fetchPage(a.url);
          if (page.error !== undefined) metadata.sandbox = notFetched(page.error);
          else {
            const p = inspectPage(page.body, {
              url: a.url,
              status: page.status,
              headers: page.headers,
              redirectLocation: page.redirectLocation,
              bytes: page.bytes,
              truncated: page.truncated,
            });
            metadata.sandbox = p.sandbox;
            metadata.scamDna = p.scamDna;
            findings.push(...p.findings);
            const kit = kitFingerprintOf(page.body, p.scamDna.fingerprint, p.findings);
            metadata.kitFingerprint = kit;
            if (deps.kitHistory !== undefined) {
              const wellKnown = a.allowListed || isWellKnownHost(a.host, knowledge);
              const known = knownKitFinding(kit, await deps.kitHistory(kit, a.host), wellKnown);
              if (known) findings.push(known);
            }
          }
        } catch (err) {
          metadata.sandbox = notFetched(`fetch failed: ${(err as Error).message}`);
        }
      }
      break;
    }
    case 'wallet':
      if (req.walletAddress !== undefined) validateOwn(family, req.walletAddress);
      findings = analyzeWallet(family, req.value, knowledge, req.walletAddress);
      metadata.subject = family === 'evm' ? req.value.trim().toLowerCase() : req.value.trim();
      if (evidence !== null) findings.push(...(await walletChainEvidence(metadata.subject, evidence)));
      break;
    case 'token':
      findings = analyzeToken(family, req.value, knowledge, req.tokenMetadata ?? {}, chainId);
      metadata.subject = req.value.trim();
      break;
    case 'transaction': {
      if (req.walletAddress !== undefined) validateOwn(family, req.walletAddress);
      const t = analyzeTransaction(family, req.value, knowledge, req.walletAddress, chainId);
      findings = t.findings;
      if (evidence !== null) findings.push(...(await transactionChainEvidence(findings, evidence)));
      metadata.decoded = t.decoded;
      metadata.subject = t.kind;
      // the requesting site was looked up in the domain lists too
      if (t.origin !== null) listKinds = [...listKinds, 'domain'];
      break;
    }
  }
  const { verdict, riskScore } = decideVerdict(findings);
  return { verdict, riskScore, findings, listsUsed: knowledge.listsFor(listKinds), metadata };
}

function validateOwn(family: 'evm' | 'solana', walletAddress: string): void {
  const ok =
    family === 'evm'
      ? /^0x[0-9a-fA-F]{40}$/.test(walletAddress.trim())
      : /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(walletAddress.trim());
  if (!ok) throw new ScreeningInputError('invalid_screening_request', `walletAddress is not a ${family} address`);
}

/**
 * Wallet (recipient address) screening: validity per chain, scam/drainer addresses from the lists, and address
 * poisoning: an address that shares the first and last characters of the caller's own wallet (the look-alike that
 * poisoning attacks plant in a transfer history) without being it.
 */
import type { Finding } from '../finding.ts';
import { heuristic } from '../finding.ts';
import { normaliseAddress } from '../../core/address/address.ts';
import type { ChainFamily } from '../../core/chains.ts';
import type { ScreeningKnowledge } from '../knowledge.ts';
import { ScreeningInputError } from '../screening-input-error.ts';

const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;

/** Validates an address value; a malformed one throws, a mixed-case one with a bad EIP-55 checksum is a finding. */
export function readAddress(
  family: ChainFamily,
  value: string,
  what: string,
): { address: string; findings: Finding[] } {
  const check = normaliseAddress(family, value);
  if (check.ok) return { address: check.address, findings: [] };
  if (family === 'evm' && EVM_SHAPE.test(value.trim())) {
    return {
      address: value.trim().toLowerCase(),
      findings: [
        {
          kind: 'wallet.bad_checksum',
          severity: 'high',
          message: `${what} ${value.trim()} has an invalid EIP-55 checksum: it may be mistyped or altered`,
          source: heuristic('wallet.checksum'),
        },
      ],
    };
  }
  throw new ScreeningInputError(
    'invalid_screening_request',
    `${what} is not a valid ${family} address: ${check.reason}`,
  );
}

/** Length of the common prefix and suffix of two addresses (after 0x for EVM). */
export function lookAlike(family: ChainFamily, a: string, b: string): { prefix: number; suffix: number } {
  const x = family === 'evm' ? a.slice(2).toLowerCase() : a;
  const y = family === 'evm' ? b.slice(2).toLowerCase() : b;
  let prefix = 0;
  while (prefix < x.length && x[prefix] === y[prefix]) prefix++;
  let suffix = 0;
  while (suffix < x.length && x[x.length - 1 - suffix] === y[y.length - 1 - suffix]) suffix++;
  return { prefix, suffix };
}

/** Address-poisoning finding when `address` imitates `own` (4+4 characters: high; 3+3: medium). */
export function poisoningFinding(family: ChainFamily, address: string, own: string | undefined): Finding | null {
  if (own === undefined || own === '') return null;
  const ownCheck = normaliseAddress(family, own);
  if (!ownCheck.ok || ownCheck.address === address) return null;
  const { prefix, suffix } = lookAlike(family, address, ownCheck.address);
  if (prefix >= 4 && suffix >= 4) {
    return {
      kind: 'wallet.address_poisoning',
      severity: 'high',
      message:
        `${address} imitates your wallet ${ownCheck.address}: same first ${prefix} and last ${suffix} ` +
        `characters, different address`,
      source: heuristic('wallet.address_poisoning'),
      data: { prefix, suffix, walletAddress: ownCheck.address },
    };
  }
  if (prefix >= 3 && suffix >= 3) {
    return {
      kind: 'wallet.address_poisoning',
      severity: 'medium',
      message: `${address} resembles your wallet ${ownCheck.address} (first ${prefix} and last ${suffix} characters)`,
      source: heuristic('wallet.address_poisoning'),
      data: { prefix, suffix, walletAddress: ownCheck.address },
    };
  }
  return null;
}

/** Findings about an address from the lists (block: critical; allow: info). */
export function addressListFindings(
  family: ChainFamily,
  address: string,
  knowledge: ScreeningKnowledge,
  role: string,
): Finding[] {
  const out: Finding[] = [];
  for (const r of knowledge.blockedAddress(family, address) ?? []) {
    out.push({
      kind: 'wallet.blocklisted',
      severity: 'critical',
      message: `${role} ${address} is a known scam/drainer address (${r.name})`,
      source: { type: 'list', name: r.name, version: r.version },
      data: { address, role },
    });
  }
  for (const r of knowledge.blockedToken(family, address) ?? []) {
    if (out.some((f) => f.source.name === r.name)) continue;
    out.push({
      kind: 'wallet.blocklisted',
      severity: 'critical',
      message: `${role} ${address} is a listed scam token/mint (${r.name})`,
      source: { type: 'list', name: r.name, version: r.version },
      data: { address, role },
    });
  }
  for (const r of knowledge.allowedAddress(family, address) ?? []) {
    out.push({
      kind: 'wallet.allowlisted',
      severity: 'info',
      message: `${role} ${address} is on allow-list ${r.name}`,
      source: { type: 'list', name: r.name, version: r.version },
      data: { address, role },
    });
  }
  return out;
}

export function analyzeWallet(
  family: ChainFamily,
  value: string,
  knowledge: ScreeningKnowledge,
  walletAddress?: string,
): Finding[] {
  const { address, findings } = readAddress(family, value, 'wallet value');
  findings.push(...addressListFindings(family, address, knowledge, 'address'));
  const poison = poisoningFinding(family, address, walletAddress);
  if (poison) findings.push(poison);
  return findings;
}

/** A small knowledge built from CSV text, for screening tests. */
import { parseList } from '../../src/screening/lists/parse-list.ts';
import { ScreeningKnowledge } from '../../src/screening/knowledge.ts';
import type { ParsedList } from '../../src/screening/lists/list-entry.ts';

export const SCAM_EVM = '0x000000000000000000000000000000000000dead';
export const SCAM_SOL = 'GDbA9EsaLiMpsfRXKa6UmmEzr4QqTSRuNGbwVXcV8YAq';

export function smallKnowledge(extra: ParsedList[] = []): ScreeningKnowledge {
  const csv = [
    'kind,value,chain,disposition',
    'domain,evil.vercel.app,,block',
    'domain,phish.example,,block',
    'domain,good.phish.example,,allow',
    'domain,metamask.io,,allow',
    'domain,uniswap.org,,allow',
    `address,${SCAM_EVM},evm,block`,
    `address,${SCAM_SOL},solana,block`,
  ].join('\n');
  const tokens = JSON.stringify({
    name: 'test tokens',
    version: { major: 1, minor: 0, patch: 0 },
    timestamp: '2026-01-01T00:00:00Z',
    tokens: [
      {
        chainId: 1,
        address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        symbol: 'USDC',
        name: 'USD Coin',
        decimals: 6,
      },
      {
        chainId: 501000101,
        address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
        symbol: 'USDC',
        name: 'USD Coin',
        decimals: 6,
      },
    ],
  });
  return new ScreeningKnowledge([
    parseList('csv', csv, { name: 'test-list' }),
    parseList('tokenlist', tokens),
    ...extra,
  ]);
}

/** Deterministic synthetic name part for index i (a, b, ..., z, ba, ...): no randomness, so models are reproducible. */
export function letters(i: number): string {
  let s = '';
  do {
    s = String.fromCharCode(97 + (i % 26)) + s;
    i = Math.floor(i / 26);
  } while (i > 0);
  return s;
}

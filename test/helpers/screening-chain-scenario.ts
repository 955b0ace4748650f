/**
 * Wallet histories for screening's chain-data evidence (src/screening/wallet/wallet-behaviour.ts), as Etherscan
 * rows served by the loopback server of chain-servers.ts: a drainer's payout address, a swept (compromised) wallet,
 * a fresh contract, an old contract, the user's wallet with a regular counterparty, a look-alike of that
 * counterparty, and an ordinary wallet. NOW is the scan clock the scenario is written against.
 */
import { toConfig } from '../../src/core/config.ts';
import { screeningAddressHistory } from '../../src/screening/service/address-history.ts';
import { type ChainServer, type EtherscanRow, startEtherscanServer, tokenRow, txRow } from './chain-servers.ts';

export const NOW = 1_800_000_000;
const DAY = 86_400;
const ETH = '1000000000000000000';
const USDC = { contract: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', symbol: 'USDC', decimals: 6 };
const WETH = { contract: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', symbol: 'WETH', decimals: 18 };

const addr = (n: number): string =>
  `0x${n.toString(16).padStart(4, '0')}${'5'.repeat(32)}${n.toString(16).padStart(4, '0')}`;
export const PARTIES = {
  drainer: addr(0xd001),
  attacker: addr(0xa001),
  swept: addr(0x5e01),
  fresh: addr(0xf001),
  old: addr(0x0d01),
  me: '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c',
  friend: '0x8ba1f109551bd432803012645ac136ddd64dba72',
  /** same first 4 and last 4 hex digits as friend */
  lookalike: `0x8ba1${'a'.repeat(32)}ba72`,
  ordinary: addr(0x0e01),
  employer: addr(0x0e02),
  /** look-alikes of friend that planted themselves in the user's history (issue 14, twelfth pass) */
  zeroPoisoner: `0x8ba1${'b'.repeat(32)}ba72`,
  fakeTokenPoisoner: `0x8ba1${'c'.repeat(32)}ba72`,
  /** paid once by the user, 50 real USDC */
  friend2: '0x2d4f6a8c1e3b5d7f9a2c3c5e7a9b1d2f4e6a8c0b',
};
/** A token contract that calls itself USDC: poisoners' fake tokens emit transfers in the victim's name. */
const FAKE_USDC = { contract: '0xfa4e000000000000000000000000000000005dc0', symbol: 'USDC', decimals: 6 };

export function scenarioRows(): Record<'txlist' | 'txlistinternal' | 'tokentx', EtherscanRow[]> {
  const p = PARTIES;
  const txlist: EtherscanRow[] = [];
  const tokentx: EtherscanRow[] = [];
  // four victims swept to the drainer's payout address: ETH, USDC and WETH within two minutes each
  for (let v = 0; v < 4; v++) {
    const victim = addr(0xb000 + v);
    const t = NOW - (30 - v * 5) * DAY;
    txlist.push(txRow(victim, p.drainer, '300000000000000000', t));
    tokentx.push(
      tokenRow(victim, p.drainer, '2500000000', t + 40, USDC),
      tokenRow(victim, p.drainer, ETH, t + 90, WETH),
    );
  }
  // the swept wallet: a year of ordinary use, then emptied to the attacker, then a sweeper bot forwards income
  txlist.push(txRow(p.employer, p.swept, ETH, NOW - 400 * DAY));
  const drainedAt = NOW - 20 * DAY;
  tokentx.push(
    tokenRow(p.swept, p.attacker, '900000000', drainedAt, USDC),
    tokenRow(p.swept, p.attacker, ETH, drainedAt + 30, WETH),
  );
  for (const d of [15, 9]) {
    txlist.push(txRow(p.employer, p.swept, '200000000000000000', NOW - d * DAY));
    txlist.push(txRow(p.swept, p.attacker, '199000000000000000', NOW - d * DAY + 25));
  }
  // a contract first funded two days ago; one active for a year
  txlist.push(txRow(p.employer, p.fresh, '1000000000000000', NOW - 2 * DAY));
  txlist.push(txRow(p.employer, p.old, '1000000000000000', NOW - 400 * DAY));
  // the user pays the friend every month; an ordinary wallet is paid by its employer
  for (let m = 1; m <= 6; m++) {
    tokentx.push(tokenRow(p.me, p.friend, '100000000', NOW - m * 30 * DAY, USDC));
    txlist.push(txRow(p.employer, p.ordinary, ETH, NOW - m * 30 * DAY));
  }
  // address poisoning as it is done: a zero-value transferFrom of real USDC in the user's name to a look-alike of
  // the friend, and a fake "USDC" transfer from the user to another look-alike, both right after the last payment
  tokentx.push(
    tokenRow(p.me, p.zeroPoisoner, '0', NOW - 30 * DAY + 60, USDC),
    tokenRow(p.me, p.fakeTokenPoisoner, '100000000', NOW - 30 * DAY + 90, FAKE_USDC),
    tokenRow(p.me, p.friend2, '50000000', NOW - 10 * DAY, USDC),
  );
  return { txlist, txlistinternal: [], tokentx };
}

/** The scenario served on 127.0.0.1 and the screening history source reading it through the Etherscan provider. */
export async function startScenario(): Promise<{
  server: ChainServer;
  source: ReturnType<typeof screeningAddressHistory>;
}> {
  const server = await startEtherscanServer(scenarioRows());
  const config = toConfig({
    CHAIN_PROVIDER_ETHEREUM: 'etherscan',
    CHAIN_PROVIDER_ETHEREUM_URL: server.url,
    CHAIN_PROVIDER_ETHEREUM_RATE_PER_SECOND: '1000',
    CHAIN_PROVIDER_ALLOW_PRIVATE: '1',
    CHAIN_FETCH_BACKOFF_MS: '5',
    CHAIN_FETCH_TIMEOUT_MS: '2000',
  });
  return { server, source: screeningAddressHistory(config) };
}

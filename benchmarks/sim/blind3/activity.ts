/**
 * What a wallet does on chain in the third blind world, as the transfers it leaves: swaps through a router (pay one
 * asset, get another back in the same transaction), deposits in the campaign's contracts and in lending pools, NFT
 * mints, request-for-quote fills with a market maker, and bridging to another chain.
 */
import { CAMPAIGN_CHAINS, CHAINS, type ChainName, MINUTE, nativeOf, round } from './chains.ts';
import type { Bridge, Infra } from './infra.ts';
import type { World } from './world.ts';

export type ActionKind = 'swap' | 'campaign' | 'vault' | 'lend' | 'mint' | 'rfq';

const stable = (w: World): string => (w.rng.chance(0.75) ? 'USDC' : 'USDT');

/** One action of `wallet` worth about `usd`. */
export function act(
  w: World,
  infra: Infra,
  wallet: string,
  chain: ChainName,
  t: number,
  kind: ActionKind,
  usd: number,
) {
  const native = CHAINS[chain].native;
  const r = w.rng;
  switch (kind) {
    case 'swap': {
      const router = r.pick(infra.routers[chain]);
      const sell = r.chance(0.6);
      const tx = w.send(chain, wallet, router, sell ? nativeOf(chain, usd) : round(usd, 2), sell ? native : 'USDC', t);
      w.send(
        chain,
        router,
        wallet,
        sell ? round(usd * 0.997, 6) : nativeOf(chain, usd * 0.997),
        sell ? 'USDC' : native,
        t,
        tx,
      );
      return;
    }
    case 'campaign':
    case 'vault': {
      const to =
        kind === 'vault' && chain === 'base'
          ? infra.campaignVault
          : (infra.campaign[chain] ?? infra.campaign[r.pick(CAMPAIGN_CHAINS)]);
      const c = infra.campaign[chain] ? chain : 'arbitrum';
      const token = r.chance(0.5) ? CHAINS[c].native : stable(w);
      const amount = token === CHAINS[c].native ? nativeOf(c, usd) : round(usd, 2);
      w.send(c, wallet, to, amount, token, t);
      if (r.chance(0.35))
        w.send(c, to, wallet, round(amount * r.range(0.98, 1.04), 6), token, t + r.int(1, 40) * 86_400);
      return;
    }
    case 'lend':
      w.send(chain, wallet, infra.lending[chain], round(usd, 2), stable(w), t);
      return;
    case 'mint': {
      // popularity falls steeply: a few contracts get most mints
      const nft = infra.nfts[chain][Math.floor(infra.nfts[chain].length * r.next() ** 2.5)];
      w.send(chain, wallet, nft, r.pick([0.000777, 0.001, 0.0025, 0.005, 0.01, 0.03]), native, t);
      return;
    }
    case 'rfq': {
      const mm = r.pick(infra.rfq[chain]);
      const tx = w.send(chain, wallet, mm, round(usd, 2), stable(w), t);
      w.send(chain, mm, wallet, nativeOf(chain, usd * 0.999), native, t, tx);
      return;
    }
  }
}

/**
 * `sender` on `from` bridges `amount` native to `recipient` on `to` (often the same address): the deposit on the
 * source chain, then the payer on the destination, minutes later, less the bridge's fee.
 */
export function bridgeTo(
  w: World,
  bridge: Bridge,
  from: ChainName,
  sender: string,
  to: ChainName,
  recipient: string,
  amount: number,
  t: number,
): number {
  w.send(from, sender, bridge.entry[from], amount, CHAINS[from].native, t);
  const canonical = bridge.entry === bridge.payer && bridge.name === 'canonical';
  const arrives = t + (canonical ? w.rng.int(10, 25) * MINUTE : w.rng.int(20, 240));
  const fee = canonical ? 0 : amount * w.rng.range(0.0004, 0.002) + 0.00004;
  w.send(to, bridge.payer[to], recipient, round(amount - fee, 8), CHAINS[to].native, arrives);
  return arrives;
}

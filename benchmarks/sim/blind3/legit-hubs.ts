/**
 * Legitimate people who share an unlabelled payer or contract with many others in the third blind world:
 * - `gas_drop` / `faucet`: a wallet app's relayer (or a community faucet) gave them their first gas, the same tiny
 *   amount it gives thousands of people outside the list, some of it on promotion days;
 * - `mint_rush`: they minted a popular collection in the minutes after it opened, at the same price as everyone;
 * - `claimer`: they claimed an earlier airdrop (tiered amounts, a rush after it opens) and sold it or sent it to an
 *   exchange;
 * - `rfq_trader`: they trade often with request-for-quote market makers who also fill thousands of others;
 * - `farm_touch`: they dealt with a farm: bought an NFT from a farm wallet, swapped over the counter with one, were
 *   paid by one or by a farm's funder.
 */
import { act } from './activity.ts';
import { deposit, withdraw, askAmount } from './cex.ts';
import { CAMPAIGN_CHAINS, CHAINS, type ChainName, DAY, END, HOUR, MINUTE, START, humanTime, round } from './chains.ts';
import type { GasDrop } from './infra.ts';
import type { LegitContext } from './legit-context.ts';
import { ensureFunded, fund, live, type Life } from './life.ts';

function uses(life: Life, chain: ChainName): void {
  if (!life.chains.includes(chain)) life.chains.push(chain);
}

/** `gas_drop` and `faucet`: first gas from a relayer or a faucet. */
export function dropUsers(ctx: LegitContext, target: number, drops: GasDrop[], pattern: string): void {
  const { w } = ctx;
  const r = w.rng;
  const promos = [START + r.int(10, 80) * DAY, START + r.int(90, 170) * DAY];
  for (let i = 0; i < target; i++) {
    const drop = r.pick(drops);
    const life = ctx.person(pattern, drop.address, true);
    const t = r.chance(0.25) ? r.pick(promos) + r.int(0, 3 * HOUR) : humanTime(r, START - 30 * DAY, END - 10 * DAY, 0);
    w.send(drop.chain, drop.address, life.wallet, drop.amount, 'ETH', t);
    life.funded.set(drop.chain, t);
    life.from = Math.max(life.from, t);
    uses(life, drop.chain);
    live(w, ctx.infra, life);
  }
}

/** `mint_rush`: minters of a collection in the minutes after it opened. */
export function mintRush(ctx: LegitContext, target: number): void {
  const { w, infra } = ctx;
  const r = w.rng;
  for (let i = 0; i < target; i++) {
    const col = r.pick(infra.collections);
    const life = ctx.person('mint_rush', col.address, true);
    uses(life, col.chain);
    const native = CHAINS[col.chain].native;
    const funding = r.chance(0.4) ? col.opens - r.int(10 * MINUTE, 3 * HOUR) : col.opens - r.int(1, 60) * DAY;
    withdraw(w, infra, life.ex, col.chain, life.wallet, askAmount(w, col.chain, native), native, funding);
    life.funded.set(col.chain, funding);
    life.from = Math.min(life.from, funding);
    const t = col.opens + Math.min(30 * MINUTE, Math.floor(-Math.log(1 - r.next()) * 4 * MINUTE));
    w.send(col.chain, life.wallet, col.address, col.price || 0.000777, native, t);
    live(w, infra, life);
  }
}

/** `claimer`: claimers of earlier airdrops. */
export function claimer(ctx: LegitContext, target: number): void {
  const { w, infra } = ctx;
  const r = w.rng;
  const big = {
    chain: 'arbitrum' as ChainName,
    address: w.address(),
    token: 'GOV',
    opens: START + r.int(15, 40) * DAY,
  };
  const small = { chain: r.pick<ChainName>(['base', 'zksync']), address: w.address(), token: 'PTS', opens: 0 };
  small.opens = START + r.int(60, 150) * DAY;
  w.label(big.address, 'distributor');
  const tiers = { GOV: [625, 1250, 1875, 2500, 3750, 5000, 10000], PTS: [100, 250, 500, 1000] };
  const claimAt = (opens: number): number =>
    r.chance(0.5) ? opens + Math.floor(-Math.log(1 - r.next()) * 1.5 * HOUR) : opens + r.int(0, 30 * DAY);
  for (const d of [big, small])
    for (let k = r.int(1500, 3000); k > 0; k--)
      w.send(d.chain, d.address, w.address(), r.pick(tiers[d.token as 'GOV']), d.token, claimAt(d.opens));
  for (let i = 0; i < target; i++) {
    const d = r.chance(0.6) ? big : small;
    const life = ctx.person('claimer', d.address, true);
    uses(life, d.chain);
    const t = claimAt(d.opens);
    if (!life.funded.has(d.chain)) fund(w, infra, life, d.chain, t);
    const amount = r.pick(tiers[d.token as 'GOV']);
    w.send(d.chain, d.address, life.wallet, amount, d.token, t);
    const after = t + r.int(1, 30) * MINUTE;
    const then = r.weighted([
      ['sell', 60],
      ['exchange', 25],
      ['hold', 15],
    ] as const);
    if (then === 'sell') {
      const router = r.pick(infra.routers[d.chain]);
      const tx = w.send(d.chain, life.wallet, router, amount, d.token, after);
      w.send(d.chain, router, life.wallet, round(amount * r.range(0.3, 1.2), 2), 'USDC', after, tx);
    }
    if (then === 'exchange') deposit(w, life.ex, d.chain, life.wallet, life.account, amount, d.token, after);
    live(w, infra, life);
  }
}

/** `rfq_trader`: frequent traders with market makers. */
export function rfqTrader(ctx: LegitContext, target: number): void {
  const { w, infra } = ctx;
  const r = w.rng;
  for (let i = 0; i < target; i++) {
    const life = ctx.person('rfq_trader', '', true);
    life.usd *= 3;
    live(w, infra, life);
    for (let k = r.int(3, 15); k > 0; k--) {
      const chain = r.pick(life.chains);
      const t = humanTime(r, Math.max(life.from, life.funded.get(chain) ?? START) + HOUR, END, life.tz);
      ensureFunded(w, infra, life, chain, t);
      act(w, infra, life.wallet, chain, t, 'rfq', life.usd * r.logUniform(0.5, 5));
    }
  }
}

/** `farm_touch`: legitimate people who dealt with a farm wallet or a farm's funder. */
export function farmTouch(ctx: LegitContext, target: number): void {
  const { w, infra } = ctx;
  const r = w.rng;
  if (ctx.farmWallets.length === 0) return;
  for (let i = 0; i < target; i++) {
    const life = ctx.person('farm_touch', '', true);
    live(w, infra, life);
    const dated = r.chance(0.15) && ctx.farmFunders.length > 0 ? r.pick(ctx.farmFunders) : r.pick(ctx.farmWallets);
    const other = dated.address;
    const chain = r.pick(CAMPAIGN_CHAINS);
    const t = humanTime(r, Math.min(END - DAY, Math.max(START, dated.since + HOUR)), END, life.tz);
    const how = r.weighted([
      ['nft', 40],
      ['otc', 35],
      ['paid', 25],
    ] as const);
    if (how !== 'paid') ensureFunded(w, infra, life, chain, t);
    if (how === 'nft') {
      const price = round(r.logUniform(0.002, 0.2), 4);
      const tx = w.send(chain, life.wallet, infra.market[chain], price, 'ETH', t);
      w.send(chain, infra.market[chain], other, round(price * 0.975, 6), 'ETH', t, tx);
      w.send(chain, other, life.wallet, 1, `NFT-${other.slice(2, 8)}`, t, tx);
    } else if (how === 'otc') {
      const usd = round(r.logUniform(20, 2000), 0);
      w.send(chain, life.wallet, other, usd, 'USDC', t);
      w.send(chain, other, life.wallet, round(usd / CHAINS[chain].nativeUsd, 5), 'ETH', t + r.int(2, 60) * MINUTE);
    } else w.send(chain, other, life.wallet, round(r.logUniform(10, 500), 2), 'USDC', t);
  }
}

/**
 * What a wallet does on Solana, as the transfers each action leaves between owner wallets. One function per
 * action; each makes one transaction (or joins an exchange's batch) and returns its id.
 */
import type { Exchange } from './infrastructure.ts';
import { ATA_RENT, SOL, USDC } from './ledger.ts';
import { roundAmount, units, usdPrice } from './market.ts';
import type { Coin, World } from './world.ts';

/** The exchange's hot wallet paying at time t: the last one is a rotated wallet used only in the final months. */
function hotWallet(w: World, ex: Exchange, t: number): number {
  const recent = t > w.clock.start - 240 * 86400;
  const n = recent || ex.hot.length === 1 ? ex.hot.length : ex.hot.length - 1;
  return ex.hot[w.rng.int(0, n - 1)];
}

/** What a customer types into the withdrawal form: a round SOL amount, or all they have. */
function typedSol(w: World, t: number): number {
  const sol = Math.max(0.05, w.rng.lognormal(150, 1.3) / usdPrice(SOL, t));
  return w.rng.chance(0.6) ? roundAmount(sol, w.rng.next()) : sol;
}

/**
 * An exchange withdrawal to `to`: the amount typed (`sol`, or a person's choice) less the exchange's fee, or USDC
 * (`usd`). A batching exchange gathers the withdrawals of 90 seconds into one transaction with other customers'.
 */
export function withdraw(
  w: World,
  to: number,
  t: number,
  ex: Exchange,
  opt: { usd?: number; sol?: number; usdc?: boolean } = {},
): number {
  const { rng, ledger } = w;
  const usd = opt.usd ?? roundAmount(rng.lognormal(150, 1.3), rng.next());
  let tx: number;
  let hot: number;
  let at = t;
  if (ex.batches) {
    const slot = Math.floor(t / 90);
    const key = `${ex.name}:${slot}`;
    at = slot * 90 + 89;
    let open = w.batches.get(key);
    if (open === undefined) {
      open = { tx: ledger.newTx(), hot: hotWallet(w, ex, at) };
      w.batches.set(key, open);
      // the other customers in the same batch: people the campaign never hears of
      for (let i = rng.int(2, 14); i > 0; i--)
        ledger.move(open.hot, w.book.fresh(), at, units(Math.max(typedSol(w, at) - ex.fee, 0.001), SOL), SOL, open.tx);
    }
    ({ tx, hot } = open);
  } else {
    tx = ledger.newTx();
    hot = hotWallet(w, ex, at);
  }
  if (opt.usdc) ledger.sendToken(hot, to, at, Math.max(1, usd - 1), USDC, tx);
  else {
    const sol = opt.sol ?? (opt.usd === undefined ? typedSol(w, at) : opt.usd / usdPrice(SOL, at));
    ledger.move(hot, to, at, units(Math.max(sol - ex.fee, 0.001), SOL), SOL, tx);
  }
  return tx;
}

/** A deposit to the customer's own deposit address at the exchange (every customer has their own). */
export function deposit(w: World, from: number, t: number, ex: Exchange, amount: number, asset: number): number {
  const tx = w.ledger.newTx();
  w.ledger.sendToken(from, w.depositAddress(from, ex), t, units(amount, asset), asset, tx);
  return tx;
}

/** A pool that trades the pair: Raydium's single AMM authority, or one of a few pools per pair. */
function pool(w: World, a: number, b: number): number {
  if (w.rng.chance(0.35)) return w.infra.raydium;
  const pools = w.infra.pools;
  return pools[((Math.min(a, b) * 7 + Math.max(a, b) * 3 + w.rng.int(0, 2)) * 5) % pools.length];
}

/** A swap of `amount` of `sell` for `buy` through one or two pools (Jupiter's route), with an optional Jito tip. */
export function swap(w: World, user: number, t: number, sell: number, amount: number, buy: number, tip = 0): number {
  const { ledger, rng } = w;
  const tx = ledger.newTx();
  const usd = amount * usdPrice(sell, t) * (1 - rng.range(0.001, 0.006));
  let from = sell;
  if (rng.chance(0.3) && sell !== USDC && buy !== USDC) {
    const p = pool(w, sell, USDC);
    ledger.move(user, p, t, units(amount, sell), sell, tx);
    ledger.move(p, user, t, units(usd, USDC), USDC, tx);
    from = USDC;
    amount = usd;
  }
  const p = pool(w, from, buy);
  ledger.move(user, p, t, units(amount, from), from, tx);
  ledger.openAccount(user, buy);
  ledger.move(p, user, t, units(usd / usdPrice(buy, t), buy), buy, tx);
  if (tip > 0) jitoTip(w, user, t, tx, tip);
  return tx;
}

export function jitoTip(w: World, user: number, t: number, tx: number, tip: number): void {
  w.ledger.move(user, w.rng.pick(w.infra.jitoTips), t, units(tip, SOL), SOL, tx);
}

/** A buy (or sell) on a pump.fun bonding curve: SOL to the curve, tokens back, 1% to pump.fun's fee account. */
export function memeTrade(w: World, user: number, t: number, coin: Coin, sol: number, sell = false, tip = 0): number {
  const { ledger, rng } = w;
  const tx = ledger.newTx();
  const tokens = Math.round((sol * usdPrice(SOL, t)) / coin.price);
  if (sell) {
    ledger.move(user, coin.curve, t, tokens, coin.asset, tx);
    ledger.move(coin.curve, user, t, units(sol * 0.99, SOL), SOL, tx);
  } else {
    ledger.move(user, coin.curve, t, units(sol, SOL), SOL, tx);
    ledger.openAccount(user, coin.asset);
    ledger.move(coin.curve, user, t, tokens, coin.asset, tx);
  }
  ledger.move(user, rng.pick(w.infra.pumpFees), t, units(sol * 0.01, SOL), SOL, tx);
  if (tip > 0) jitoTip(w, user, t, tx, tip);
  return tx;
}

/** An NFT bought on a marketplace: SOL to the seller, the marketplace's fee and the creator's royalty. */
export function nftBuy(
  w: World,
  buyer: number,
  seller: number,
  t: number,
  sol: number,
  collection: number,
  creator: number,
): number {
  const { ledger, rng } = w;
  const tx = ledger.newTx();
  ledger.move(buyer, seller, t, units(sol * 0.93, SOL), SOL, tx);
  ledger.move(buyer, rng.pick(w.infra.markets), t, units(sol * 0.02, SOL), SOL, tx);
  ledger.move(buyer, creator, t, units(sol * 0.05, SOL), SOL, tx);
  ledger.move(seller, buyer, t, 1, collection, tx);
  return tx;
}

/** A mint from a collection's candy machine: the mint price to the collection's treasury (the NFT is minted). */
export function nftMint(w: World, user: number, t: number, sol: number, treasury: number): number {
  const tx = w.ledger.newTx();
  w.ledger.move(user, treasury, t, units(sol, SOL), SOL, tx);
  return tx;
}

export function send(w: World, from: number, to: number, t: number, amount: number, asset: number): number {
  const tx = w.ledger.newTx();
  w.ledger.sendToken(from, to, t, units(amount, asset), asset, tx);
  return tx;
}

/** A deposit into the campaign protocol (collateral, a lending deposit): what the campaign counts. */
export function protocolDeposit(
  w: World,
  user: number,
  t: number,
  usd: number,
  event: string,
  tip = 0,
  asset = w.rng.chance(0.6) ? USDC : SOL,
): number {
  const { ledger } = w;
  const tx = ledger.newTx();
  ledger.move(user, w.infra.protocol, t, units(usd / usdPrice(asset, t), asset), asset, tx);
  if (tip > 0) jitoTip(w, user, t, tx, tip);
  w.addPoints(user, Math.round(usd * 10) / 10 + 5, event);
  return tx;
}

export function protocolWithdraw(w: World, user: number, t: number, usd: number, asset = USDC): number {
  const tx = w.ledger.newTx();
  w.ledger.move(w.infra.protocol, user, t, units(usd / usdPrice(asset, t), asset), asset, tx);
  return tx;
}

/** A claim of the protocol's weekly reward: the distributor pays the token (the claimer pays its own rent). */
export function claim(w: World, user: number, t: number, tokens: number, asset: number): number {
  const tx = w.ledger.newTx();
  w.ledger.openAccount(user, asset);
  w.ledger.move(w.infra.distributor, user, t, units(tokens, asset), asset, tx);
  return tx;
}

/** An app's fee payer paying a new user's token account rent (and optionally a little SOL for fees). */
export function sponsor(w: World, payer: number, user: number, t: number, sol: number, tx = w.ledger.newTx()): number {
  w.ledger.openAccount(user, USDC);
  w.ledger.move(payer, user, t, ATA_RENT, SOL, tx);
  if (sol > 0) w.ledger.move(payer, user, t, units(sol, SOL), SOL, tx);
  return tx;
}

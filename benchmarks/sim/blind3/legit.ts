/**
 * The legitimate users of the third blind world, by pattern (shares of the legitimate wallets), and the strangers'
 * payments that tie some of them to one another: see docs/blind-campaigns-3.md.
 */
import { CAMPAIGN_CHAINS, DAY, END, START, humanTime, round } from './chains.ts';
import type { Infra } from './infra.ts';
import { type Dated, type LegitContext, legitContext } from './legit-context.ts';
import { claimer, dropUsers, farmTouch, mintRush, rfqTrader } from './legit-hubs.ts';
import { grantee, payroll, quester } from './legit-payouts.ts';
import { kin, ownWallets } from './legit-social.ts';
import { ensureFunded, type Life, live } from './life.ts';
import type { World } from './world.ts';

export const BLIND3_LEGIT_PATTERNS = [
  'cex_user',
  'bridger',
  'veteran',
  'own_wallets',
  'kin',
  'payroll',
  'grantee',
  'quester',
  'mint_rush',
  'gas_drop',
  'faucet',
  'claimer',
  'rfq_trader',
  'farm_touch',
] as const;
type LegitPattern = (typeof BLIND3_LEGIT_PATTERNS)[number];

const SHARES: Record<LegitPattern, number> = {
  cex_user: 24,
  bridger: 9,
  veteran: 7,
  own_wallets: 7,
  kin: 8,
  payroll: 5,
  grantee: 3,
  quester: 5,
  mint_rush: 7,
  gas_drop: 7,
  faucet: 3,
  claimer: 7,
  rfq_trader: 5,
  farm_touch: 3,
};

/** `cex_user`, `bridger` and `veteran`: plain lives (exchange-funded, bridge-funded, long-lived power users). */
function plain(ctx: LegitContext, pattern: 'cex_user' | 'bridger' | 'veteran', target: number): void {
  const r = ctx.w.rng;
  for (let i = 0; i < target; i++) {
    const life = ctx.person(pattern, '', true);
    if (pattern === 'bridger') {
      life.bridgeShare = 0.9;
      if (!life.chains.includes('ethereum')) life.chains.push('ethereum');
    }
    if (pattern === 'veteran') {
      life.from = START - r.int(365, 3 * 365) * DAY;
      life.actions = Math.round(r.logUniform(25, 100));
      life.chains = [...CAMPAIGN_CHAINS, 'ethereum', ...(r.chance(0.5) ? (['polygon'] as const) : [])];
      life.usd *= 2;
    }
    live(ctx.w, ctx.infra, life);
    if (pattern === 'veteran') for (let k = r.int(3, 10); k > 0; k--) strangerPayment(ctx, life);
  }
}

/** A payment to someone the payer knows: a new address, or now and then another listed user. */
function strangerPayment(ctx: LegitContext, life: Life): void {
  const { w } = ctx;
  const r = w.rng;
  const to = r.chance(0.3) && ctx.pool.length > 0 ? r.pick(ctx.pool).wallet : w.address();
  const chain = r.pick(CAMPAIGN_CHAINS);
  const t = humanTime(r, Math.max(life.from, START - 30 * DAY), END, life.tz);
  ensureFunded(w, ctx.infra, life, chain, t);
  const from = life.wallet;
  if (r.chance(0.5)) w.send(chain, from, to, round(r.logUniform(5, 2000), 2), 'USDC', t);
  else w.send(chain, from, to, round(r.logUniform(0.002, 0.5), 4), 'ETH', t);
}

export interface FarmTies {
  /** Listed farm wallets and farm funders (for `farm_touch`), farm wallets that do quests. */
  wallets: Dated[];
  funders: Dated[];
  questers: Dated[];
}

/** About `total` listed legitimate wallets (group patterns round up to whole groups). */
export function buildLegit(w: World, infra: Infra, total: number, farms: FarmTies): void {
  const ctx = legitContext(w, infra, farms.wallets, farms.funders);
  const sum = Object.values(SHARES).reduce((a, b) => a + b, 0);
  const n = (p: LegitPattern): number => Math.round((total * SHARES[p]) / sum);
  plain(ctx, 'veteran', n('veteran'));
  plain(ctx, 'cex_user', n('cex_user'));
  plain(ctx, 'bridger', n('bridger'));
  ownWallets(ctx, n('own_wallets'));
  kin(ctx, n('kin'));
  payroll(ctx, n('payroll'));
  grantee(ctx, n('grantee'));
  quester(ctx, n('quester'), farms.questers);
  mintRush(ctx, n('mint_rush'));
  dropUsers(ctx, n('gas_drop'), infra.relayers, 'gas_drop');
  dropUsers(ctx, n('faucet'), infra.faucets, 'faucet');
  claimer(ctx, n('claimer'));
  rfqTrader(ctx, n('rfq_trader'));
  farmTouch(ctx, n('farm_touch'));
  const r = w.rng;
  for (const life of r.sample(ctx.pool, Math.round(ctx.pool.length * 0.05))) strangerPayment(ctx, life);
}

/**
 * Legitimate people tied to one another in the third blind world:
 * - `own_wallets`: one person with 2-3 wallets (a main one that funds the others now and then, at irregular times
 *   and amounts; sometimes money flows back; often one exchange account behind them). Counted as LEGITIMATE: the
 *   campaign pays people, and a person using two of their own wallets for different things is not a farm. The line
 *   with a 3-wallet farm is drawn by behaviour (separate lives, irregular ties), and it is a hard line on purpose.
 * - `kin`: families and friends (2-6 people, some not on the list): one of them funds others at different days,
 *   they split bills in stablecoins.
 */
import { CAMPAIGN_CHAINS, CHAINS, DAY, END, START, humanTime, round, timeZone } from './chains.ts';
import { ensureFunded, live, type Life } from './life.ts';
import type { LegitContext } from './legit-context.ts';

/** `own_wallets`: people with 2-3 wallets of their own. */
export function ownWallets(ctx: LegitContext, target: number): void {
  const { w } = ctx;
  const r = w.rng;
  let made = 0;
  for (let g = 0; made < target; g++) {
    const group = `own-${g}`;
    const main = ctx.person('own_wallets', group, r.chance(0.9));
    made += main.listed ? 1 : 0;
    const sameAccount = r.chance(0.5);
    for (let k = r.int(1, 2); k > 0; k--) {
      const alt = ctx.person('own_wallets', group, r.chance(0.65), main.tz);
      made += alt.listed ? 1 : 0;
      if (sameAccount) {
        alt.ex = main.ex;
        alt.account = main.account;
      }
      const chain = r.pick(main.chains.filter((c) => c !== 'polygon'));
      const t = humanTime(r, Math.max(main.from, START - 200 * DAY), END - 20 * DAY, main.tz);
      ensureFunded(w, ctx.infra, main, chain, t);
      w.send(chain, main.wallet, alt.wallet, round(r.logUniform(0.003, 0.4), 5), CHAINS[chain].native, t);
      alt.funded.set(chain, t);
      if (!alt.chains.includes(chain)) alt.chains.push(chain);
      alt.from = t;
      if (r.chance(0.4)) {
        const back = humanTime(r, t + DAY, END, main.tz);
        w.send(chain, alt.wallet, main.wallet, round(r.logUniform(5, 800), 2), 'USDC', back);
      }
      live(w, ctx.infra, alt);
    }
    live(w, ctx.infra, main);
  }
}

/** `kin`: families and groups of friends. */
export function kin(ctx: LegitContext, target: number): void {
  const { w } = ctx;
  const r = w.rng;
  let made = 0;
  for (let g = 0; made < target; g++) {
    const group = `kin-${g}`;
    const tz = timeZone(r);
    const people: Life[] = [];
    for (let k = r.int(2, 6); k > 0; k--) people.push(ctx.person('kin', group, r.chance(0.65), tz));
    made += people.filter((p) => p.listed).length;
    const payer = people[0];
    for (const p of people.slice(1)) {
      const chain = r.chance(0.5) ? r.pick(CAMPAIGN_CHAINS) : r.pick(payer.chains);
      if (r.chance(0.6)) {
        const t = humanTime(r, START - 120 * DAY, END - 10 * DAY, tz);
        const amount = r.chance(0.5) ? round(r.logUniform(0.005, 0.3), 4) : round(r.logUniform(10, 500), 0);
        ensureFunded(w, ctx.infra, payer, chain, t);
        w.send(chain, payer.wallet, p.wallet, amount, amount < 1 ? CHAINS[chain].native : 'USDC', t);
        // for some it is how they started: their crypto life begins with this payment
        if (r.chance(0.4)) p.from = Math.max(p.from, t);
        if (!p.funded.has(chain)) p.funded.set(chain, t);
        if (!p.chains.includes(chain)) p.chains.push(chain);
      }
      for (let k = r.int(0, 3); k > 0; k--) {
        const other = r.pick(people);
        if (other === p) continue;
        const t = humanTime(r, Math.max(p.from, START - 60 * DAY), END, tz);
        ensureFunded(w, ctx.infra, p, chain, t);
        w.send(chain, p.wallet, other.wallet, round(r.logUniform(8, 300), 2), 'USDC', t);
      }
    }
    for (const p of people) live(w, ctx.infra, p);
  }
}

/**
 * Legitimate people paid by organisations in the third blind world, many in one transaction:
 * - `payroll`: DAO contributors paid monthly by a multisig through a multi-send (one transaction pays everyone, round
 *   stablecoin salaries, often the same figure); the treasury tops the multisig up before each payday;
 * - `grantee`: a grant round's payout contract pays 150-400 recipients in a few batch transactions;
 * - `quester`: a quest platform pays the same small reward to 60-250 people in one transaction every week, farm
 *   wallets that do quests among them.
 * Most people paid are not on the campaign list.
 */
import { CHAINS, type ChainName, DAY, END, HOUR, START, round } from './chains.ts';
import type { Dated, LegitContext } from './legit-context.ts';
import { live, type Life } from './life.ts';

const SALARIES = [1500, 2000, 2500, 3000, 4000, 5000, 5000, 6000, 7500, 8000, 10000, 12000];

/** `payroll`: contributors of DAOs paid by multi-send from a multisig. */
export function payroll(ctx: LegitContext, target: number): void {
  const { w } = ctx;
  const r = w.rng;
  let made = 0;
  for (let g = 0; made < target; g++) {
    const chain = r.pick<ChainName>(['arbitrum', 'optimism', 'polygon', 'ethereum', 'base']);
    const safe = w.address();
    const treasury = w.address();
    const listedShare = r.range(0.25, 0.55);
    const staff: Array<{ life: Life; salary: number }> = [];
    for (let k = r.int(12, 45); k > 0; k--) {
      const life = ctx.person('payroll', `payroll-${g}`, r.chance(listedShare));
      made += life.listed ? 1 : 0;
      staff.push({ life, salary: r.pick(SALARIES) });
    }
    const payday = r.int(1, 27);
    for (let m = -2; m < 6; m++) {
      const t = START + m * 30 * DAY + payday * DAY + r.int(13, 19) * HOUR;
      const total = staff.reduce((s, x) => s + x.salary, 0);
      w.send(chain, treasury, safe, total, 'USDC', t - r.int(1, 3) * DAY);
      const tx = w.newTx();
      for (const s of staff) {
        const bonus = r.chance(0.1) ? r.pick([500, 1000]) : 0;
        w.send(chain, safe, s.life.wallet, s.salary + bonus, 'USDC', t, tx);
        if (!s.life.funded.has(chain) && chain !== 'polygon') s.life.funded.set(chain, t);
      }
    }
    for (const s of staff) {
      if (s.life.funded.has(chain) && !s.life.chains.includes(chain)) s.life.chains.push(chain);
      live(w, ctx.infra, s.life);
    }
  }
}

/** `grantee`: recipients of grant rounds. */
export function grantee(ctx: LegitContext, target: number): void {
  const { w } = ctx;
  const r = w.rng;
  const rounds = Math.max(1, Math.ceil(target / 70));
  for (let g = 0; g < rounds; g++) {
    const chain = r.pick<ChainName>(['optimism', 'arbitrum', 'base']);
    const payout = w.address();
    if (r.chance(0.5)) w.label(payout, 'grants');
    const perRound = Math.ceil(target / rounds);
    const recipients = Math.max(r.int(150, 400), perRound * 2);
    const marks = r.shuffle(Array.from({ length: recipients }, (_, i) => i < perRound));
    const t = START + r.int(20, 170) * DAY + r.int(14, 20) * HOUR;
    let tx = w.newTx();
    for (let i = 0; i < recipients; i++) {
      if (i % 100 === 99) tx = w.newTx();
      const amount = round(r.logUniform(30, 20000), 2);
      if (!marks[i]) {
        w.send(chain, payout, w.address(), amount, 'USDC', t + Math.floor(i / 100) * 60, tx);
        continue;
      }
      const life = ctx.person('grantee', `grant-${g}`, true);
      w.send(chain, payout, life.wallet, amount, 'USDC', t + Math.floor(i / 100) * 60, tx);
      live(w, ctx.infra, life);
    }
  }
}

/**
 * `quester`: people who do quests; `farmQuesters` are farm wallets that do them too. Returns nothing: the weekly
 * batches are the ties.
 */
export function quester(ctx: LegitContext, target: number, farmQuesters: Dated[]): void {
  const { w } = ctx;
  const r = w.rng;
  const chain = r.pick<ChainName>(['base', 'arbitrum']);
  const distributor = w.address();
  if (r.chance(0.4)) w.label(distributor, 'quests');
  const people: Dated[] = [...farmQuesters];
  for (let i = 0; i < target; i++) {
    const life = ctx.person('quester', 'quests', true);
    live(w, ctx.infra, life);
    people.push({ address: life.wallet, since: Math.min(...life.funded.values()) });
  }
  for (let i = Math.round(target * r.range(1.5, 3)); i > 0; i--) people.push({ address: w.address(), since: 0 });
  const reward = r.pick([0.0002, 0.0003, 0.0005]);
  for (let t = START + r.int(0, 6) * DAY + 15 * HOUR; t < END; t += 7 * DAY) {
    const tx = w.newTx();
    const winners = r.sample(
      people.filter((p) => p.since < t),
      r.int(60, 250),
    );
    for (const p of winners) w.send(chain, distributor, p.address, reward, CHAINS[chain].native, t, tx);
  }
}

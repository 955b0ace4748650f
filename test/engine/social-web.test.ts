/**
 * With block times, a cluster tied only by its members' payments to one another is narrow when fewer than
 * `transferWebMin` of its own wallets are in its web (engine/evidence/breadth.ts evidenceBreadth `inside`): families
 * whose members also paid a friend in the next family once join one web of hundreds of wallets, as a campaign's
 * social graph does, and that web says nothing about how broad one family's ties are.
 */
import t from 'tap';
import { actionFor, analyze, createEnginePool } from '../../engine/index.ts';
import { evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const T0 = 1_700_000_000;
const DAY = 86_400;
const FAMILIES = 150;
const MEMBERS = 4;

/** Families: an unlisted elder pays each member on a different day, members pay one another, each has a shop. */
function families(): { wallets: string[]; rows: TimedRow[] } {
  const wallets: string[] = [];
  const rows: TimedRow[] = [];
  const member = (f: number, m: number): string => evm(`family-${f}-${m}`);
  for (let f = 0; f < FAMILIES; f++) {
    const elder = evm(`family-${f}-elder`);
    for (let m = 0; m < MEMBERS; m++) {
      const w = member(f, m);
      wallets.push(w);
      rows.push([elder, w, T0 + (f * 7 + m * 5) * DAY + 3_600 * m, 0.2 + m / 10 + f / 1000]);
      rows.push([w, member(f, (m + 1) % MEMBERS), T0 + (f * 7 + m * 5 + 20) * DAY, 0.03 + m / 100]);
      rows.push([w, evm(`family-${f}-${m}-shop`), T0 + (f * 3 + m * 11 + 40) * DAY, 0.05 + f / 10_000]);
    }
    // once, a member pays a friend in the next family: every family ends in one web
    rows.push([member(f, 0), member((f + 1) % FAMILIES, 2), T0 + (f * 2 + 90) * DAY, 0.011 + f / 100_000]);
  }
  rows.sort((a, b) => a[2] - b[2]);
  return { wallets, rows };
}

t.test('families joined into one web by one-off payments are not flagged', async (t) => {
  const { wallets, rows } = families();
  const res = await analyze(timedInput(wallets, rows), { mode: 'onchain', preset: 'balanced', pool });
  const clustered = res.wallets.filter((w) => w.clusterLabel !== null).length;
  t.ok(clustered > wallets.length / 2, `most members are in family clusters (${clustered} of ${wallets.length})`);
  const flagged = res.wallets.filter((w) => actionFor('balanced', w.riskScore) !== 'approve');
  t.equal(flagged.length, 0, `none flagged (highest risk ${Math.max(...res.wallets.map((w) => w.riskScore))})`);
});

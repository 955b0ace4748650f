/**
 * With block times, payments among listed wallets at unrelated times are what people who know each other make: a
 * wallet that no evidence of concerted action names (engine/evidence/collect.ts Evidence.concerted) is never
 * rejected, even in a cluster whose farm is; the farm's wallets, paid in one batch, still are.
 */
import t from 'tap';
import { analyze, createEnginePool, PRESET_THRESHOLDS } from '../../engine/index.ts';
import { batchRingFarm, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const T0 = 1_700_000_000;
const DAY = 86_400;
const { reject } = PRESET_THRESHOLDS.balanced;

t.test("people who paid a farm's wallets now and then are not rejected with the farm", async (t) => {
  const { farm, rows } = batchRingFarm('social', T0);
  // eight people, each paid by a farm wallet or paying one, weeks apart (an OTC trade, an NFT sale), and each other
  const people = Array.from({ length: 8 }, (_, i) => evm(`social-person-${i}`));
  people.forEach((p, i) => {
    rows.push([evm(`social-own-${i}`), p, T0 - 30 * DAY + i * DAY, 0.5 + i / 10]);
    for (let k = 0; k < 3; k++) {
      const f = farm[(2 * i + 5 * k) % farm.length];
      const time = T0 + (10 + 3 * i + 7 * k) * DAY;
      rows.push(k % 2 ? [f, p, time, 0.3 + i / 100] : [p, f, time, 0.2 + k / 100]);
    }
    for (let k = 0; k < 4; k++)
      rows.push([p, people[(i + 1) % people.length], T0 + (40 + 4 * i + 9 * k) * DAY, 0.05 + i / 1000 + k / 100]);
  });
  rows.sort((a, b) => a[2] - b[2]);
  const res = await analyze(timedInput([...farm, ...people], rows), { mode: 'onchain', preset: 'balanced', pool });
  const risk = new Map(res.wallets.map((w) => [w.address, w.riskScore]));
  t.ok(
    farm.every((w) => risk.get(w)! >= reject),
    'every farm wallet is rejected',
  );
  const farmCluster = res.wallets.find((w) => w.address === farm[0])!.clusterLabel;
  const inFarm = res.wallets.filter((w) => people.includes(w.address) && w.clusterLabel === farmCluster);
  t.ok(inFarm.length > 0, `people in the farm's cluster (${inFarm.length})`);
  const worst = Math.max(...people.map((p) => risk.get(p)!));
  t.ok(worst < reject, `no person is rejected (highest risk ${worst})`);
  const reasons = res.wallets.find((w) => w.address === people[0])!.reasons;
  t.ok(
    reasons.some((r) => r.startsWith('no batch, run, sweep or lockstep of its own')),
    'the reason says why',
  );
});

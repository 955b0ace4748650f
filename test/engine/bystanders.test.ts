/**
 * Clusters that do not swallow bystanders: in a cluster whose members act in concert (a batch), a wallet tied to it
 * only by payments (direct transfers and the web they form) lends `narrowFactor` of the cluster's support
 * (engine/analyze.ts `bystander`), and a funding chain names its first member too (engine/evidence/collect.ts), so
 * a chain's head is no bystander.
 */
import t, { type Test } from 'tap';
import { actionFor, analyze, createEnginePool } from '../../engine/index.ts';
import { batchRingFarm, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const T0 = 1_700_000_000;
const HOUR = 3_600;
const DAY = 86_400;

/** Analyses a farm and people in one campaign: each wallet's balanced action, the people in the farm's cluster. */
async function farmAndPeople(t: Test, farm: string[], people: string[], rows: TimedRow[]) {
  rows.sort((a, b) => a[2] - b[2]);
  const res = await analyze(timedInput([...farm, ...people], rows), { mode: 'onchain', preset: 'balanced', pool });
  const action = new Map(res.wallets.map((w) => [w.address, actionFor('balanced', w.riskScore)]));
  t.ok(
    farm.every((w) => action.get(w) !== 'approve'),
    'every farm wallet is flagged',
  );
  const farmCluster = res.wallets.find((w) => w.address === farm[0])!.clusterLabel;
  return { action, inFarm: res.wallets.filter((w) => people.includes(w.address) && w.clusterLabel === farmCluster) };
}

t.test("people who once traded with a farm's wallets are not flagged with it", async (t) => {
  const { farm, rows } = batchRingFarm('bystander', T0);
  // twelve people, each with an exchange withdrawal of its own, trading once with a farm wallet and paying a friend
  const people = Array.from({ length: 12 }, (_, i) => evm(`bystander-person-${i}`));
  people.forEach((p, i) => {
    rows.push([evm(`bystander-own-${i}`), p, T0 - 30 * DAY + i * DAY, 0.5 + i / 10]);
    const f = farm[(3 * i) % farm.length];
    const time = T0 + (10 + 3 * i) * DAY;
    rows.push(i % 2 ? [f, p, time, 0.3 + i / 100] : [p, f, time, 0.2 + i / 100]);
    rows.push([p, people[(i + 1) % people.length], T0 + (40 + 4 * i) * DAY, 0.05 + i / 1000]);
  });
  const { action, inFarm } = await farmAndPeople(t, farm, people, rows);
  t.ok(inFarm.length > 0, `people in the farm's cluster (${inFarm.length})`);
  const flagged = people.filter((p) => action.get(p) !== 'approve');
  t.same(flagged, [], 'no person is flagged');
  t.ok(
    inFarm[0].reasons.some((r) => r.startsWith('tied to the cluster only by payments')),
    'the reason says why',
  );
});

t.test('a funding chain passed through names its head: the head acts in concert', async (t) => {
  const chain = Array.from({ length: 8 }, (_, i) => evm(`bystander-chain-${i}`));
  const rows: TimedRow[] = [[evm('bystander-chain-operator'), chain[0], T0, 1]];
  chain.slice(1).forEach((w, i) => rows.push([chain[i], w, T0 + (i + 1) * HOUR, 1 - (i + 1) / 20]));
  const res = await analyze(timedInput(chain, rows), { mode: 'onchain', preset: 'balanced', pool });
  const head = res.wallets.find((w) => w.address === chain[0])!;
  t.ok(
    head.reasons.some((r) => r.startsWith('named by:') && r.includes('a chain of first fundings')),
    `the head is named by the chain (${head.reasons.join(' | ')})`,
  );
  t.notOk(
    head.reasons.some((r) => r.startsWith('no batch, run, sweep or lockstep')),
    'and acts in concert',
  );
});

t.test('people who share a funder and once traded with a farm are bystanders too', async (t) => {
  const { farm, rows } = batchRingFarm('shared-funder', T0);
  // twelve people first funded by one unlabelled sender at unrelated times (a faucet, a friend's payouts), each
  // trading once with a farm wallet
  const funder = evm('shared-funder-sender');
  const people = Array.from({ length: 12 }, (_, i) => evm(`shared-funder-person-${i}`));
  people.forEach((p, i) => {
    rows.push([funder, p, T0 - 30 * DAY + i * 2 * DAY + i * HOUR, 0.05 + i / 100]);
    const f = farm[(3 * i) % farm.length];
    const time = T0 + (10 + 3 * i) * DAY;
    rows.push(i % 2 ? [f, p, time, 0.3 + i / 100] : [p, f, time, 0.2 + i / 100]);
  });
  const { action, inFarm } = await farmAndPeople(t, farm, people, rows);
  t.ok(
    inFarm.some((w) => w.reasons.some((r) => r.includes('a funder shared with other members'))),
    `people in the farm's cluster, named by their shared funder (${inFarm.length})`,
  );
  t.same(
    people.filter((p) => action.get(p) !== 'approve'),
    [],
    'no person is flagged',
  );
});

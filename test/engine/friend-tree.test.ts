/**
 * Friends who pay friends are no funding tree (engine/evidence/timed-funding.ts `treeRuns`): a listed wallet that
 * first funded another one days after it had its own funds is a person paying a friend, not a tree's intermediate; a
 * farm's tree passes its funds on within the day, or through addresses that are not in the campaign.
 */
import t from 'tap';
import { analyze, createEnginePool } from '../../engine/index.ts';
import { actionCounts, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const T0 = 1_700_000_000;
const HOUR = 3_600;
const DAY = 86_400;

t.test(
  'a friend who onboards friends weeks later makes no tree; a root passing funds within the day does',
  async (t) => {
    const rows: TimedRow[] = [];
    // people: one person pays three friends over a week; each of them, weeks later, pays two friends their first funds
    const root = evm('friend-tree-root');
    const friends = Array.from({ length: 3 }, (_, i) => evm(`friend-tree-friend-${i}`));
    const theirs = Array.from({ length: 6 }, (_, i) => evm(`friend-tree-second-${i}`));
    friends.forEach((f, i) => {
      rows.push([root, f, T0 + i * 2 * DAY, 0.1 + i / 50]);
      for (let j = 0; j < 2; j++) rows.push([f, theirs[2 * i + j], T0 + (20 + 9 * i + 3 * j) * DAY, 0.03 + j / 100]);
    });
    // a farm: its root pays three fresh addresses, each paying on two listed wallets within hours
    const farmRoot = evm('friend-tree-farm-root');
    const farm = Array.from({ length: 6 }, (_, i) => evm(`friend-tree-farm-${i}`));
    for (let i = 0; i < 3; i++) {
      const hop = evm(`friend-tree-farm-hop-${i}`);
      rows.push([farmRoot, hop, T0 + i * 2 * DAY, 0.2 + i / 50]);
      for (let j = 0; j < 2; j++) rows.push([hop, farm[2 * i + j], T0 + i * 2 * DAY + (2 + j) * HOUR, 0.09 + j / 100]);
    }
    rows.sort((a, b) => a[2] - b[2]);
    const people = [...friends, ...theirs];
    const res = await analyze(timedInput([...people, ...farm], rows), { mode: 'onchain', preset: 'balanced', pool });
    const named = (w: string, kind: string) =>
      res.clusters.some((c) => c.evidence.some((e) => e.kind === kind && e.addresses.includes(w)));
    t.notOk(
      theirs.some((w) => named(w, 'funding_tree')),
      'no friend of a friend is named by a funding tree',
    );
    t.equal(actionCounts(res, people).approve, people.length, 'every person is approved');
    t.ok(
      farm.every((w) => named(w, 'funding_tree')),
      "the farm's wallets are named by its tree",
    );
  },
);

/** The chain and asset ids the engine gets (src/analyses/transfer-units.ts). */
import t from 'tap';
import { transferUnits } from '../../src/analyses/transfer-units.ts';

t.test('one chain and no asset: nothing to tell apart, no arrays', async (t) => {
  const u = transferUnits();
  u.add('ethereum', null);
  u.add('ethereum', '');
  t.same(u.arrays(), {});
});

t.test('chains and assets become ids; assets compare case-insensitively, unknown is 0', async (t) => {
  const u = transferUnits();
  for (const [c, a] of [
    ['ethereum', 'USDC'],
    ['optimism', 'usdc'],
    ['ethereum', 'DAI'],
    ['optimism', null],
  ] as const)
    u.add(c, a);
  const { chain, asset } = u.arrays();
  t.same([...chain!], [0, 1, 0, 1]);
  t.same([...asset!], [1, 1, 2, 0]);
});

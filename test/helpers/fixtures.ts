/** Small deterministic on-chain fixtures: a planted fan-out cluster, a hub, and independent wallets. */
import { createHash } from 'node:crypto';
import { insertLabels, insertTransfers, type TransferRecord } from '../../storage/repos/transfers-repo.ts';
import type { Store } from '../../storage/store.ts';

/** A deterministic lower-case EVM address from a seed string. */
export const evm = (seed: string): string => '0x' + createHash('sha256').update(seed).digest('hex').slice(0, 40);

export interface PlantedFixture {
  funder: string;
  sybils: string[];
  hub: string;
  independents: string[];
  wallets: string[];
}

/**
 * 10 Sybil wallets funded by one funder and sending to each other in a ring, 10 independent wallets that only
 * touch a labelled exchange hub (which also touches the Sybils).
 */
export async function plantCluster(store: Store, tag = 'a'): Promise<PlantedFixture> {
  const funder = evm(`funder-${tag}`);
  const hub = evm(`hub-${tag}`);
  const sybils = Array.from({ length: 10 }, (_, i) => evm(`sybil-${tag}-${i}`));
  const independents = Array.from({ length: 10 }, (_, i) => evm(`indep-${tag}-${i}`));
  const rows: TransferRecord[] = [];
  let n = 0;
  const add = (from: string, to: string, t: number, amount = '1'): void => {
    rows.push({
      chain: 'ethereum',
      from,
      to,
      txHash: null,
      blockTime: t,
      amount,
      asset: 'ETH',
      source: 'test',
      dedupKey: `${tag}-${n++}`,
    });
  };
  sybils.forEach((s, i) => add(funder, s, 1_700_000_000 + i * 60));
  sybils.forEach((s, i) => add(s, sybils[(i + 1) % sybils.length], 1_700_100_000 + i * 60));
  // the exchange pays its users hours apart and different amounts, as withdrawals of unrelated users are
  for (const w of [...sybils, ...independents]) add(hub, w, 1_690_000_000 + n * 7_919, (1 + n * 0.37).toFixed(2));
  independents.forEach((w, i) => add(w, evm(`shop-${tag}-${i}`), 1_700_200_000 + i));
  await insertTransfers(store.db, rows);
  await insertLabels(store.db, [
    { chain: 'ethereum', address: hub, list: 'exchange', kind: 'infrastructure', source: 'test' },
  ]);
  return { funder, sybils, hub, independents, wallets: [...sybils, ...independents] };
}

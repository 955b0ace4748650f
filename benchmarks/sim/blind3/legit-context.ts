/** What the legitimate patterns of the third blind world share while they are made. */
import type { TruthRow } from '../campaign-sim.ts';
import type { Infra } from './infra.ts';
import { type Life, newLife } from './life.ts';
import type { World } from './world.ts';

/** An address and the time from which it has money (nobody deals with it before). */
export interface Dated {
  address: string;
  since: number;
}

export interface LegitContext {
  w: World;
  infra: Infra;
  /** Listed legitimate people made so far. */
  pool: Life[];
  /** Listed farm wallets and the farms' funders, for legitimate people who deal with a farm. */
  farmWallets: Dated[];
  farmFunders: Dated[];
  /** A new person's wallet and life (listed: put on the campaign list with `pattern` as its truth). */
  person: (pattern: string, group: string, listed: boolean, tz?: number) => Life;
}

export function legitContext(w: World, infra: Infra, farmWallets: Dated[], farmFunders: Dated[]): LegitContext {
  const pool: Life[] = [];
  const person = (pattern: string, group: string, listed: boolean, tz?: number): Life => {
    const life = newLife(w, infra, w.address(), listed);
    if (tz !== undefined) life.tz = tz;
    if (listed) {
      w.enlist(life.wallet, 'legit' satisfies TruthRow['role'], pattern, group);
      pool.push(life);
    }
    return life;
  };
  return { w, infra, pool, farmWallets, farmFunders, person };
}

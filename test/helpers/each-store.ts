/** Runs a suite once per adapter: the embedded store always, PostgreSQL when reachable (always under CI). */
import type { Test } from 'tap';
import { embeddedFactory, postgresFactory, type StoreFactory } from './stores.ts';

export async function eachStore(
  t: Test,
  label: string,
  suite: (t: Test, factory: StoreFactory) => void,
): Promise<void> {
  const factories: StoreFactory[] = [embeddedFactory()];
  const pgf = await postgresFactory(label);
  if (pgf) factories.push(pgf);
  for (const f of factories) {
    t.teardown(() => f.cleanup());
    t.test(f.name, async (t) => suite(t, f));
  }
}

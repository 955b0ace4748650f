/** Server settings kept in storage (for example the cursor signing secret generated on first start). */
import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';

/** Returns the stored value, or stores `make()` when absent (first writer wins across processes). */
export async function getOrCreateSetting(db: Kysely<Database>, key: string, make: () => string): Promise<string> {
  await db
    .insertInto('server_settings')
    .values({ key, value: make() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const r = await db.selectFrom('server_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return r.value;
}

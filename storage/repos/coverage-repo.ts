/** Which wallets have any stored transfer (imported or fetched) in their chain family: the 202's coverage check. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.ts';

export async function walletsWithStoredTransfers(
  db: Kysely<Database>,
  family: 'evm' | 'solana',
  addresses: string[],
): Promise<Set<string>> {
  const chain = family === 'solana' ? sql`chain = 'solana'` : sql`chain <> 'solana'`;
  const out = new Set<string>();
  for (let i = 0; i < addresses.length; i += 20000) {
    const part = addresses.slice(i, i + 20000);
    const r = await sql<{ address: string }>`
      select from_address as address from transfers where ${chain} and from_address = any(${part}::text[])
      union
      select to_address as address from transfers where ${chain} and to_address = any(${part}::text[])`.execute(db);
    for (const row of r.rows) out.add(row.address);
  }
  return out;
}

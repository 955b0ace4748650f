/**
 * What an import of the campaign list would load from the third blind world (docs/blind-campaigns-3.md, "What the
 * engine sees"): every transfer touching a listed wallet; every outgoing transfer of an address that paid a listed
 * wallet (so a payer's fan-out to people off the list shows); the incoming transfers of such a payer when it paid at
 * most 500 addresses (a funder's own funding, a tree's intermediaries), not those of a busy hot wallet; and every
 * other transfer of a transaction loaded (the funder's payment into a Disperse-style contract, a whole batch).
 */
import type { ChainTransfer, World } from './world.ts';

const SMALL_PAYER = 500;

export function importView(w: World): ChainTransfer[] {
  const payers = new Set<string>();
  for (const x of w.transfers) if (w.listed.has(x.to) && !w.listed.has(x.from)) payers.add(x.from);
  const recipients = new Map<string, Set<string>>();
  for (const x of w.transfers) {
    if (!payers.has(x.from)) continue;
    let s = recipients.get(x.from);
    if (!s) recipients.set(x.from, (s = new Set()));
    s.add(x.to);
  }
  const small = (a: string): boolean => payers.has(a) && recipients.get(a)!.size <= SMALL_PAYER;
  const seen = (x: ChainTransfer): boolean =>
    w.listed.has(x.from) || w.listed.has(x.to) || payers.has(x.from) || small(x.to);
  const txs = new Set<number>();
  for (const x of w.transfers) if (seen(x)) txs.add(x.tx);
  return w.transfers.filter((x) => txs.has(x.tx));
}

/**
 * Cluster labels from the addresses as bytes (engine/cluster-label.ts: sorted on a pool thread, hashed on the main
 * thread) are the labels of the strings.
 */
import t from 'tap';
import { addressBytes, clusterLabel, hashSorted, labelOfHashes, sortByAddress } from '../../engine/cluster-label.ts';
import { seededRng } from '../../engine/rng.ts';

t.test('200 random clusters of up to 40 addresses: the same label from bytes as from strings', async (t) => {
  const r = seededRng(7);
  const chars = '0123456789abcdefABCDEF_x';
  // varied lengths and shared prefixes: the order of a prefix before a longer address matters
  const word = (): string =>
    Array.from({ length: 1 + Math.floor(r() * 6) }, () => chars[Math.floor(r() * chars.length)]).join('');
  const all = [...new Set(Array.from({ length: 3000 }, () => (r() < 0.5 ? '0x' : '') + word() + word()))];
  const bytes = addressBytes(all);
  t.ok(bytes, 'ASCII addresses as bytes');
  let same = 0;
  for (let k = 0; k < 200; k++) {
    const nodes = Uint32Array.from({ length: 2 + Math.floor(r() * 39) }, () => Math.floor(r() * all.length));
    const distinct = Uint32Array.from(new Set(nodes));
    sortByAddress(bytes!, distinct, 0, distinct.length);
    // members: every other node (a member filter as decide's own-evidence check)
    const member = (u: number): boolean => u % 2 === 0;
    const members = [...distinct].filter(member);
    const hashes = new Uint32Array(4);
    hashSorted(bytes!, distinct, 0, distinct.length, members.length, member, hashes, 0);
    hashSorted(bytes!, distinct, 0, distinct.length, distinct.length, null, hashes, 1);
    if (
      labelOfHashes(hashes, 0) === clusterLabel(members.map((u) => all[u])) &&
      labelOfHashes(hashes, 1) === clusterLabel([...distinct].map((u) => all[u]))
    )
      same++;
  }
  t.equal(same, 200, 'every label equal, of the members and of all nodes');
});

t.test('sorted by address as the strings sort, small and large ranges, long shared prefixes', async (t) => {
  const r = seededRng(9);
  const chars = '0123456789abcdef';
  const word = (n: number): string => Array.from({ length: n }, () => chars[Math.floor(r() * chars.length)]).join('');
  // prefixes longer than the sort key, prefixes of one another, and short addresses
  const prefixes = ['0x', '0xabcdef01', '0xabcdef0', 'So1ana', ''];
  const all = [
    ...new Set(
      Array.from({ length: 5000 }, () => prefixes[Math.floor(r() * prefixes.length)] + word(Math.floor(r() * 9))),
    ),
  ];
  const bytes = addressBytes(all)!;
  let same = 0;
  const sizes = [1, 2, 3, 17, 64, 65, 100, 300];
  for (const size of sizes)
    for (let k = 0; k < 20; k++) {
      const nodes = Uint32Array.from(new Set(Array.from({ length: size }, () => Math.floor(r() * all.length))));
      // in a larger array, away from its start: only the range is sorted
      const within = new Uint32Array(nodes.length + 4).fill(7);
      within.set(nodes, 2);
      sortByAddress(bytes, within, 2, 2 + nodes.length);
      const expected = [...nodes].map((u) => all[u]).sort();
      if (
        [...within.subarray(2, 2 + nodes.length)].map((u) => all[u]).join() === expected.join() &&
        within[0] === 7 &&
        within[within.length - 1] === 7
      )
        same++;
    }
  t.equal(same, sizes.length * 20, 'every range in string order');
});

t.test('sorted by address when a whole range shares a long prefix, and ties on the key after it', async (t) => {
  const r = seededRng(11);
  const chars = '0123456789abcdef';
  const word = (n: number): string => Array.from({ length: n }, () => chars[Math.floor(r() * chars.length)]).join('');
  // generated addresses ('0x' + padding + a counter) share most of their bytes; some also share the 6 bytes after
  // the range's common prefix, or are a prefix of another
  const shared = `0x${'a'.repeat(30)}`;
  const tails = ['', '1', '10', '100000', '1000001', '100000a', '10000', 'f'];
  let same = 0;
  for (let k = 0; k < 60; k++) {
    const size = 2 + Math.floor(r() * 90);
    const all = [
      ...new Set(
        Array.from({ length: size }, () => shared + tails[Math.floor(r() * tails.length)] + word(Math.floor(r() * 3))),
      ),
    ];
    const bytes = addressBytes(all)!;
    const nodes = Uint32Array.from(all, (_, i) => i).reverse();
    sortByAddress(bytes, nodes, 0, nodes.length);
    if ([...nodes].map((u) => all[u]).join() === [...all].sort().join()) same++;
  }
  t.equal(same, 60, 'every range in string order');
});

t.test('an address outside ASCII: no bytes (labels from the strings)', async (t) => {
  t.equal(addressBytes(['0xabc', 'wallet-é']), null);
  t.ok(addressBytes(['0xabc', 'wallet-e']));
});

t.test('the prefix every address shares, from which ranges are compared', async (t) => {
  t.equal(addressBytes(['0xabc1', '0xabd2', '0xab'])!.common, 4, 'a prefix of the others');
  t.equal(addressBytes(['0xab12', '0xab13', '0xcd'])!.common, 2);
  t.equal(addressBytes(['x', 'y'])!.common, 0);
  t.equal(addressBytes(['0xabc'])!.common, 5, 'one address: all of it');
  t.equal(addressBytes([])!.common, 0);
});

import t from 'tap';
import { AddressTable, tailHash } from '../../engine/address-index.ts';

t.test('AddressTable: ids of distinct addresses, equal tail hashes told apart, growth keeps every id', async (t) => {
  // the same last 16 characters: the same tail hash, different addresses
  const a = '0x1111' + 'f'.repeat(36) + '0123456789abcdef';
  const b = '0x2222' + 'f'.repeat(36) + '0123456789abcdef';
  t.equal(tailHash(a), tailHash(b));
  const keys = [a, b];
  const table = new AddressTable(keys);
  t.equal(table.get(a), 0);
  t.equal(table.get(b), 1);
  t.equal(table.get('0x3333' + 'f'.repeat(36) + '0123456789abcdef'), undefined);
  const more = Array.from({ length: 5000 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`);
  t.same(
    more.map((m) => table.id(m)),
    more.map((_, i) => 2 + i),
    'new addresses are appended',
  );
  t.equal(keys.length, 5002);
  t.equal(table.id(a), 0, 'a known address keeps its id');
  t.same(
    more.map((m) => table.get(m)),
    more.map((_, i) => 2 + i),
    'every id survives the growth',
  );
  t.equal(table.get(b), 1);
});

t.test('AddressTable: a repeated key points at its last index, as Map.set would', async (t) => {
  const table = new AddressTable(['x', 'y', 'x']);
  t.equal(table.get('x'), 2);
  t.equal(table.get('y'), 1);
  t.equal(table.distinct, false, 'not distinct: an id is not always its index');
  t.equal(new AddressTable(['x', 'y']).distinct, true);
});

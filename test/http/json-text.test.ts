import t from 'tap';
import { objectWithArrayBytes } from '../../src/http/json-text.ts';
import { displayWalletAddressBytes, displayWalletAddresses } from '../../src/results/cluster-views.ts';

const LOWER = '0x52908400098527886e0f7030069857d2e4169ee7';
const OTHER = '0xde709f2102306220921060314715629080e2fb77';

/** Items as the database writes them, with members the address pass must rewrite and members it must leave. */
const ITEMS = [
  `{"walletAddress":"${LOWER}","chain":"Ethereum","reasons":["a"]}`,
  `{"walletAddress":"${OTHER}","note":"\\"walletAddress\\":\\"${LOWER}\\""}`,
  `{"walletAddress":"${LOWER.toUpperCase().replace('0X', '0x')}"}`,
  `{"walletAddress":"${LOWER.slice(0, -1)}"}`,
  `{"walletAddress":"${OTHER}x"}`,
].join(',');

const through = (chain: string, items: string): Buffer =>
  objectWithArrayBytes({ object: 'page' }, 'items', items, { n: 1 }, (text, buf, start, end) =>
    displayWalletAddressBytes(chain)(text, buf, start, end),
  );

t.test('a page built as bytes is JSON.stringify of the same object', async (t) => {
  const items = `${ITEMS},{"reason":"funded by a relayer → mixer, ü"}`;
  const head = { object: 'page', runId: 'r1', note: 'é' };
  const tail = { pagination: { limit: 2, nextCursor: null }, boundaries: ['x'] };
  const built = objectWithArrayBytes(head, 'items', items, tail);
  const expected = JSON.stringify({ ...head, items: JSON.parse(`[${items}]`), ...tail });
  t.equal(built.toString('utf8'), expected);
  t.equal(built.length, Buffer.byteLength(expected));
  t.equal(objectWithArrayBytes({}, 'items', '', {}).toString(), '{"items":[]}');
});

t.test("the items' UTF-8 length as counted elsewhere is used, and a wrong count is measured again", async (t) => {
  const head = { object: 'page' };
  for (const items of [ITEMS, `{"r":"funded → mixer, ü, 𝄞"},${ITEMS}`, '{"r":"ü"}']) {
    const expected = JSON.stringify({ ...head, items: JSON.parse(`[${items}]`), n: 1 });
    const bytes = Buffer.byteLength(items);
    for (const count of [bytes, bytes - 1, bytes + 1, bytes - 2, bytes + 3, 0, 2 * bytes]) {
      const built = objectWithArrayBytes(head, 'items', items, { n: 1 }, undefined, count);
      t.equal(built.toString('utf8'), expected, `count ${count} of ${bytes}`);
      t.equal(built.length, Buffer.byteLength(expected));
    }
  }
});

t.test('the address pass over bytes writes what the text pass writes, ASCII or not', async (t) => {
  for (const items of [ITEMS, `{"reason":"über"},${ITEMS}`, `${ITEMS},{"walletAddress":"${OTHER}","r":"→"}`]) {
    const expected = JSON.stringify({
      object: 'page',
      items: JSON.parse(`[${displayWalletAddresses('Ethereum', items)}]`),
      n: 1,
    });
    t.equal(through('Ethereum', items).toString('utf8'), expected);
    t.not(displayWalletAddresses('Ethereum', items), items, 'some address was checksummed');
  }
  t.ok(through('Ethereum', ITEMS).includes('"walletAddress":"0x52908400098527886E0F7030069857D2E4169EE7"'), 'EIP-55');
  t.equal(
    through('Solana', ITEMS).toString('utf8'),
    JSON.stringify({ object: 'page', items: JSON.parse(`[${ITEMS}]`), n: 1 }),
  );
});

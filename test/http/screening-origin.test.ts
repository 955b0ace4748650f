// Through the real app: a transaction whose requesting site (`origin`) is on a loaded block-list is blocked, the
// finding naming that list and version; the same transaction from a well-known site, or naming none, is allowed.
import t from 'tap';
import { encodeFunctionData } from 'viem';
import { startTestServer } from '../helpers/app.ts';
import { adminCommands } from '../../src/app/admin-commands.ts';
import { parseList } from '../../src/screening/lists/parse-list.ts';
import { TOKEN_ABI } from '../../src/screening/tx/evm-abis.ts';

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const FRIEND = '0x5e7a9b1d2f4e6a8c0b2d4f6a8c1e3b5d7f9a2c3c';

t.test('transaction scans screen their origin with the loaded domain lists', async (t) => {
  const srv = await startTestServer({ background: false });
  t.teardown(() => srv.close());
  const key = await srv.key('sec', 'growth');
  const csv = parseList('csv', 'kind,value,chain,disposition\ndomain,evil-drop.example,,block\n', {
    name: 'ops-blocklist',
    version: '2026-11-01',
  });
  await adminCommands['lists.insert'](srv.store.db, { ...csv });
  const data = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [FRIEND, 10n ** 8n] });
  const scan = (origin?: unknown) =>
    srv.req('POST', '/api/v1/screening/scan', {
      key,
      body: { type: 'transaction', chain: 'ethereum', value: JSON.stringify({ to: USDC, data, origin }) },
    });

  const blocked = await scan('https://app.evil-drop.example/claim');
  t.equal(blocked.status, 200);
  t.equal(blocked.body.verdict, 'block');
  t.ok(
    blocked.body.findings.some(
      (f: any) =>
        f.kind === 'tx.origin_blocklisted' && f.source.name === 'ops-blocklist' && f.source.version === '2026-11-01',
    ),
    'the finding names its list and version',
  );
  t.ok(
    blocked.body.listsUsed.some((l: any) => l.name === 'ops-blocklist'),
    'the domain list is among those used',
  );

  const typo = await scan('https://metamaskk.io');
  t.equal(typo.body.verdict, 'warn', 'a typosquatting site warns');
  t.equal((await scan()).body.verdict, 'allow', 'no origin: the transfer alone');
  t.match(await scan(42), { status: 400, body: { code: 'invalid_transaction', error: /origin/ } });
});

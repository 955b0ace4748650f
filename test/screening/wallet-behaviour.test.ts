import t from 'tap';
import { encodeFunctionData } from 'viem';
import { scanScreening } from '../../src/screening/scan.ts';
import { TOKEN_ABI } from '../../src/screening/tx/evm-abis.ts';
import { NOW, PARTIES as P, startScenario } from '../helpers/screening-chain-scenario.ts';
import { smallKnowledge } from './helpers.ts';

const knowledge = smallKnowledge();
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const BAYC = '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d';

t.test('wallet and transaction scans read behaviour from a chain provider (Etherscan protocol)', async (t) => {
  const { server, source } = await startScenario();
  t.teardown(() => server.close());
  const deps = { knowledge, addressHistory: source, now: () => NOW * 1000 };
  const wallet = (value: string) =>
    scanScreening({ type: 'wallet', chain: 'ethereum', value, walletAddress: P.me }, deps);
  const kinds = (r: { findings: Array<{ kind: string }> }) => r.findings.map((f) => f.kind);

  const drainer = await wallet(P.drainer);
  t.ok(kinds(drainer).includes('wallet.drainer_receiver'));
  t.equal(drainer.verdict, 'warn');
  const swept = await wallet(P.swept);
  t.match(
    swept.findings.find((f) => f.kind === 'wallet.sweeper'),
    { severity: 'high', data: { forwarded: 2 } },
  );
  const look = await wallet(P.lookalike);
  t.match(
    look.findings.find((f) => f.kind === 'wallet.address_poisoning'),
    { data: { counterparty: P.friend } },
  );
  t.equal(look.verdict, 'warn');
  t.equal((await wallet(P.friend)).verdict, 'allow', 'the real counterparty');
  t.equal((await wallet(P.ordinary)).verdict, 'allow');
  t.ok(server.seen.length > 0, 'the provider was asked over HTTP');

  const approve = (spender: string, token = USDC, amount = 10n ** 9n) =>
    scanScreening(
      {
        type: 'transaction',
        chain: 'ethereum',
        walletAddress: P.me,
        value: JSON.stringify({
          to: token,
          data: encodeFunctionData({
            abi: TOKEN_ABI,
            functionName: 'approve',
            args: [spender as `0x${string}`, amount],
          }),
        }),
      },
      deps,
    );
  const fresh = await approve(P.fresh);
  t.ok(kinds(fresh).includes('tx.fresh_spender'), 'a 2-day-old spender');
  const ape = await approve(P.fresh, BAYC, 8817n);
  t.ok(kinds(ape).includes('tx.fresh_spender'), 'one NFT approved to a 2-day-old contract: its spender is checked too');
  t.notOk(kinds(await approve(P.old)).includes('tx.fresh_spender'), 'a year-old spender is not fresh');

  const noChain = await scanScreening({ type: 'wallet', chain: 'evm', value: P.drainer }, deps);
  t.equal(noChain.verdict, 'allow', 'chain `evm` names no provider: lists only');
  server.inject(...Array.from({ length: 20 }, () => ({ status: 500, body: 'down' })));
  const down = await scanScreening({ type: 'wallet', chain: 'ethereum', value: P.ordinary }, deps);
  t.ok(
    down.findings.some((f) => f.kind === 'wallet.history_unavailable'),
    'a failing provider is reported, not a verdict',
  );
  t.equal(down.verdict, 'allow');
});

t.test('a look-alike planted in the user history by a fake token is still a look-alike (twelfth pass)', async (t) => {
  const { server, source } = await startScenario();
  t.teardown(() => server.close());
  const deps = { knowledge, addressHistory: source, now: () => NOW * 1000 };
  const transfer = (to: string) =>
    encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [to as `0x${string}`, 10n ** 8n] });
  const pay = (to: string) =>
    scanScreening(
      {
        type: 'transaction',
        chain: 'ethereum',
        value: JSON.stringify({ to: USDC, data: transfer(to) }),
        walletAddress: P.me,
      },
      deps,
    );
  // the fake "USDC" transfer names the user as sender: it is in the history, but no payment of the user
  const fake = await pay(P.fakeTokenPoisoner);
  t.match(
    fake.findings.find((f) => f.kind === 'tx.address_poisoning'),
    { data: { counterparty: P.friend } },
  );
  t.equal(fake.verdict, 'warn');
  const wallet = await scanScreening(
    { type: 'wallet', chain: 'ethereum', value: P.fakeTokenPoisoner, walletAddress: P.me },
    deps,
  );
  t.ok(
    wallet.findings.some((f) => f.kind === 'wallet.address_poisoning'),
    'the wallet scan says so too',
  );
  const friend2 = await pay(P.friend2);
  t.equal(friend2.verdict, 'allow', 'an address the user paid in USDC is a counterparty');
  t.notOk(friend2.findings.some((f) => f.kind === 'tx.address_poisoning'));
  const friend = await pay(P.friend);
  t.equal(friend.verdict, 'allow', 'the imitated friend is not a look-alike of its imitators');
});

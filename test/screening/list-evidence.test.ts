import t from 'tap';
import { encodeFunctionData, maxUint256, parseAbi } from 'viem';
import { parseList } from '../../src/screening/lists/parse-list.ts';
import { cleanList } from '../../src/screening/lists/clean-list.ts';
import { scanScreening } from '../../src/screening/scan.ts';
import { TOKEN_ABI } from '../../src/screening/tx/evm-abis.ts';
import { SCAM_EVM, smallKnowledge } from './helpers.ts';
import { seaportWethOffer } from '../helpers/screening-requests.ts';

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const ROUTER = '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad';
const ENS_REGISTRAR = '0x57f1887a8bf19b14fc0df6fd9b2acc9af147ea85';
const ME = '0x9999999999999999999999999999999999999999';
const FRIEND = '0x2222222222222222222222222222222222222222';

// a noisy scam-address list as public ones are: real tokens and protocol contracts among scam addresses
const noisyCsv = [
  'kind,value,chain,disposition',
  `address,${USDC},evm,block`,
  `address,${WETH},evm,block`,
  `address,${ROUTER},evm,block`,
  `address,${ENS_REGISTRAR},evm,block`,
  `address,${SCAM_EVM},evm,block`,
  `address,${SCAM_EVM},evm,block`,
  'address,0x0000000000000000000000000000000000000000,evm,block',
  'domain,app.uniswap.org,,block',
].join('\n');
const noisy = parseList('csv', noisyCsv, { name: 'noisy-scam-list' });
const knowledge = smallKnowledge([noisy]);
const scan = (type: 'transaction' | 'token' | 'wallet' | 'url', value: string, walletAddress?: string) =>
  scanScreening({ type, chain: 'ethereum', value, walletAddress }, { knowledge });

t.test(
  'cleanList drops well-known contracts, the zero address, official domains and duplicates, saying why',
  async (t) => {
    const { list, dropped } = cleanList(noisy);
    t.same(
      dropped.map((d) => [d.value, d.reason]),
      [
        [WETH, 'well_known_contract'],
        [ROUTER, 'well_known_contract'],
        [ENS_REGISTRAR, 'well_known_contract'],
        [SCAM_EVM, 'duplicate'],
        ['0x0000000000000000000000000000000000000000', 'null_address'],
        ['app.uniswap.org', 'official_domain'],
      ],
    );
    t.ok(
      list.entries.some((e) => e.value === SCAM_EVM),
      'the real scam entry stays',
    );
    t.ok(
      list.entries.some((e) => e.value === USDC),
      'USDC is dropped only next to a token list (cross-list)',
    );
    t.equal(knowledge.blockedAddress('evm', USDC), null, 'the knowledge drops it against the loaded token list');
    t.match(knowledge.cleaning.dropped['noisy-scam-list'], { well_known_token: 1, well_known_contract: 3 });
  },
);

t.test('no well-known token or protocol contract is blocked; the conflict is a finding', async (t) => {
  const transfer = await scan(
    'transaction',
    JSON.stringify({
      from: ME,
      to: USDC,
      data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [FRIEND, 100_000_000n] }),
    }),
    ME,
  );
  t.equal(transfer.verdict, 'allow', '100 USDC transfer');
  t.ok(transfer.findings.some((f) => f.kind === 'wallet.list_conflict' && f.severity === 'info'));
  const approve = await scan(
    'transaction',
    JSON.stringify({
      to: WETH,
      data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [ROUTER, maxUint256] }),
    }),
  );
  t.equal(approve.verdict, 'allow', 'WETH approve to the Uniswap router');
  const deposit = await scan(
    'transaction',
    JSON.stringify({
      to: WETH,
      value: '0xde0b6b3a7640000',
      data: encodeFunctionData({ abi: parseAbi(['function deposit()']), functionName: 'deposit' }),
    }),
  );
  t.equal(deposit.verdict, 'allow', 'WETH deposit');
  const offer = await scan(
    'transaction',
    JSON.stringify({
      method: 'eth_signTypedData_v4',
      params: [ME, seaportWethOffer(ME, '123')],
    }),
  );
  t.equal(offer.verdict, 'allow', 'benign Seaport offer of WETH for an ENS name');
  t.notOk(offer.findings.some((f) => f.severity === 'critical'));
  const token = await scan('token', USDC);
  t.equal(token.verdict, 'allow', 'token scan of USDC');
  t.same(token.findings.map((f) => f.kind).sort(), ['token.list_conflict', 'token.well_known']);
  const ens = await scan('wallet', ENS_REGISTRAR);
  t.equal(ens.verdict, 'allow');
  t.ok(ens.findings.some((f) => f.kind === 'wallet.list_conflict'));
  const url = await scan('url', 'https://app.uniswap.org/swap');
  t.equal(url.verdict, 'allow', 'a block entry on a brand official domain is dropped');
  const real = await scan('wallet', SCAM_EVM);
  t.equal(real.verdict, 'block', 'the real scam entry still blocks');
});

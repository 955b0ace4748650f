/**
 * Issue 14, the screening gaps left after set 3: an ERC-721 `approve` read as one NFT, EIP-5792 wallet_sendCalls,
 * ERC-7579 `execute(bytes32,bytes)` and Blur's bulk-listing `Root` signature; hostile batches (malformed, huge,
 * nested) end in a finding or invalid_transaction, never a crash.
 */
import t from 'tap';
import {
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  type Hex,
  maxUint256,
  parseAbi,
  parseAbiParameters,
} from 'viem';
import { analyzeTransaction } from '../../src/screening/tx/analyze-transaction.ts';
import { MAX_SCREENED_CALLS } from '../../src/screening/tx/evm-asset-findings.ts';
import type { Finding } from '../../src/screening/finding.ts';
import { decideVerdict } from '../../src/screening/verdict.ts';
import { SCAM_EVM, smallKnowledge } from './helpers.ts';

const k = smallKnowledge();
const ME = '0x9999999999999999999999999999999999999999';
const FRIEND = '0x8888888888888888888888888888888888888888';
const UNKNOWN = '0x1234567890123456789012345678901234567890';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const BAYC = '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d';
const CONDUIT = '0x1e0049783f008a0085193e00003d00cd54003c71';
const BLUR_EXCHANGE = '0x000000000000ad05ccc4f10045630fb830b95127';
const ZERO = '0x0000000000000000000000000000000000000000';

const scan = (doc: object, walletAddress: string | undefined = ME) => {
  const r = analyzeTransaction('evm', JSON.stringify(doc), k, walletAddress, 1);
  return { ...r, kinds: r.findings.map((f) => f.kind), verdict: decideVerdict(r.findings).verdict };
};
const fn = (sig: string, args: unknown[]): Hex => encodeFunctionData({ abi: parseAbi([sig]), args } as never);
const approve = (spender: string, amount: bigint) => fn('function approve(address,uint256)', [spender, amount]);
const transfer = (to: string, amount: bigint) => fn('function transfer(address,uint256)', [to, amount]);
const find = (r: { findings: Finding[] }, kind: string) => r.findings.find((f) => f.kind === kind);

t.test('ERC-721 approve: one NFT to a spender, not an ERC-20 amount', async (t) => {
  const ape = scan({ to: BAYC, data: approve(UNKNOWN, 8817n) });
  t.same(ape.kinds, ['tx.nft_approval']);
  t.equal(ape.verdict, 'warn', 'one ape to an unknown address is a drainer step');
  t.match(find(ape, 'tx.nft_approval')?.message, /one NFT, token #8817 of .*BAYC/);
  t.equal(scan({ to: BAYC, data: approve(CONDUIT, 8817n) }).verdict, 'allow', 'a marketplace conduit is fine');
  t.equal(scan({ to: BAYC, data: approve(SCAM_EVM, 1n) }).verdict, 'block');
  // token #0 exists in collections: on a registry collection 0 is an id, and approving 0x0 is the NFT revoke
  t.same(scan({ to: BAYC, data: approve(UNKNOWN, 0n) }).kinds, ['tx.nft_approval']);
  t.same(scan({ to: BAYC, data: approve(ZERO, 8817n) }).kinds, ['tx.revoke_approval']);
  // a collection whose token ids are hashes (ENS) is no "unlimited allowance"
  const ens = scan({ to: '0x57f1887a8bf19b14fc0df6fd9b2acc9af147ea85', data: approve(UNKNOWN, maxUint256 - 5n) });
  t.same(ens.kinds, ['tx.nft_approval']);
  // an unknown contract: a number under one unit of a 6-decimal token reads as a token id, a larger one as an amount
  const small = scan({ to: FRIEND, data: approve(UNKNOWN, 42n) });
  t.same(small.kinds, ['tx.nft_approval']);
  t.match(find(small, 'tx.nft_approval')?.message, /read as an ERC-721 token id/);
  t.same(scan({ to: FRIEND, data: approve(UNKNOWN, 10n ** 6n) }).kinds, ['tx.token_approval']);
  t.same(scan({ to: FRIEND, data: approve(UNKNOWN, 0n) }).kinds, ['tx.revoke_approval'], 'revoke tools send 0');
  // a token-list ERC-20 keeps the amount reading, however small
  t.same(scan({ to: USDC, data: approve(UNKNOWN, 5n) }).kinds, ['tx.token_approval']);
});

const sendCalls = (calls: object[], extra: object = {}) =>
  scan({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x1', from: ME, calls, ...extra }] });

t.test('EIP-5792 wallet_sendCalls: every call screened, findings name the call', async (t) => {
  const pay = { to: USDC, data: transfer(FRIEND, 5n), value: '0x0' };
  const ok = sendCalls([pay, { to: FRIEND, value: '0x2386f26fc10000' }]);
  t.equal(ok.verdict, 'allow');
  t.equal(ok.kind, 'wallet_sendCalls');
  const hidden = sendCalls([pay, { to: USDC, data: approve(UNKNOWN, maxUint256) }]);
  t.equal(hidden.verdict, 'warn', 'the worst call decides');
  const f = find(hidden, 'tx.token_approval_unlimited');
  t.equal(f?.data?.callIndex, '1');
  t.match(f?.message, /^call 1: /);
  t.equal(sendCalls([pay, { to: USDC, data: approve(SCAM_EVM, 5n) }]).verdict, 'block');
  t.ok(sendCalls([pay], { chainId: '0x89' }).kinds.includes('tx.chain_mismatch'));
  // the params object alone is read the same way
  const bare = scan({ chainId: '0x1', calls: [{ to: USDC, data: approve(UNKNOWN, maxUint256) }] });
  t.equal(bare.verdict, 'warn');
});

t.test('a batch is as risky as its worst call, not the sum of its calls', async (t) => {
  // four limited approvals to spenders no list knows: each one is a warning; summed they were a block
  const spenders = ['0x1111111111111111111111111111111111111112', '0x1111111111111111111111111111111111111113'];
  const four = sendCalls([...spenders, ...spenders].map((s) => ({ to: USDC, data: approve(s, 5n * 10n ** 6n) })));
  t.equal(four.findings.filter((f) => f.severity === 'medium').length, 4);
  t.same(decideVerdict(four.findings), { verdict: 'warn', riskScore: 35 });
  // findings outside the calls still add to the worst call, and a critical call still blocks
  const outside = { ...find(four, 'tx.token_approval')!, data: {} };
  t.equal(decideVerdict([...four.findings, outside]).riskScore, 58);
  t.equal(sendCalls([{ to: USDC, data: approve(SCAM_EVM, 5n) }, { to: FRIEND }]).verdict, 'block');
});

t.test('wallet_sendCalls: malformed calls are invalid_transaction, huge batches warn', async (t) => {
  const bad = (calls: unknown, msg: RegExp) =>
    t.throws(() => sendCalls(calls as object[]), { code: 'invalid_transaction', message: msg });
  bad([], /non-empty array/);
  bad('0x', /non-empty array/);
  bad([null], /calls\[0\] must be an object/);
  bad([{ to: USDC }, { to: USDC, data: 'zz' }], /calls\[1\]: data holds characters that are not hex/);
  bad([{ method: 'wallet_sendCalls', params: [] }], /calls\[0\] must be a call/);
  bad([{ calls: [{ to: USDC }] }], /calls\[0\] must be a call/);
  t.throws(() => scan({ method: 'wallet_sendCalls', params: [] }), { code: 'invalid_transaction' });
  t.throws(() => scan({ method: 'eth_sendTransaction', params: [{ to: USDC }], origin: 5 }), {
    code: 'invalid_transaction',
  });
  const many = sendCalls(Array.from({ length: MAX_SCREENED_CALLS + 50 }, () => ({ to: FRIEND, value: '0x1' })));
  const tooLarge = find(many, 'tx.batch_too_large');
  t.same(tooLarge?.data, { calls: MAX_SCREENED_CALLS + 50, screened: MAX_SCREENED_CALLS });
  t.equal(many.verdict, 'warn', 'calls left unread are not an allow');
});

const MODE = (callType: string, selector = '00000000') =>
  `0x${callType}00${'00'.repeat(4)}${selector}${'00'.repeat(22)}`;
const execute7579 = (mode: string, execution: Hex) => fn('function execute(bytes32,bytes)', [mode, execution]);
const single = (to: string, value: bigint, data: Hex) =>
  encodePacked(['address', 'uint256', 'bytes'], [to as Hex, value, data]);
const batch = (calls: { target: string; value: bigint; callData: Hex }[]) =>
  encodeAbiParameters(parseAbiParameters('(address target, uint256 value, bytes callData)[]'), [calls as never]);

t.test('ERC-7579 execute(bytes32,bytes): single and batch decoded, delegatecall warns', async (t) => {
  const own = (data: Hex) => scan({ to: ME, data });
  const pays = own(execute7579(MODE('00'), single(USDC, 0n, transfer(FRIEND, 5n))));
  t.equal(pays.verdict, 'allow', "a payment from one's own account");
  t.ok(pays.decoded.includes('transfer'));
  const hidden = own(
    execute7579(
      MODE('01'),
      batch([
        { target: USDC, value: 0n, callData: transfer(FRIEND, 5n) },
        { target: USDC, value: 0n, callData: approve(UNKNOWN, maxUint256) },
      ]),
    ),
  );
  t.equal(find(hidden, 'tx.token_approval_unlimited')?.data?.callIndex, '1');
  t.equal(hidden.verdict, 'warn');
  const delegate = own(execute7579(MODE('ff'), encodePacked(['address', 'bytes'], [UNKNOWN, '0x12345678'])));
  t.equal(find(delegate, 'tx.account_delegatecall')?.severity, 'high');
  t.equal(delegate.verdict, 'warn');
  const staticCall = own(execute7579(MODE('fe'), single(USDC, 0n, '0x70a08231')));
  t.equal(staticCall.verdict, 'allow');
  // ERC-7821 batch of batches (mode selector 0x78210002)
  const inner = batch([{ target: USDC, value: 0n, callData: approve(UNKNOWN, maxUint256) }]);
  const nested = own(
    execute7579(MODE('01', '78210002'), encodeAbiParameters(parseAbiParameters('bytes[]'), [[inner]])),
  );
  t.ok(nested.kinds.includes('tx.token_approval_unlimited'));
  // sent to a contract that is not the user's account, the selector vouches for nothing
  const other = scan({ to: UNKNOWN, data: execute7579(MODE('00'), single(USDC, 0n, transfer(FRIEND, 5n))) });
  t.ok(other.kinds.includes('tx.unknown_call'));
});

t.test('ERC-7579: hostile execution data gives findings, never a crash', async (t) => {
  const own = (data: Hex) => scan({ to: ME, data });
  t.ok(own(execute7579(MODE('00'), '0x1234')).kinds.includes('tx.malformed_batch'));
  t.ok(own(execute7579(MODE('01'), '0xdeadbeef')).kinds.includes('tx.malformed_batch'));
  t.equal(own(execute7579(MODE('42'), '0x')).verdict, 'warn', 'an unknown call type');
  t.equal(own(execute7579(MODE('ff'), '0x12')).verdict, 'warn');
  // execute inside execute inside execute ...: depth-capped
  let data = transfer(FRIEND, 5n);
  for (let i = 0; i < 8; i++) data = execute7579(MODE('00'), single(ME, 0n, data));
  const deep = own(data);
  t.ok(deep.kinds.includes('tx.nested_batch'));
  t.equal(deep.verdict, 'warn');
  const wide = own(
    execute7579(
      MODE('01'),
      batch(Array.from({ length: MAX_SCREENED_CALLS + 1 }, () => ({ target: FRIEND, value: 1n, callData: '0x' }))),
    ),
  );
  t.ok(wide.kinds.includes('tx.batch_too_large'));
});

const blurRoot = (origin?: string) =>
  scan({
    method: 'eth_signTypedData_v4',
    params: [
      ME,
      {
        types: { Root: [{ name: 'root', type: 'bytes32' }] },
        primaryType: 'Root',
        domain: { name: 'Blur Exchange', version: '1.0', chainId: 1, verifyingContract: BLUR_EXCHANGE },
        message: { root: `0x${'ab'.repeat(32)}` },
      },
    ],
    ...(origin === undefined ? {} : { origin }),
  });

t.test("Blur bulk-listing Root: Blur's own site allows, any other site warns, a look-alike blocks", async (t) => {
  t.equal(blurRoot('https://blur.io/portfolio').verdict, 'allow');
  t.equal(find(blurRoot('blur.io'), 'tx.bulk_listing_root')?.severity, 'low');
  const elsewhere = blurRoot('https://www.nft-aggregator.com/');
  t.equal(find(elsewhere, 'tx.bulk_listing_root')?.severity, 'high');
  t.equal(elsewhere.verdict, 'warn', 'another site whose name says nothing: a warning');
  // a site whose name the URL scan warns on (tx.origin_suspicious, high) is a second high finding: block
  const lure = blurRoot('https://blur-airdrop.claims/');
  t.equal(find(lure, 'tx.bulk_listing_root')?.severity, 'high');
  t.equal(find(lure, 'tx.origin_suspicious')?.severity, 'high');
  t.equal(lure.verdict, 'block');
  const embedded = blurRoot('https://blur.io.example-claim.com');
  t.equal(find(embedded, 'tx.bulk_listing_root')?.severity, 'high', 'blur.io must be the registrable domain');
  t.equal(find(blurRoot(), 'tx.bulk_listing_root')?.severity, 'medium', 'opaque, site unknown');
  t.throws(() => blurRoot('https://'), { code: 'invalid_transaction', message: /origin/ });
});

import t from 'tap';
import { encodeFunctionData, maxUint256, parseAbi, type Hex } from 'viem';
import { analyzeTransaction } from '../../src/screening/tx/analyze-transaction.ts';
import { PERMIT2_ABI, PERMIT2_ADDRESS, TOKEN_ABI } from '../../src/screening/tx/evm-abis.ts';
import { decideVerdict } from '../../src/screening/verdict.ts';
import { SCAM_EVM, smallKnowledge } from './helpers.ts';

const k = smallKnowledge();
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const UNKNOWN = '0x1234567890123456789012345678901234567890';
const ME = '0x9999999999999999999999999999999999999999';
const SEAPORT = '0x0000000000000068f116a894984e2db1123eb395';
const run = (tx: object, chainId: number | null = null, walletAddress?: string) => {
  const r = analyzeTransaction('evm', JSON.stringify(tx), k, walletAddress, chainId);
  return { ...r, kinds: r.findings.map((f) => f.kind), verdict: decideVerdict(r.findings).verdict };
};
const approveUnknown = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [UNKNOWN, maxUint256] });

t.test('odd encodings are read and scored as evasions, not refused', async (t) => {
  const noZero = run({ to: USDC, data: '0x' + approveUnknown.slice(3) });
  t.ok(noZero.decoded.includes('approve'), 'selector without its leading zero still decodes as approve');
  t.ok(noZero.kinds.includes('tx.nonstandard_encoding'));
  t.equal(noZero.verdict, 'warn', 'unlimited approval to an unknown spender, hidden calldata');
  const canonical = decideVerdict(run({ to: USDC, data: approveUnknown }).findings).riskScore;
  t.ok(decideVerdict(noZero.findings).riskScore > canonical, 'the evasion adds to the risk of the same call');
  const noPrefix = run({ to: USDC.slice(2), data: approveUnknown.slice(2), value: 'de0b6b3a7640000' });
  t.ok(noPrefix.decoded.includes('approve'));
  const odd = noPrefix.findings.find((f) => f.kind === 'tx.nonstandard_encoding');
  t.equal(odd?.severity, 'medium');
  t.equal((odd?.data?.oddities as unknown[] | undefined)?.length, 3, 'to, data and value each reported');
  const tiny = run({ to: USDC, data: '0x1' });
  t.ok(tiny.kinds.includes('tx.short_calldata'));
  t.equal(tiny.verdict, 'warn');
  const intAddress = run({ to: BigInt(SCAM_EVM).toString(), chainId: '0x0001' }, 1);
  t.ok(intAddress.kinds.includes('tx.counterparty_blocklisted'), 'an integer address is the listed address');
  t.notOk(intAddress.kinds.includes('tx.chain_mismatch'), 'a zero-padded chainId is chain 1');
  const plain = run({
    to: USDC,
    data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [ME, 1n] }),
  });
  t.notOk(plain.kinds.includes('tx.nonstandard_encoding'), 'canonical input has no evasion finding');
});

t.test(
  'unknown calls to unknown contracts warn, more when they send value; to known contracts they inform',
  async (t) => {
    const claim = encodeFunctionData({ abi: parseAbi(['function claim()']), functionName: 'claim' });
    const paying = run({ to: UNKNOWN, data: claim, value: '0x4563918244f40000' });
    t.equal(paying.findings.find((f) => f.kind === 'tx.unknown_call')?.severity, 'high');
    t.equal(paying.verdict, 'warn');
    const silent = run({ to: UNKNOWN, data: '0x12345678' });
    t.equal(silent.verdict, 'warn');
    const weth = run({ to: USDC, data: '0x12345678' });
    t.equal(weth.verdict, 'allow', 'a token-list contract is known');
    const router = run({ to: '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad', data: '0x3593564c', value: '1' });
    t.equal(router.verdict, 'allow', 'a registry router is known');
  },
);

t.test('EIP-7702 authorizationList is decoded', async (t) => {
  const one = run({ to: ME, authorizationList: [{ chainId: '0x1', address: UNKNOWN, nonce: '0x0' }] }, 1);
  t.equal(one.findings.find((f) => f.kind === 'tx.eip7702_delegation')?.severity, 'high');
  t.equal(one.verdict, 'warn');
  const everywhere = run({ to: ME, authorizationList: [{ chainId: 0, address: UNKNOWN, nonce: 0 }] });
  t.equal(everywhere.verdict, 'block', 'chainId 0: valid on every chain');
  const listed = run({ to: ME, authorizationList: [{ chainId: 1, address: SCAM_EVM, nonce: 0 }] });
  t.equal(listed.verdict, 'block');
  const other = run({ to: ME, authorizationList: [{ chainId: 8453, address: UNKNOWN, nonce: 0 }] }, 1);
  t.ok(other.kinds.includes('tx.chain_mismatch'));
  t.throws(() => run({ to: ME, authorizationList: {} }), { code: 'invalid_transaction' });
});

t.test('Permit2 batch / witness transfers and ERC-1155 batch transfers are decoded', async (t) => {
  const batch = run(
    {
      to: PERMIT2_ADDRESS,
      data: encodeFunctionData({
        abi: PERMIT2_ABI,
        functionName: 'permitTransferFrom',
        args: [
          {
            permitted: [
              { token: USDC, amount: 5n },
              { token: UNKNOWN, amount: 7n },
            ],
            nonce: 1n,
            deadline: 2n,
          },
          [
            { to: SCAM_EVM, requestedAmount: 5n },
            { to: SCAM_EVM, requestedAmount: 7n },
          ],
          ME,
          '0x12',
        ],
      }),
    },
    null,
    ME,
  );
  t.ok(batch.kinds.includes('tx.permit2_transfer'));
  t.equal(batch.verdict, 'block');
  const witness = run({
    to: PERMIT2_ADDRESS,
    data: encodeFunctionData({
      abi: PERMIT2_ABI,
      functionName: 'permitWitnessTransferFrom',
      args: [
        { permitted: { token: USDC, amount: 5n }, nonce: 1n, deadline: 2n },
        { to: UNKNOWN, requestedAmount: 5n },
        ME,
        ('0x' + '00'.repeat(32)) as Hex,
        'Order witness)',
        '0x12',
      ],
    }),
  });
  t.ok(witness.decoded.includes('permitWitnessTransferFrom'));
  t.equal(witness.verdict, 'warn');
  const ids = [1n, 2n, 3n, 4n, 5n, 6n];
  const sweep = run(
    {
      to: UNKNOWN,
      data: encodeFunctionData({
        abi: TOKEN_ABI,
        functionName: 'safeBatchTransferFrom',
        args: [ME, SCAM_EVM, ids, ids, '0x'],
      }),
    },
    null,
    ME,
  );
  t.ok(sweep.kinds.includes('tx.token_batch_transfer'));
  t.equal(sweep.verdict, 'block');
  const own = run(
    {
      to: UNKNOWN,
      data: encodeFunctionData({
        abi: TOKEN_ABI,
        functionName: 'safeBatchTransferFrom',
        args: [ME, '0x2222222222222222222222222222222222222222', [1n], [1n], '0x'],
      }),
    },
    null,
    ME,
  );
  t.equal(own.verdict, 'allow', 'moving one of your own items to a friend');
});

const typed = (primaryType: string, domain: object, message: object, chainId: number | null = null) =>
  run({ method: 'eth_signTypedData_v4', params: [ME, { primaryType, domain, message, types: {} }] }, chainId);

t.test('typed data: Safe delegatecall, Permit2 witness transfers, domain chain id', async (t) => {
  const safeDomain = { chainId: 1, verifyingContract: UNKNOWN };
  const safe = (to: string, operation: number, data = '0x') =>
    typed('SafeTx', safeDomain, { to, value: '0', data, operation, safeTxGas: 0, nonce: 1 }, 1);
  t.equal(safe(UNKNOWN, 1).verdict, 'block', 'delegatecall to unknown code');
  t.equal(safe('0x40a2accbd92bca938b02010e17a5b8929b49130d', 1).verdict, 'allow', 'delegatecall to MultiSendCallOnly');
  t.equal(safe(USDC, 0, approveUnknown).verdict, 'warn', 'a plain call is screened as the Safe would make it');
  const p2 = typed(
    'PermitWitnessTransferFrom',
    { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2_ADDRESS },
    { permitted: { token: USDC, amount: '1000' }, spender: UNKNOWN, nonce: '1', deadline: '2', witness: {} },
    1,
  );
  t.equal(p2.verdict, 'warn');
  const batch = typed(
    'PermitBatchTransferFrom',
    { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2_ADDRESS },
    { permitted: [{ token: USDC, amount: '1' }], spender: SCAM_EVM, nonce: '1', deadline: '2' },
    1,
  );
  t.equal(batch.verdict, 'block');
  const otherChain = typed(
    'OrderComponents',
    { name: 'Seaport', chainId: 137, verifyingContract: SEAPORT },
    {
      offerer: ME,
      offer: [],
      consideration: [{ recipient: ME, startAmount: '1' }],
    },
    1,
  );
  t.ok(otherChain.kinds.includes('tx.typed_data_chain_mismatch'));
  t.equal(otherChain.verdict, 'warn');
});

t.test('typed data sent alone, without its eth_signTypedData envelope, is screened (thirteenth pass)', async (t) => {
  const permit = (spender: string, value: string, chainId: unknown = 1) => ({
    primaryType: 'Permit',
    domain: { name: 'USD Coin', version: '2', chainId, verifyingContract: USDC },
    types: {},
    message: { owner: ME, spender, value, nonce: '0', deadline: '1900000000' },
  });
  const max = `${maxUint256}`;
  const bare = run(permit(UNKNOWN, max), 1, ME);
  t.ok(bare.kinds.includes('tx.permit_signature'));
  t.equal(bare.verdict, 'warn', 'an unlimited permit to an unknown spender, as in its envelope');
  t.same(bare.decoded, ['eth_signTypedData_v4']);
  t.equal(run(permit(UNKNOWN, max)).verdict, 'warn', 'without walletAddress too');
  t.ok(run(permit(UNKNOWN, '1', 137), 1, ME).kinds.includes('tx.typed_data_chain_mismatch'), 'its chainId is checked');
  t.throws(() => run({ primaryType: 'Permit', domain: {} }), { code: 'invalid_transaction' }, 'no message: refused');
});

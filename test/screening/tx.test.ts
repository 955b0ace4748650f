import t from 'tap';
import { encodeFunctionData, maxUint256, type Hex } from 'viem';
import { analyzeTransaction } from '../../src/screening/tx/analyze-transaction.ts';
import { MULTICALL_ABI, PERMIT2_ABI, PERMIT2_ADDRESS, TOKEN_ABI } from '../../src/screening/tx/evm-abis.ts';
import { decideVerdict } from '../../src/screening/verdict.ts';
import { base58Decode, base58Encode } from '../../src/core/address/solana-address.ts';
import { SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../src/screening/tx/solana-findings.ts';
import { SCAM_EVM, SCAM_SOL, smallKnowledge } from './helpers.ts';

const k = smallKnowledge();
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const UNKNOWN = '0x1234567890123456789012345678901234567890';
const ROUTER = '0x68b3465833fb72a70ecdf485e0e4c7bd8665fc45';
const ME = '0x9999999999999999999999999999999999999999';
const evm = (tx: object, walletAddress?: string) => {
  const r = analyzeTransaction('evm', JSON.stringify(tx), k, walletAddress);
  return { ...r, kinds: r.findings.map((f) => f.kind), verdict: decideVerdict(r.findings).verdict };
};

t.test(
  'approve: unlimited to an unknown spender warns, to a listed spender blocks, small to a router allows',
  async (t) => {
    const unlimited = evm({
      to: USDC,
      data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [UNKNOWN, maxUint256] }),
    });
    t.ok(unlimited.kinds.includes('tx.token_approval_unlimited'));
    t.equal(unlimited.verdict, 'warn');
    const scam = evm({
      to: USDC,
      data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [SCAM_EVM, 10n] }),
    });
    t.ok(scam.kinds.includes('tx.counterparty_blocklisted'));
    t.equal(scam.verdict, 'block');
    const fine = evm({
      to: USDC,
      data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [ROUTER, 1000n] }),
    });
    t.equal(fine.verdict, 'allow');
    const inc = evm({
      to: USDC,
      data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'increaseAllowance', args: [UNKNOWN, 2n ** 200n] }),
    });
    t.ok(inc.kinds.includes('tx.token_approval_unlimited'));
  },
);

t.test('setApprovalForAll(true) warns, (false) is a revocation', async (t) => {
  const on = evm({
    to: USDC,
    data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'setApprovalForAll', args: [UNKNOWN, true] }),
  });
  t.ok(on.kinds.includes('tx.nft_operator_approval'));
  t.equal(on.verdict, 'warn');
  const off = evm({
    to: USDC,
    data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'setApprovalForAll', args: [UNKNOWN, false] }),
  });
  t.ok(off.kinds.includes('tx.revoke_operator'));
  t.equal(off.verdict, 'allow');
  const conduit = '0x1e0049783f008a0085193e00003d00cd54003c71';
  const listing = evm({
    to: '0xed5af388653567af2f388e6224dc7c4b3241c544',
    data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'setApprovalForAll', args: [conduit, true] }),
  });
  t.equal(listing.verdict, 'allow', "a collection's approval of OpenSea's conduit (every first listing) is no warning");
  t.match(listing.findings, [{ kind: 'tx.nft_operator_approval', severity: 'low' }]);
});

t.test('EIP-2612 permit call and Permit2 approve / permit / permitTransferFrom', async (t) => {
  const z32 = ('0x' + '11'.repeat(32)) as Hex;
  const permit = evm({
    to: USDC,
    data: encodeFunctionData({
      abi: TOKEN_ABI,
      functionName: 'permit',
      args: [ME, UNKNOWN, maxUint256, 9999999999n, 27, z32, z32],
    }),
  });
  t.ok(permit.kinds.includes('tx.permit_unlimited'));
  const p2a = evm({
    to: PERMIT2_ADDRESS,
    data: encodeFunctionData({
      abi: PERMIT2_ABI,
      functionName: 'approve',
      args: [USDC, UNKNOWN, 2n ** 160n - 1n, 281474976710655],
    }),
  });
  t.ok(p2a.kinds.includes('tx.permit2_approval_unlimited'));
  const single = {
    details: { token: USDC, amount: 2n ** 160n - 1n, expiration: 1, nonce: 0 },
    spender: SCAM_EVM,
    sigDeadline: 1n,
  } as const;
  const p2p = evm({
    to: PERMIT2_ADDRESS,
    data: encodeFunctionData({ abi: PERMIT2_ABI, functionName: 'permit', args: [ME, single, '0x1234'] }),
  });
  t.ok(p2p.kinds.includes('tx.permit2_permit_unlimited'));
  t.equal(p2p.verdict, 'block');
  const ptf = evm({
    to: PERMIT2_ADDRESS,
    data: encodeFunctionData({
      abi: PERMIT2_ABI,
      functionName: 'permitTransferFrom',
      args: [
        { permitted: { token: USDC, amount: 5n }, nonce: 1n, deadline: 2n },
        { to: UNKNOWN, requestedAmount: 5n },
        ME,
        '0x12',
      ],
    }),
  });
  t.ok(ptf.kinds.includes('tx.permit2_transfer'));
});

t.test('transfer to a listed address, poisoning look-alike, native value to a listed address', async (t) => {
  const tr = evm({
    to: USDC,
    data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [SCAM_EVM, 1n] }),
  });
  t.equal(tr.verdict, 'block');
  const lookalike = '0x9999a00000000000000000000000000000009999';
  const poisoned = evm(
    { to: USDC, data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [lookalike, 1n] }) },
    ME,
  );
  t.ok(poisoned.kinds.includes('tx.address_poisoning'));
  const tf = evm(
    { to: USDC, data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transferFrom', args: [UNKNOWN, ME, 1n] }) },
    ME,
  );
  t.ok(tf.kinds.includes('tx.token_transfer_from'));
  const native = evm({ to: SCAM_EVM, value: '0xde0b6b3a7640000' });
  t.ok(native.kinds.includes('tx.native_transfer'));
  t.equal(native.verdict, 'block');
});

t.test('multicall(bytes[]) and aggregate decode inner calls', async (t) => {
  const inner = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [UNKNOWN, maxUint256] });
  const mc = evm({
    to: USDC,
    data: encodeFunctionData({ abi: MULTICALL_ABI, functionName: 'multicall', args: [[inner]] }),
  });
  t.ok(mc.kinds.includes('tx.batch'));
  t.ok(mc.kinds.includes('tx.token_approval_unlimited'));
  const ag = evm({
    to: UNKNOWN,
    data: encodeFunctionData({
      abi: MULTICALL_ABI,
      functionName: 'aggregate',
      args: [
        [
          {
            target: USDC,
            callData: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [SCAM_EVM, 1n] }),
          },
        ],
      ],
    }),
  });
  t.equal(ag.verdict, 'block');
  t.same(ag.decoded, ['aggregate', 'transfer']);
});

t.test('eth_signTypedData_v4: Permit, Permit2 and a Seaport order giving items away', async (t) => {
  const permit = {
    types: {},
    primaryType: 'Permit',
    domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: USDC },
    message: { owner: ME, spender: UNKNOWN, value: maxUint256.toString(), nonce: 0, deadline: 9999999999 },
  };
  const p = evm({ method: 'eth_signTypedData_v4', params: [ME, JSON.stringify(permit)] });
  t.ok(p.kinds.includes('tx.permit_signature'));
  t.equal(p.verdict, 'warn');
  const p2 = evm({
    method: 'eth_signTypedData_v4',
    params: [
      ME,
      {
        primaryType: 'PermitSingle',
        domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2_ADDRESS },
        message: { details: { token: USDC, amount: (2n ** 160n - 1n).toString() }, spender: SCAM_EVM },
      },
    ],
  });
  t.ok(p2.kinds.includes('tx.permit2_signature'));
  t.equal(p2.verdict, 'block');
  const seaport = {
    primaryType: 'OrderComponents',
    domain: {
      name: 'Seaport',
      version: '1.5',
      chainId: 1,
      verifyingContract: '0x00000000000000adc04c56bf30ac9d3c0aaf14dc',
    },
    message: {
      offerer: ME,
      offer: [{ itemType: 2, token: USDC, identifierOrCriteria: '1', startAmount: '1', endAmount: '1' }],
      consideration: [
        {
          itemType: 0,
          token: '0x0000000000000000000000000000000000000000',
          startAmount: '1',
          endAmount: '1',
          recipient: UNKNOWN,
        },
      ],
    },
  };
  const s = evm({ method: 'eth_signTypedData_v4', params: [ME, JSON.stringify(seaport)] });
  t.ok(s.kinds.includes('tx.seaport_free_order'));
  t.equal(s.verdict, 'block');
  t.equal(evm({ method: 'eth_sign', params: [ME, '0x' + '00'.repeat(32)] }).verdict, 'block');
});

t.test('malformed EVM input throws invalid_transaction with a precise message', async (t) => {
  const bad = (v: string, msg: RegExp) =>
    t.throws(() => analyzeTransaction('evm', v, k), { code: 'invalid_transaction', message: msg });
  bad('{not json', /not valid JSON/);
  bad('[1,2]', /JSON object/);
  bad(JSON.stringify({ to: USDC, data: '0x095zz7b3' }), /not hex digits/);
  bad(JSON.stringify({ to: USDC, data: 'approve(x)' }), /not hex digits/);
  bad(JSON.stringify({ to: 'vitalik' }), /is not an address/);
  bad(JSON.stringify({ to: '0x1' + '0'.repeat(40) }), /is not an address/);
  bad(JSON.stringify({ to: '1' + '0'.repeat(49) }), /larger than a 20-byte address|is not an address/);
  bad(JSON.stringify({ to: USDC, value: -1 }), /value must be/);
  bad(JSON.stringify({ from: ME }), /needs at least `to`/);
  bad(JSON.stringify({ method: 'eth_signTypedData_v4', params: [ME, '{"x":1}'] }), /primaryType/);
  bad(JSON.stringify({ method: 'wallet_foo', params: [] }), /not screened/);
});

t.test('chainId that is not hex or decimal is invalid_transaction, not a crash', async (t) => {
  for (const chainId of ['0xzz', '0x', '1e3', '-1', '0']) {
    t.throws(
      () => analyzeTransaction('evm', JSON.stringify({ to: USDC, chainId }), k),
      { code: 'invalid_transaction', message: /chainId/ },
      chainId,
    );
  }
  t.same(evm({ to: USDC, chainId: '0x1' }).kinds, []);
});

t.test('a deeply nested typed-data message is screened, not a stack overflow', async (t) => {
  const nested = '['.repeat(20000) + `"${SCAM_EVM}"` + ']'.repeat(20000);
  const value =
    `{"method":"eth_signTypedData_v4","params":["${ME}` +
    `",{"primaryType":"Mail","domain":{"name":"x"},"message":{"to":${nested}}}]}`;
  const r = analyzeTransaction('evm', value, k);
  t.equal(decideVerdict(r.findings).verdict, 'block', 'the listed address deep inside is still found');
});

t.test('an approval of 0 is a revocation: allowed, even for a listed spender', async (t) => {
  const z32 = ('0x' + '11'.repeat(32)) as Hex;
  for (const [name, tx] of [
    [
      'approve to a listed spender',
      { to: USDC, data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [SCAM_EVM, 0n] }) },
    ],
    [
      'approve to an unknown spender',
      { to: USDC, data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [UNKNOWN, 0n] }) },
    ],
    [
      'Permit2 approve',
      {
        to: PERMIT2_ADDRESS,
        data: encodeFunctionData({ abi: PERMIT2_ABI, functionName: 'approve', args: [USDC, SCAM_EVM, 0n, 0] }),
      },
    ],
    [
      'DAI permit allowed=false',
      {
        to: USDC,
        data: encodeFunctionData({
          abi: TOKEN_ABI,
          functionName: 'permit',
          args: [ME, UNKNOWN, 0n, 0n, false, 27, z32, z32],
        }),
      },
    ],
  ] as const) {
    const r = evm(tx);
    t.equal(r.verdict, 'allow', name);
    t.ok(r.kinds.includes('tx.revoke_approval'), name);
  }
  t.equal(
    evm({ to: USDC, data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [SCAM_EVM, 1n] }) })
      .verdict,
    'block',
    'any non-zero amount to a listed spender still blocks',
  );
});

// --- Solana ---
const ME_SOL = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const OTHER = 'H7Xn1Tg1pYgk3v3s1pDfQm4h8wJ7Yb2Z5y6X8k9LmNoP';
const NONCE = '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi';
const u64le = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return b;
};
const b58 = (bytes: Buffer | Uint8Array) => base58Encode(Uint8Array.from(bytes));
const sol = (tx: object, walletAddress?: string) => {
  const r = analyzeTransaction('solana', JSON.stringify(tx), k, walletAddress);
  return { ...r, kinds: r.findings.map((f) => f.kind), verdict: decideVerdict(r.findings).verdict };
};

t.test('Solana durable nonce and SetAuthority (owner change) from the JSON shape', async (t) => {
  t.ok(base58Decode(OTHER)?.length === 32 && base58Decode(NONCE)?.length === 32, 'fixture keys are 32 bytes');
  const advance = {
    programId: SYSTEM_PROGRAM,
    accounts: [NONCE, 'SysvarRecentB1ockHashes11111111111111111111', ME_SOL],
    data: b58(Buffer.from([4, 0, 0, 0])),
  };
  const setAuth = {
    programId: TOKEN_PROGRAM,
    accounts: [NONCE, ME_SOL],
    data: b58(Buffer.concat([Buffer.from([6, 2, 1]), Buffer.from(base58Decode(OTHER)!)])),
  };
  const r = sol({ feePayer: ME_SOL, instructions: [advance, setAuth] }, ME_SOL);
  t.ok(r.kinds.includes('tx.durable_nonce'));
  const owner = r.findings.find((f) => f.kind === 'tx.token_owner_change');
  t.equal(owner?.severity, 'critical');
  t.equal(owner?.data?.newAuthority, OTHER);
  t.equal(r.verdict, 'block');
  t.same(r.decoded, ['system.advanceNonceAccount', 'token.setAuthority']);
});

t.test('Solana transfers: listed recipient, most of the balance, unlimited delegate; base64 data', async (t) => {
  const transfer = {
    programId: SYSTEM_PROGRAM,
    accounts: [ME_SOL, SCAM_SOL],
    data: [Buffer.concat([Buffer.from([2, 0, 0, 0]), u64le(10n)]).toString('base64'), 'base64'],
  };
  t.equal(sol({ instructions: [transfer] }).verdict, 'block');
  const most = {
    programId: TOKEN_PROGRAM,
    accounts: [NONCE, OTHER, ME_SOL],
    data: b58(Buffer.concat([Buffer.from([3]), u64le(950n)])),
  };
  const r = sol({ instructions: [most], balances: { tokens: { [NONCE]: '1000' } } });
  t.ok(r.kinds.includes('tx.drains_balance'));
  const approve = {
    programId: TOKEN_PROGRAM,
    accounts: [NONCE, OTHER, ME_SOL],
    data: b58(Buffer.concat([Buffer.from([4]), u64le(2n ** 64n - 1n)])),
  };
  t.ok(sol({ instructions: [approve] }).kinds.includes('tx.token_delegate_unlimited'));
});

t.test(
  'Solana: a drain split over several transfers, and an owner change to a fee payer that is not the wallet',
  async (t) => {
    const xfer = (to: string, n: bigint) => ({
      programId: SYSTEM_PROGRAM,
      accounts: [ME_SOL, to],
      data: b58(Buffer.concat([Buffer.from([2, 0, 0, 0]), u64le(n)])),
    });
    const split = sol({
      feePayer: ME_SOL,
      instructions: [xfer(NONCE, 800n), xfer(OTHER, 190n)],
      balances: { lamports: 1000 },
    });
    const drained = split.findings.find((f) => f.kind === 'tx.drains_balance');
    t.match(drained?.data, { amount: '990', transfers: 2 }, '80% + 19% of the balance is a drain');
    t.equal(split.verdict, 'warn');
    t.notOk(
      sol({
        feePayer: ME_SOL,
        instructions: [xfer(NONCE, 400n), xfer(OTHER, 400n)],
        balances: { lamports: 1000 },
      }).kinds.includes('tx.drains_balance'),
      '80% in total is not',
    );
    const setAuth = {
      programId: TOKEN_PROGRAM,
      accounts: [OTHER, ME_SOL],
      data: b58(Buffer.concat([Buffer.from([6, 2, 1]), Buffer.from(base58Decode(NONCE)!)])),
    };
    const paidByDrainer = sol({ feePayer: NONCE, instructions: [setAuth] });
    t.equal(
      paidByDrainer.findings.find((f) => f.kind === 'tx.token_owner_change')?.severity,
      'critical',
      'the fee payer is chosen by the builder: not "self"',
    );
    t.equal(paidByDrainer.verdict, 'block');
    t.equal(
      sol({ feePayer: ME_SOL, instructions: [setAuth] }, NONCE).findings.find((f) => f.kind === 'tx.token_owner_change')
        ?.severity,
      'low',
      "to the caller's own wallet",
    );
  },
);

t.test('Solana wire-format transaction (legacy message, base64) is decoded', async (t) => {
  const keys = [ME_SOL, NONCE, SYSTEM_PROGRAM].map((x) => Buffer.from(base58Decode(x)!));
  const ixData = Buffer.from([4, 0, 0, 0]);
  const msg = Buffer.concat([
    Buffer.from([1, 0, 1]),
    Buffer.from([keys.length]),
    ...keys,
    Buffer.alloc(32, 7),
    Buffer.from([1, 2, 2, 1, 0, ixData.length]),
    ixData,
  ]);
  const wire = Buffer.concat([Buffer.from([1]), Buffer.alloc(64), msg]).toString('base64');
  const r = sol({ transaction: wire });
  t.ok(r.kinds.includes('tx.durable_nonce'));
  t.equal(r.kind, 'solana-legacy');
  t.throws(() => sol({ transaction: wire.slice(0, 40) }), {
    code: 'invalid_transaction',
    message: /ends inside|base64/,
  });
});

t.test('malformed Solana input throws invalid_transaction', async (t) => {
  const bad = (v: object | string, msg: RegExp) =>
    t.throws(() => analyzeTransaction('solana', typeof v === 'string' ? v : JSON.stringify(v), k), {
      code: 'invalid_transaction',
      message: msg,
    });
  bad({}, /instructions/);
  bad({ instructions: [] }, /non-empty/);
  bad({ instructions: [{ programId: 'not-a-key', accounts: [], data: '' }] }, /programId is not a Solana public key/);
  bad({ instructions: [{ programId: SYSTEM_PROGRAM, accounts: [], data: '0OIl' }] }, /not valid base58/);
  bad(
    { instructions: [{ programId: SYSTEM_PROGRAM, accounts: [], data: '' }], balances: { lamports: 'lots' } },
    /balances/,
  );
});

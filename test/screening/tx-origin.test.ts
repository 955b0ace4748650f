// The requesting site (`origin`) of a transaction or signature request is screened as a URL would be and counts in
// the verdict: block-listed critical (naming the list), heuristic warn high, well-known info, none nothing.
import t from 'tap';
import { encodeFunctionData } from 'viem';
import { analyzeTransaction } from '../../src/screening/tx/analyze-transaction.ts';
import { TOKEN_ABI } from '../../src/screening/tx/evm-abis.ts';
import { SYSTEM_PROGRAM } from '../../src/screening/tx/solana-findings.ts';
import { base58Encode } from '../../src/core/address/solana-address.ts';
import { decideVerdict } from '../../src/screening/verdict.ts';
import { smallKnowledge } from './helpers.ts';

const k = smallKnowledge();
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const FRIEND = '0x5e7a9b1d2f4e6a8c0b2d4f6a8c1e3b5d7f9a2c3c';
const ME = '0x9999999999999999999999999999999999999999';
const pay = {
  to: USDC,
  data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [FRIEND, 10n ** 8n] }),
};
const scan = (doc: object, family: 'evm' | 'solana' = 'evm') => {
  const r = analyzeTransaction(family, JSON.stringify(doc), k, family === 'evm' ? ME : undefined);
  const origin = r.findings.filter((f) => f.kind.startsWith('tx.origin'));
  return { ...r, originFindings: origin, verdict: decideVerdict(r.findings).verdict };
};

t.test('a block-listed origin blocks a benign transfer of a well-known token, naming the list', async (t) => {
  t.equal(scan(pay).verdict, 'allow', 'the transfer alone is allowed');
  const r = scan({ ...pay, origin: 'https://app.phish.example/claim' });
  t.equal(r.verdict, 'block');
  t.match(r.originFindings, [
    { kind: 'tx.origin_blocklisted', severity: 'critical', source: { type: 'list', name: 'test-list' } },
  ]);
  t.equal(r.origin, 'app.phish.example');
  t.notOk(
    r.findings.some((f) => f.kind !== 'tx.origin_blocklisted' && f.severity !== 'info'),
    'the token itself is not what blocks',
  );
  const rpc = scan({ method: 'eth_sendTransaction', params: [pay], origin: 'phish.example' });
  t.equal(rpc.verdict, 'block', 'the same in the RPC request shape');
});

t.test('an origin the URL heuristics warn on is high: warn, not block', async (t) => {
  for (const origin of ['https://metamaskk.io/connect', 'trustwalet.com', 'uniswap-claim.xyz']) {
    const r = scan({ ...pay, origin });
    t.equal(r.verdict, 'warn', origin);
    t.match(r.originFindings, [{ kind: 'tx.origin_suspicious', severity: 'high', data: { origin: /\./ } }], origin);
  }
});

t.test('allow-listed and well-known origins are info at most; no origin adds nothing', async (t) => {
  for (const origin of ['https://app.uniswap.org/swap', 'etherscan.io', 'good.phish.example']) {
    const r = scan({ ...pay, origin });
    t.equal(r.verdict, 'allow', origin);
    t.match(r.originFindings, [{ kind: 'tx.origin', severity: 'info', data: { status: 'well_known' } }], origin);
  }
  const plain = scan({ ...pay, origin: 'my-shop.com' });
  t.match(plain.originFindings, [{ kind: 'tx.origin', severity: 'info', data: { status: 'screened' } }]);
  const none = scan(pay);
  t.same(none.originFindings, []);
  t.equal(none.origin, null);
});

t.test('signature requests: typed data and personal_sign count their origin', async (t) => {
  const typed = {
    method: 'eth_signTypedData_v4',
    params: [
      ME,
      {
        types: { EIP712Domain: [{ name: 'name', type: 'string' }], Hello: [{ name: 'text', type: 'string' }] },
        domain: { name: 'Hello' },
        primaryType: 'Hello',
        message: { text: 'hi' },
      },
    ],
  };
  t.equal(scan({ ...typed, origin: 'https://phish.example' }).verdict, 'block');
  const sign = { method: 'personal_sign', params: ['Sign in to the site', ME] };
  t.equal(scan(sign).verdict, 'allow');
  t.equal(scan({ ...sign, origin: 'metamaskk.io' }).verdict, 'warn');
});

t.test('Solana requests count their origin too', async (t) => {
  const transfer = Buffer.alloc(12);
  transfer.writeUInt32LE(2, 0);
  transfer.writeBigUInt64LE(1000n, 4);
  const tx = {
    feePayer: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    instructions: [
      {
        programId: SYSTEM_PROGRAM,
        accounts: ['9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', 'H7Xn1Tg1pYgk3v3s1pDfQm4h8wJ7Yb2Z5y6X8k9LmNoP'],
        data: base58Encode(Uint8Array.from(transfer)),
      },
    ],
  };
  t.not(scan(tx, 'solana').verdict, 'block');
  t.match(scan({ ...tx, origin: 'phish.example' }, 'solana').originFindings, [{ kind: 'tx.origin_blocklisted' }]);
  t.equal(scan({ ...tx, origin: 'phish.example' }, 'solana').verdict, 'block');
});

t.test('a malformed origin is invalid_transaction; a local one is info', async (t) => {
  for (const origin of [42, { host: 'x' }, 'https://', 'a b c'])
    t.throws(() => scan({ ...pay, origin }), { code: 'invalid_transaction', message: /origin/ }, String(origin));
  for (const origin of ['localhost', 'http://localhost:3000', 'chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn']) {
    const r = scan({ ...pay, origin });
    t.equal(r.verdict, 'allow', origin);
    t.match(r.originFindings, [{ kind: 'tx.origin', data: { status: 'not_public' } }], origin);
  }
});

/**
 * Rules added after the blind transaction cases of set 3 (issue 14): marketplace orders at a nominal price, Blur and
 * LooksRare sell orders, personal_sign of non-text bytes, Safe MultiSend batches and on-chain execTransaction, and
 * the registry's DEX / lending entries.
 */
import t from 'tap';
import {
  encodeFunctionData,
  encodePacked,
  type Hex,
  maxUint256,
  parseAbi,
  serializeTransaction,
  stringToHex,
} from 'viem';
import { analyzeTransaction } from '../../src/screening/tx/analyze-transaction.ts';
import { nominalPayment } from '../../src/screening/tx/evm-market-orders.ts';
import { decideVerdict } from '../../src/screening/verdict.ts';
import { smallKnowledge } from './helpers.ts';

const k = smallKnowledge();
const ME = '0x9999999999999999999999999999999999999999';
const FRIEND = '0x8888888888888888888888888888888888888888';
const UNKNOWN = '0x1234567890123456789012345678901234567890';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const BAYC = '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d';
const ZERO = '0x0000000000000000000000000000000000000000';
const MULTISEND_CALL_ONLY = '0x40a2accbd92bca938b02010e17a5b8929b49130d';
const BALANCER_VAULT = '0xba12222222228d8ba445958a75a0704d566bf2c8';

const scan = (doc: object) => {
  const r = analyzeTransaction('evm', JSON.stringify(doc), k, ME);
  const kinds = r.findings.map((f) => f.kind);
  return { ...r, kinds, verdict: decideVerdict(r.findings).verdict };
};
const typed = (primaryType: string, domain: object, message: object) =>
  scan({ method: 'eth_signTypedData_v4', params: [ME, { primaryType, domain, message, types: {} }] });
const fn = (sig: string, args: unknown[]): Hex => encodeFunctionData({ abi: parseAbi([sig]), args } as never);
const approve = (spender: string, amount: bigint) => fn('function approve(address,uint256)', [spender, amount]);
const transfer = (to: string, amount: bigint) => fn('function transfer(address,uint256)', [to, amount]);

const seaport = (consideration: object[]) =>
  typed(
    'OrderComponents',
    { name: 'Seaport', version: '1.6', chainId: 1 },
    {
      offerer: ME,
      offer: [{ itemType: 2, token: BAYC, identifierOrCriteria: '1', startAmount: '1', endAmount: '1' }],
      consideration,
    },
  );
const pay = (itemType: number, token: string, amount: string, recipient = ME) => ({
  itemType,
  token,
  identifierOrCriteria: '0',
  startAmount: amount,
  endAmount: amount,
  recipient,
});

t.test(
  'Seaport: a nominal payment to the offerer warns; a real price or an unknown token amount does not',
  async (t) => {
    const dust = seaport([pay(0, ZERO, '1')]);
    t.ok(dust.kinds.includes('tx.nominal_order'));
    t.equal(dust.verdict, 'warn');
    t.equal(seaport([pay(1, WETH, '999999999999')]).verdict, 'warn', 'WETH has 18 decimals: under 1e12 is nominal');
    const fair = seaport([pay(0, ZERO, '10000000000000000')]);
    t.ok(fair.kinds.includes('tx.seaport_order'));
    t.equal(fair.verdict, 'allow');
    // an unknown ERC-20 may have 6 decimals: 1000 units could be a real price, so it is not called nominal
    t.equal(seaport([pay(1, UNKNOWN, '1000')]).verdict, 'allow');
    t.equal(seaport([pay(0, ZERO, '0')]).verdict, 'block', 'nothing to the offerer stays critical');
    t.ok(nominalPayment(null, 10n ** 12n - 1n));
    t.notOk(nominalPayment(null, 10n ** 12n));
    t.notOk(nominalPayment(USDC, 1n));
  },
);

t.test('Blur and LooksRare sell orders: price 0 blocks, nominal warns, a real price or a bid allows', async (t) => {
  const blur = (side: number, price: string) =>
    typed(
      'Order',
      { name: 'Blur Exchange', version: '1.0', chainId: 1 },
      {
        trader: ME,
        side,
        collection: BAYC,
        tokenId: '1',
        paymentToken: ZERO,
        price,
      },
    );
  const free = blur(1, '0');
  t.ok(free.kinds.includes('tx.free_order'));
  t.equal(free.verdict, 'block');
  t.equal(blur(1, '1000').verdict, 'warn');
  t.equal(blur(1, '2000000000000000000').verdict, 'allow');
  t.equal(blur(0, '0').verdict, 'allow', 'side 0 is a bid: the signer pays, gives nothing away');
  const looks = typed(
    'Maker',
    { name: 'LooksRareProtocol', version: '2', chainId: 1 },
    {
      quoteType: 1,
      collection: BAYC,
      currency: ZERO,
      price: '0',
    },
  );
  t.equal(looks.verdict, 'block');
});

t.test('personal_sign: non-text bytes are a blind signature; hex-encoded text stays readable', async (t) => {
  const rawTx = serializeTransaction({
    chainId: 1,
    type: 'eip1559',
    to: USDC,
    data: approve(UNKNOWN, maxUint256),
    maxFeePerGas: 1n,
  });
  const blind = scan({ method: 'personal_sign', params: [rawTx, ME] });
  t.ok(blind.kinds.includes('tx.blind_signature'));
  t.equal(blind.verdict, 'warn');
  t.equal(blind.findings[0].data?.transactionShaped, true);
  t.equal(scan({ method: 'personal_sign', params: ['0xdeadbeef00ff', ME] }).verdict, 'warn');
  const login = scan({ method: 'personal_sign', params: [stringToHex('Sign in to Example\n\nNonce: 42'), ME] });
  t.same(login.kinds, ['tx.message_signature']);
  t.equal(login.verdict, 'allow');
  t.equal(scan({ method: 'personal_sign', params: ['Hello 0xabc', ME] }).verdict, 'allow');
  t.equal(scan({ method: 'personal_sign', params: [`0x${'ab'.repeat(32)}`, ME] }).verdict, 'warn', '32-byte hash');
});

const multiSend = (calls: { op: number; to: string; data: Hex }[]): Hex =>
  fn('function multiSend(bytes)', [
    `0x${calls
      .map((c) =>
        encodePacked(
          ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
          [c.op, c.to as Hex, 0n, BigInt((c.data.length - 2) / 2), c.data],
        ).slice(2),
      )
      .join('')}`,
  ]);
const safeTx = (to: string, data: Hex, operation: number) =>
  typed('SafeTx', { chainId: 1, verifyingContract: FRIEND }, { to, value: '0', data, operation, nonce: '1' });

t.test('Safe MultiSend: every inner call is screened, inner delegatecalls too', async (t) => {
  const hidden = safeTx(MULTISEND_CALL_ONLY, multiSend([{ op: 0, to: USDC, data: approve(UNKNOWN, maxUint256) }]), 1);
  t.ok(hidden.kinds.includes('tx.token_approval_unlimited'));
  t.equal(hidden.verdict, 'warn');
  const inner = safeTx(MULTISEND_CALL_ONLY, multiSend([{ op: 1, to: UNKNOWN, data: '0x12345678' }]), 1);
  t.equal(inner.verdict, 'block');
  const pays = safeTx(MULTISEND_CALL_ONLY, multiSend([{ op: 0, to: USDC, data: transfer(FRIEND, 5n) }]), 1);
  t.equal(pays.verdict, 'allow');
  const truncated = multiSend([{ op: 0, to: USDC, data: transfer(FRIEND, 5n) }]);
  const broken = safeTx(MULTISEND_CALL_ONLY, fn('function multiSend(bytes)', [`0x${truncated.slice(138, 250)}`]), 1);
  t.ok(broken.kinds.includes('tx.malformed_batch'));
  t.equal(broken.verdict, 'warn');
});

t.test('Safe execTransaction on chain is screened by its inner call', async (t) => {
  const exec = (to: string, data: Hex, op: number) =>
    fn('function execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)', [
      to,
      0n,
      data,
      op,
      0n,
      0n,
      0n,
      ZERO,
      ZERO,
      '0x',
    ]);
  const pay = scan({ to: FRIEND, data: exec(USDC, transfer(ME, 5n), 0) });
  t.ok(pay.kinds.includes('tx.safe_exec'));
  t.notOk(pay.kinds.includes('tx.unknown_call'));
  t.equal(pay.verdict, 'allow');
  t.equal(scan({ to: FRIEND, data: exec(UNKNOWN, '0x12345678', 1) }).verdict, 'block');
  const paid = scan({ to: FRIEND, value: '0x1', data: exec(USDC, transfer(ME, 5n), 0) });
  t.ok(paid.kinds.includes('tx.unknown_call'), 'sending value: not read as a Safe execution');
});

t.test('registry: a Balancer Vault call is known; the same call to an unknown contract warns', async (t) => {
  const data = fn('function flashLoan(address,address[],uint256[],bytes)', [ME, [USDC], [1n], '0x']);
  t.equal(scan({ to: BALANCER_VAULT, data }).verdict, 'allow');
  t.equal(scan({ to: UNKNOWN, data }).verdict, 'warn');
});

t.test('smart-account execute / executeBatch: inner calls judged; to the own account only they count', async (t) => {
  const coinbase = (calls: [string, bigint, Hex][]) => fn('function executeBatch((address,uint256,bytes)[])', [calls]);
  const hidden = scan({ to: ME, data: coinbase([[WETH, 0n, approve(UNKNOWN, maxUint256)]]) });
  t.ok(hidden.kinds.includes('tx.token_approval_unlimited'));
  t.equal(hidden.verdict, 'warn');
  const ownBatch = scan({
    to: ME,
    data: coinbase([
      [USDC, 0n, transfer(FRIEND, 5n)],
      [USDC, 0n, approve(BALANCER_VAULT, 5n)],
    ]),
  });
  t.notOk(ownBatch.kinds.includes('tx.unknown_call'));
  t.equal(ownBatch.verdict, 'allow', "the user's own account batching ordinary calls");
  const simple = scan({
    to: ME,
    data: fn('function executeBatch(address[],bytes[])', [[USDC], [approve(UNKNOWN, maxUint256)]]),
  });
  t.ok(simple.kinds.includes('tx.token_approval_unlimited'));
  const elsewhere = scan({
    to: UNKNOWN,
    data: fn('function execute(address,uint256,bytes)', [USDC, 0n, transfer(FRIEND, 5n)]),
  });
  t.ok(elsewhere.kinds.includes('tx.unknown_call'), 'another contract: the selector proves nothing');
  t.equal(elsewhere.verdict, 'warn');
});

/**
 * Transaction cases, set 3 (issue 14): written blind, before the screening rules or the other case sets were read,
 * from how wallets are attacked and used on EVM chains and Solana. Requests are shaped as a wallet or dapp sends
 * them (gas fields, hex-encoded personal_sign text, full EIP-712 `types`). Well-known contracts are real mainnet
 * addresses; every attacker, delegate and "fresh" contract is made up (no labelled scam list was used).
 * Expected: `flag` (warn or block) for malicious, `allow` for benign; `why` says what makes the case so.
 */
import { base58 } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2';
import {
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  maxUint256,
  parseAbi,
  parseAbiParameters,
  serializeTransaction,
  stringToHex,
  type Hex,
} from 'viem';
import type { ScreeningRequest } from '../src/screening/scan.ts';

export type Case3 = { name: string; expected: 'flag' | 'allow'; why: string; req: ScreeningRequest };

// The user, the user's friends and the user's Safe (made up).
const ME = '0x4e3f8c1a9b2d7e6f5a0c1b2d3e4f5a6b7c8d9e0f';
const ME_TWIN = '0x4e3f8d07c6e1b95a3f2e8d7c6b5a493827169e0f'; // poisoning look-alike: 0x4e3f8…9e0f
const FRIEND = '0x9c1d2b7e4a3f5e6d8c0b1a2f3e4d5c6b7a8f9e01';
const FRIEND2 = '0x2b7e4a3f5e6d8c0b1a2f3e4d5c6b7a8f9e019c1d';
const MY_SAFE = '0x6d1f3a5b7c9e0f2a4b6c8d0e1f3a5b7c9d0e2f4a';
// Attackers, drainer contracts and unknown delegates (made up).
const EVIL = '0xd3a4f0c2b1e9a8f7e6d5c4b3a2f1e0d9c8b7a6f5';
const EVIL2 = '0x0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f10';
const DRAINER = '0xb0a9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1';
const DELEGATE = '0x71e2c3b4a5968778695a4b3c2d1e0f1a2b3c4d5e';
// Well-known mainnet tokens and contracts.
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const WBTC = '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599';
const LINK = '0x514910771af9ca656af840dff83e8264ecf986ca';
const STETH = '0xae7ab96520de3a18e5e111b5eaab095312d7fe84';
const BAYC = '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d';
const AZUKI = '0xed5af388653567af2f388e6224dc7c4b3241c544';
const PUDGY = '0xbd3531da5cf5857e7cfaa92426877b022e612cf8';
const PERMIT2 = '0x000000000022d473030f116ddee9f6b43ac78ba3';
const UNIVERSAL_ROUTER = '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad';
const ONEINCH_V6 = '0x111111125421ca6dc452d289314280a0f8842a65';
const ZEROX_PROXY = '0xdef1c0ded9bec7f1a1670819833240f027b25eff';
const AAVE_V3_POOL = '0x87870bca3f3fd6335c3f4ce8392d69350b4fa4e2';
const ENS_CONTROLLER = '0x253553366da8546fc250f225fe3d25d0c782303b';
const SEAPORT_1_5 = '0x00000000000000adc04c56bf30ac9d3c0aaf14dc';
const OPENSEA_FEE = '0x0000a26b00c1f0df003000390027140000faa719';
const OPENSEA_CONDUIT_KEY = '0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000';
const BLUR_EXCHANGE = '0x000000000000ad05ccc4f10045630fb830b95127';
const BLUR_POLICY_ERC721 = '0x0000000000dab4a563819e8fd93dba3b25bc3495';
const MULTISEND_CALL_ONLY = '0x40a2accbd92bca938b02010e17a5b8929b49130d';
const ARB_DELAYED_INBOX = '0x4dbd4fc535ac27206064b68ffcf827b0a60bab3f';
const OP_L1_BRIDGE = '0x99c9fc46f92e8a1c0dec1b1747d010903e884be1';
const V3_POSITIONS = '0xc36442b4a4522e871399cd717abdd847ab11fe88';
const CURVE_3POOL = '0xbebc44782c7db0a1a60cb6fe97d0b483032ff1c7';
const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const ZERO = '0x0000000000000000000000000000000000000000';
const Z32 = `0x${'00'.repeat(32)}` as Hex;

// Fixed "now" so the set does not drift: 2026-11-24T00:00:00Z.
const NOW = 1_795_478_400;
const FAR = String(2n ** 48n - 1n); // max uint48, what drainer kits put in Permit2 expirations
const MAX160 = String(2n ** 160n - 1n);

const gasFields = { gas: '0x2dc6c', maxFeePerGas: '0x9502f9000', maxPriorityFeePerGas: '0x3b9aca00' };
const send = (t: object, chain = 'ethereum', walletAddress = ME): ScreeningRequest => ({
  type: 'transaction',
  chain,
  walletAddress,
  value: JSON.stringify({ method: 'eth_sendTransaction', params: [{ from: walletAddress, ...gasFields, ...t }] }),
});
const raw = (t: object, chain = 'ethereum'): ScreeningRequest => ({
  type: 'transaction',
  chain,
  walletAddress: ME,
  value: JSON.stringify(t),
});
const rpc = (method: string, params: unknown[], chain = 'ethereum'): ScreeningRequest => ({
  type: 'transaction',
  chain,
  walletAddress: ME,
  value: JSON.stringify({ method, params }),
});
type Types = Record<string, { name: string; type: string }[]>;
const signTyped = (
  primaryType: string,
  types: Types,
  domain: Record<string, unknown>,
  message: object,
  chain = 'ethereum',
): ScreeningRequest => {
  const domainType = Object.keys(domain).map((name) => ({ name, type: DOMAIN_FIELD[name] }));
  const typedData = { types: { EIP712Domain: domainType, ...types }, primaryType, domain, message };
  return rpc('eth_signTypedData_v4', [ME, JSON.stringify(typedData)], chain);
};
const DOMAIN_FIELD: Record<string, string> = {
  name: 'string',
  version: 'string',
  chainId: 'uint256',
  verifyingContract: 'address',
  salt: 'bytes32',
};
const fn = (signature: string, args: unknown[]): Hex => {
  const abi = parseAbi([signature]);
  return encodeFunctionData({ abi, args } as never);
};
const f = (name: string, type: string) => ({ name, type });

// ERC-20 / ERC-721 / ERC-1155 calls.
const approve = (spender: string, amount: bigint) => fn('function approve(address,uint256)', [spender, amount]);
const transfer = (to: string, amount: bigint) => fn('function transfer(address,uint256)', [to, amount]);
const approvalForAll = (op: string, on: boolean) => fn('function setApprovalForAll(address,bool)', [op, on]);

// Permit2 typed data.
const permit2Domain = (chainId = 1) => ({ name: 'Permit2', chainId, verifyingContract: PERMIT2 });
const PERMIT_DETAILS = [f('token', 'address'), f('amount', 'uint160'), f('expiration', 'uint48'), f('nonce', 'uint48')];
const PERMIT_SINGLE_TYPES: Types = {
  PermitSingle: [f('details', 'PermitDetails'), f('spender', 'address'), f('sigDeadline', 'uint256')],
  PermitDetails: PERMIT_DETAILS,
};
const PERMIT_BATCH_TYPES: Types = {
  PermitBatch: [f('details', 'PermitDetails[]'), f('spender', 'address'), f('sigDeadline', 'uint256')],
  PermitDetails: PERMIT_DETAILS,
};
const PERMIT_TRANSFER_TYPES: Types = {
  PermitTransferFrom: [
    f('permitted', 'TokenPermissions'),
    f('spender', 'address'),
    f('nonce', 'uint256'),
    f('deadline', 'uint256'),
  ],
  TokenPermissions: [f('token', 'address'), f('amount', 'uint256')],
};
const ERC2612_TYPES: Types = {
  Permit: [
    f('owner', 'address'),
    f('spender', 'address'),
    f('value', 'uint256'),
    f('nonce', 'uint256'),
    f('deadline', 'uint256'),
  ],
};
const DAI_PERMIT_TYPES: Types = {
  Permit: [
    f('holder', 'address'),
    f('spender', 'address'),
    f('nonce', 'uint256'),
    f('expiry', 'uint256'),
    f('allowed', 'bool'),
  ],
};

// Seaport 1.5 typed data.
const SEAPORT_TYPES: Types = {
  OrderComponents: [
    f('offerer', 'address'),
    f('zone', 'address'),
    f('offer', 'OfferItem[]'),
    f('consideration', 'ConsiderationItem[]'),
    f('orderType', 'uint8'),
    f('startTime', 'uint256'),
    f('endTime', 'uint256'),
    f('zoneHash', 'bytes32'),
    f('salt', 'uint256'),
    f('conduitKey', 'bytes32'),
    f('counter', 'uint256'),
  ],
  OfferItem: [
    f('itemType', 'uint8'),
    f('token', 'address'),
    f('identifierOrCriteria', 'uint256'),
    f('startAmount', 'uint256'),
    f('endAmount', 'uint256'),
  ],
  ConsiderationItem: [
    f('itemType', 'uint8'),
    f('token', 'address'),
    f('identifierOrCriteria', 'uint256'),
    f('startAmount', 'uint256'),
    f('endAmount', 'uint256'),
    f('recipient', 'address'),
  ],
};
const seaportDomain = { name: 'Seaport', version: '1.5', chainId: 1, verifyingContract: SEAPORT_1_5 };
const nft = (token: string, id: string) => ({
  itemType: 2,
  token,
  identifierOrCriteria: id,
  startAmount: '1',
  endAmount: '1',
});
const eth = (wei: string, recipient: string) => ({
  itemType: 0,
  token: ZERO,
  identifierOrCriteria: '0',
  startAmount: wei,
  endAmount: wei,
  recipient,
});
const seaportOrder = (offer: object[], consideration: object[], endTime: string) =>
  signTyped('OrderComponents', SEAPORT_TYPES, seaportDomain, {
    offerer: ME,
    zone: ZERO,
    offer,
    consideration,
    orderType: 0,
    startTime: String(NOW),
    endTime,
    zoneHash: Z32,
    salt: '24446860302761739304752683030156737591518664810215442929812487040915318044674',
    conduitKey: OPENSEA_CONDUIT_KEY,
    counter: '0',
  });

// Safe.
const SAFE_TX_TYPES: Types = {
  SafeTx: [
    f('to', 'address'),
    f('value', 'uint256'),
    f('data', 'bytes'),
    f('operation', 'uint8'),
    f('safeTxGas', 'uint256'),
    f('baseGas', 'uint256'),
    f('gasPrice', 'uint256'),
    f('gasToken', 'address'),
    f('refundReceiver', 'address'),
    f('nonce', 'uint256'),
  ],
};
const safeTx = (to: string, data: Hex, operation: 0 | 1) =>
  signTyped(
    'SafeTx',
    SAFE_TX_TYPES,
    { chainId: 1, verifyingContract: MY_SAFE },
    {
      to,
      value: '0',
      data,
      operation,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: ZERO,
      refundReceiver: ZERO,
      nonce: '42',
    },
  );
/** Safe MultiSend packing: operation, to, value, data length, data per inner call. */
const multiSend = (calls: { to: string; data: Hex }[]): Hex =>
  fn('function multiSend(bytes)', [
    `0x${calls
      .map((c) =>
        encodePacked(
          ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
          [0, c.to as Hex, 0n, BigInt((c.data.length - 2) / 2), c.data],
        ).slice(2),
      )
      .join('')}`,
  ]);
const execTransaction = (to: string, data: Hex, operation: 0 | 1): Hex =>
  fn('function execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)', [
    to,
    0n,
    data,
    operation,
    0n,
    0n,
    0n,
    ZERO,
    ZERO,
    `0x${'11'.repeat(65)}`,
  ]);

// Solana.
const SYSTEM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const SOL_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const solKey = (label: string): string => base58.encode(sha256(new TextEncoder().encode(label)));
const SOL_ME = solKey('set3 user');
const SOL_ME_USDC = solKey('set3 user usdc account');
const SOL_FRIEND = solKey('set3 friend');
const SOL_FRIEND_USDC = solKey('set3 friend usdc account');
const SOL_EVIL = solKey('set3 attacker');
const SOL_EVIL_PROGRAM = solKey('set3 attacker program');
const u32 = (n: number) => Buffer.from(Uint32Array.of(n).buffer);
const u64 = (n: bigint) => Buffer.from(BigUint64Array.of(n).buffer);
const ix = (programId: string, accounts: string[], data: Buffer) => ({
  programId,
  accounts,
  data: [data.toString('base64'), 'base64'],
});
const priorityFee = ix(COMPUTE_BUDGET, [], Buffer.concat([Buffer.of(3), u64(50_000n)]));
const solana = (instructions: object[]): ScreeningRequest => ({
  type: 'transaction',
  chain: 'solana',
  walletAddress: SOL_ME,
  value: JSON.stringify({ feePayer: SOL_ME, instructions }),
});

// Uniswap Universal Router: WRAP_ETH then V3_SWAP_EXACT_IN (WETH -> USDC, 0.3%), proceeds to the sender.
const universalRouterSwap = fn('function execute(bytes,bytes[],uint256)', [
  '0x0b00',
  [
    encodeAbiParameters(parseAbiParameters('address, uint256'), [
      '0x0000000000000000000000000000000000000002',
      5n * 10n ** 17n,
    ]),
    encodeAbiParameters(parseAbiParameters('address, uint256, uint256, bytes, bool'), [
      '0x0000000000000000000000000000000000000001',
      5n * 10n ** 17n,
      1_400n * 10n ** 6n,
      encodePacked(['address', 'uint24', 'address'], [WETH, 3000, USDC]),
      false,
    ]),
  ],
  BigInt(NOW + 1800),
]);

const hexTx = serializeTransaction({
  chainId: 1,
  type: 'eip1559',
  nonce: 12,
  to: USDT,
  data: approve(EVIL, maxUint256),
  gas: 60_000n,
  maxFeePerGas: 40n * 10n ** 9n,
  maxPriorityFeePerGas: 10n ** 9n,
});

const flag = (name: string, why: string, req: ScreeningRequest): Case3 => ({ name, expected: 'flag', why, req });
const allow = (name: string, why: string, req: ScreeningRequest): Case3 => ({ name, expected: 'allow', why, req });

const MALICIOUS: Case3[] = [
  flag(
    '3: USDT unlimited approve to an unknown address',
    'the classic drainer allowance',
    send({ to: USDT, data: approve(EVIL, maxUint256) }),
  ),
  flag(
    '3: DAI approve of 10^12 DAI (not max) to an unknown address',
    'a huge non-max amount slips past "is it uint256 max" checks',
    send({ to: DAI, data: approve(EVIL, 10n ** 30n) }),
  ),
  flag(
    '3: USDC increaseAllowance(huge) to an unknown address',
    'increaseAllowance grants what approve does',
    send({ to: USDC, data: fn('function increaseAllowance(address,uint256)', [EVIL, 2n ** 200n]) }),
  ),
  flag(
    '3: BAYC ERC-721 approve(unknown, tokenId)',
    'same selector as ERC-20 approve; hands over one ape',
    send({ to: BAYC, data: approve(EVIL, 8817n) }),
  ),
  flag(
    '3: setApprovalForAll(Pudgy Penguins) to an unknown operator',
    'whole collection to a stranger',
    send({ to: PUDGY, data: approvalForAll(DRAINER, true) }),
  ),
  flag(
    '3: Permit2 on-chain approve(USDC, unknown, max160, max48)',
    'direct Permit2 allowance to a stranger',
    send({
      to: PERMIT2,
      data: fn('function approve(address,address,uint160,uint48)', [USDC, EVIL, 2n ** 160n - 1n, 2n ** 48n - 1n]),
    }),
  ),
  flag(
    '3: Permit2 PermitSingle USDC max to unknown spender, far expiry',
    'off-chain drainer allowance',
    signTyped('PermitSingle', PERMIT_SINGLE_TYPES, permit2Domain(), {
      details: { token: USDC, amount: MAX160, expiration: FAR, nonce: '0' },
      spender: DRAINER,
      sigDeadline: FAR,
    }),
  ),
  flag(
    '3: Permit2 PermitBatch of four tokens to unknown spender',
    'one signature empties the wallet',
    signTyped('PermitBatch', PERMIT_BATCH_TYPES, permit2Domain(), {
      details: [USDC, USDT, WETH, WBTC].map((token) => ({ token, amount: MAX160, expiration: FAR, nonce: '0' })),
      spender: DRAINER,
      sigDeadline: String(NOW + 3600),
    }),
  ),
  flag(
    '3: Permit2 PermitTransferFrom 20 WETH to unknown spender',
    'signature transfer pulls tokens at once',
    signTyped('PermitTransferFrom', PERMIT_TRANSFER_TYPES, permit2Domain(), {
      permitted: { token: WETH, amount: String(20n * 10n ** 18n) },
      spender: EVIL,
      nonce: '78331',
      deadline: String(NOW + 86_400 * 365),
    }),
  ),
  flag(
    '3: EIP-2612 USDC permit, max value, to unknown spender',
    'gasless approval phishing',
    signTyped(
      'Permit',
      ERC2612_TYPES,
      { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: USDC },
      {
        owner: ME,
        spender: EVIL2,
        value: maxUint256.toString(),
        nonce: '0',
        deadline: FAR,
      },
    ),
  ),
  flag(
    '3: DAI permit allowed=true to unknown spender, no expiry',
    'DAI-style permit is always unlimited',
    signTyped(
      'Permit',
      DAI_PERMIT_TYPES,
      {
        name: 'Dai Stablecoin',
        version: '1',
        chainId: 1,
        verifyingContract: DAI,
      },
      { holder: ME, spender: EVIL2, nonce: '3', expiry: '0', allowed: true },
    ),
  ),
  flag(
    '3: Seaport order giving away BAYC + Azuki for 1 wei',
    'zero-consideration listing, classic NFT drain',
    seaportOrder([nft(BAYC, '8817'), nft(AZUKI, '4021')], [eth('1', ME)], FAR),
  ),
  flag(
    '3: Seaport order whose consideration goes to a stranger',
    'the NFT is sold but the ETH goes elsewhere',
    seaportOrder([nft(BAYC, '1203')], [eth(String(30n * 10n ** 18n), EVIL)], String(NOW + 86_400 * 30)),
  ),
  flag(
    '3: Blur sell order at price 0',
    'Blur listing for nothing, taken by the drainer',
    signTyped(
      'Order',
      {
        Order: [
          f('trader', 'address'),
          f('side', 'uint8'),
          f('matchingPolicy', 'address'),
          f('collection', 'address'),
          f('tokenId', 'uint256'),
          f('amount', 'uint256'),
          f('paymentToken', 'address'),
          f('price', 'uint256'),
          f('listingTime', 'uint256'),
          f('expirationTime', 'uint256'),
          f('fees', 'Fee[]'),
          f('salt', 'uint256'),
          f('extraParams', 'bytes'),
          f('nonce', 'uint256'),
        ],
        Fee: [f('rate', 'uint16'), f('recipient', 'address')],
      },
      { name: 'Blur Exchange', version: '1.0', chainId: 1, verifyingContract: BLUR_EXCHANGE },
      {
        trader: ME,
        side: 1,
        matchingPolicy: BLUR_POLICY_ERC721,
        collection: BAYC,
        tokenId: '8817',
        amount: '1',
        paymentToken: ZERO,
        price: '0',
        listingTime: String(NOW),
        expirationTime: FAR,
        fees: [],
        salt: '265875887899390375230487512938204',
        extraParams: '0x',
        nonce: '0',
      },
    ),
  ),
  flag(
    '3: EIP-7702 type-4 tx delegating the account to an unknown contract',
    'delegate controls every asset',
    send({
      type: '0x4',
      to: ME,
      data: '0x',
      authorizationList: [
        {
          chainId: '0x1',
          address: DELEGATE,
          nonce: '0x7',
          yParity: '0x1',
          r: '0x8f1c2b3a4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8',
          s: '0x1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80',
        },
      ],
    }),
  ),
  flag(
    '3: EIP-7702 authorization with chainId 0 to an unknown delegate',
    'valid on every chain at once',
    raw({
      to: ME,
      data: '0x',
      chainId: '0x1',
      authorizationList: [
        {
          chainId: '0x0',
          address: DELEGATE,
          nonce: '0x0',
          yParity: '0x0',
          r: '0x2f1c2b3a4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8',
          s: '0x3a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80',
        },
      ],
    }),
  ),
  flag(
    '3: eth_sign of a raw 32-byte hash',
    'can be any transaction hash',
    rpc('eth_sign', [ME, '0x3f0b1c7e8a9d2e4f6a8b0c1d3e5f7a9b2c4d6e8f0a1b3c5d7e9f1a3b5c7d9e1f']),
  ),
  flag(
    '3: personal_sign of a hex-encoded signed-looking transaction',
    'opaque bytes, not a readable message',
    rpc('personal_sign', [hexTx, ME]),
  ),
  flag(
    '3: personal_sign of a bare 32-byte digest',
    'blind signature of a hash',
    rpc('personal_sign', ['0x9a1f3e5d7c9b1a3f5e7d9c1b3a5f7e9d1c3b5a7f9e1d3c5b7a9f1e3d5c7b9a1f', ME]),
  ),
  flag(
    '3: Permit2 PermitSingle to the Universal Router but signed for Arbitrum on Ethereum',
    'domain.chainId is not the chain the user is on: a signature harvested for another chain',
    signTyped('PermitSingle', PERMIT_SINGLE_TYPES, permit2Domain(42161), {
      details: { token: ARB_USDC, amount: MAX160, expiration: FAR, nonce: '0' },
      spender: UNIVERSAL_ROUTER,
      sigDeadline: FAR,
    }),
  ),
  flag(
    '3: SafeTx delegatecall to an unknown contract',
    'the unknown code runs as the Safe (owner swap, drain)',
    safeTx(DRAINER, fn('function upgrade(address)', [EVIL]), 1),
  ),
  flag(
    '3: Safe execTransaction (on-chain) with operation=1 to an unknown contract',
    'same delegatecall, sent as the execution transaction',
    send({ to: MY_SAFE, data: execTransaction(DRAINER, fn('function migrate()', []), 1) }),
  ),
  flag(
    '3: SafeTx via MultiSendCallOnly hiding an unlimited USDC approve to a stranger',
    'legit batching contract, malicious inner call',
    safeTx(MULTISEND_CALL_ONLY, multiSend([{ to: USDC, data: approve(EVIL, maxUint256) }]), 1),
  ),
  flag(
    '3: smart-account executeBatch wrapping an unlimited WETH approve',
    'approval hidden inside a batch',
    send({
      to: ME,
      data: fn('function executeBatch((address,uint256,bytes)[])', [[[WETH, 0n, approve(EVIL, maxUint256)]]]),
    }),
  ),
  flag(
    '3: 1.5 ETH to an unknown contract with an unknown selector',
    '"SecurityUpdate()" drainer pattern',
    send({ to: DRAINER, value: '0x14d1120d7b160000', data: '0x5fba79f5' }),
  ),
  flag(
    "3: USDT transfer to a look-alike of the user's own address",
    'address poisoning twin',
    send({ to: USDT, data: transfer(ME_TWIN, 25_000n * 10n ** 6n) }),
  ),
  flag(
    '3: evasion: unlimited approve with upper-case 0X calldata',
    'encoding games to dodge decoders',
    raw({ to: USDC, data: approve(EVIL, maxUint256).toUpperCase(), chainId: 1 }),
  ),
  flag(
    '3: evasion: unlimited approve, calldata without 0x, chainId "1"',
    'unprefixed calldata',
    raw({ to: LINK, data: approve(EVIL, maxUint256).slice(2), chainId: '1' }),
  ),
  flag(
    '3: evasion: unlimited approve with trailing junk bytes',
    'extra padding after the ABI words',
    raw({ to: WBTC, data: `${approve(EVIL, maxUint256)}${'00'.repeat(7)}deadbeef`, chainId: '0x01' }),
  ),
  flag(
    '3: evasion: setApprovalForAll with mixed-case to and decimal value "0"',
    'non-checksum case, odd value',
    raw({ to: '0xBC4CA0EDA7647A8AB7C2061C2E118A18A936F13D', value: '0', data: approvalForAll(EVIL, true) }),
  ),
  flag(
    '3: solana: SPL SetAuthority (account owner) to an attacker',
    'owner change of a USDC account',
    solana([
      priorityFee,
      ix(
        TOKEN_PROGRAM,
        [SOL_ME_USDC, SOL_ME],
        Buffer.concat([Buffer.of(6, 2, 1), Buffer.from(base58.decode(SOL_EVIL))]),
      ),
    ]),
  ),
  flag(
    '3: solana: System Assign of the wallet to an unknown program',
    'the program then owns the account',
    solana([ix(SYSTEM, [SOL_ME], Buffer.concat([u32(1), Buffer.from(base58.decode(SOL_EVIL_PROGRAM))]))]),
  ),
  flag(
    '3: solana: SPL Approve max u64 to an unknown delegate',
    'delegate can move all USDC',
    solana([
      priorityFee,
      ix(TOKEN_PROGRAM, [SOL_ME_USDC, SOL_EVIL, SOL_ME], Buffer.concat([Buffer.of(4), u64(2n ** 64n - 1n)])),
    ]),
  ),
];

const BENIGN: Case3[] = [
  allow('3: 250 USDC to a friend', 'everyday transfer', send({ to: USDC, data: transfer(FRIEND, 250n * 10n ** 6n) })),
  allow(
    '3: 1,000 USDT to a friend',
    'everyday transfer',
    send({ to: USDT, data: transfer(FRIEND2, 1_000n * 10n ** 6n) }),
  ),
  allow(
    '3: 40 DAI to a friend, chainId as a JSON number',
    'common dapp serialisation',
    raw({ from: ME, to: DAI, data: transfer(FRIEND, 40n * 10n ** 18n), chainId: 1, value: '0x0' }),
  ),
  allow('3: 0.05 ETH to a friend', 'plain native transfer', send({ to: FRIEND, value: '0xb1a2bc2ec50000' })),
  allow('3: WETH deposit 1 ETH', 'wrap', send({ to: WETH, value: '0xde0b6b3a7640000', data: '0xd0e30db0' })),
  allow('3: WETH withdraw 1 WETH', 'unwrap', send({ to: WETH, data: fn('function withdraw(uint256)', [10n ** 18n]) })),
  allow(
    '3: USDC unlimited approve to Permit2',
    'the standard Uniswap first step',
    send({ to: USDC, data: approve(PERMIT2, maxUint256) }),
  ),
  allow(
    '3: Arbitrum USDC unlimited approve to Permit2',
    'same flow on an L2',
    send({ to: ARB_USDC, data: approve(PERMIT2, maxUint256) }, 'arbitrum'),
  ),
  allow(
    '3: USDC exact approve 500 to the 1inch v6 router',
    'exact approval to a well-known router',
    send({ to: USDC, data: approve(ONEINCH_V6, 500n * 10n ** 6n) }),
  ),
  allow(
    '3: revoke: USDT approve(unknown, 0)',
    'revoking an old allowance is safe whoever the spender',
    send({ to: USDT, data: approve(EVIL, 0n) }),
  ),
  allow(
    '3: revoke: setApprovalForAll(unknown, false) on BAYC',
    'revoking an operator',
    send({ to: BAYC, data: approvalForAll(DRAINER, false) }),
  ),
  allow(
    '3: Universal Router swap 0.5 ETH -> USDC',
    'ordinary swap',
    send({ to: UNIVERSAL_ROUTER, value: '0x6f05b59d3b20000', data: universalRouterSwap }),
  ),
  allow(
    '3: 0x Exchange Proxy sellToUniswap USDC -> WETH',
    'ordinary aggregator swap',
    send({
      to: ZEROX_PROXY,
      data: fn('function sellToUniswap(address[],uint256,uint256,bool)', [
        [USDC, WETH],
        1_000n * 10n ** 6n,
        3n * 10n ** 17n,
        false,
      ]),
    }),
  ),
  allow(
    '3: Curve 3pool exchange DAI -> USDC',
    'ordinary stable swap',
    send({
      to: CURVE_3POOL,
      data: fn('function exchange(int128,int128,uint256,uint256)', [0n, 1n, 500n * 10n ** 18n, 499n * 10n ** 6n]),
    }),
  ),
  allow(
    '3: Aave v3 supply 1,000 USDC',
    'lending deposit',
    send({
      to: AAVE_V3_POOL,
      data: fn('function supply(address,uint256,address,uint16)', [USDC, 1_000n * 10n ** 6n, ME, 0]),
    }),
  ),
  allow(
    '3: Aave v3 withdraw all USDC',
    'lending withdrawal (max = all)',
    send({ to: AAVE_V3_POOL, data: fn('function withdraw(address,uint256,address)', [USDC, maxUint256, ME]) }),
  ),
  allow(
    '3: Lido stake 2 ETH',
    'submit(referral) on stETH',
    send({ to: STETH, value: '0x1bc16d674ec80000', data: fn('function submit(address)', [ZERO]) }),
  ),
  allow(
    '3: ENS commit',
    'first step of a name registration',
    send({
      to: ENS_CONTROLLER,
      data: fn('function commit(bytes32)', ['0x6a1f3e5d7c9b1a3f5e7d9c1b3a5f7e9d1c3b5a7f9e1d3c5b7a9f1e3d5c7b9a1f']),
    }),
  ),
  allow(
    '3: ENS renew for one year',
    'payable renew on the registrar controller',
    send({
      to: ENS_CONTROLLER,
      value: '0x2386f26fc10000',
      data: fn('function renew(string,uint256)', ['myname', 31_536_000n]),
    }),
  ),
  allow(
    '3: Uniswap V3 collect fees of my position',
    'position management',
    send({
      to: V3_POSITIONS,
      data: fn('function collect((uint256,address,uint128,uint128))', [
        [654_321n, ME, 2n ** 128n - 1n, 2n ** 128n - 1n],
      ]),
    }),
  ),
  allow(
    '3: Arbitrum bridge depositEth 0.2 ETH',
    'canonical bridge',
    send({ to: ARB_DELAYED_INBOX, value: '0x2c68af0bb140000', data: fn('function depositEth()', []) }),
  ),
  allow(
    '3: Optimism bridge depositETH 0.2 ETH',
    'canonical bridge',
    send({
      to: OP_L1_BRIDGE,
      value: '0x2c68af0bb140000',
      data: fn('function depositETH(uint32,bytes)', [200_000, '0x']),
    }),
  ),
  allow(
    '3: Base USDC transfer to a friend',
    'everyday L2 transfer',
    send({ to: BASE_USDC, data: transfer(FRIEND, 20n * 10n ** 6n) }, 'base'),
  ),
  allow(
    '3: SIWE login message (plain text)',
    'EIP-4361 sign-in',
    rpc('personal_sign', [
      [
        'app.uniswap.org wants you to sign in with your Ethereum account:',
        ME,
        '',
        'Sign in to Uniswap',
        '',
        'URI: https://app.uniswap.org',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: 32891756',
        'Issued At: 2026-11-24T10:00:00.000Z',
      ].join('\n'),
      ME,
    ]),
  ),
  allow(
    '3: OpenSea login, hex-encoded UTF-8 (as ethers sends it)',
    'readable text in hex form',
    rpc('personal_sign', [
      stringToHex(
        'Welcome to OpenSea!\n\nClick to sign in and accept the OpenSea Terms of Service.\n\n' +
          'This request will not trigger a blockchain transaction or cost any gas fees.\n\n' +
          `Wallet address:\n${ME}\n\nNonce:\n8c1d2f3a-4b5e-6f70-8192-a3b4c5d6e7f8`,
      ),
      ME,
    ]),
  ),
  allow(
    '3: OpenSea listing of BAYC at 30 ETH with fees',
    'fair-price listing',
    seaportOrder(
      [nft(BAYC, '8817')],
      [
        eth(String(2925n * 10n ** 16n), ME),
        eth(String(25n * 10n ** 16n), OPENSEA_FEE),
        eth(String(50n * 10n ** 16n), FRIEND2),
      ],
      String(NOW + 86_400 * 30),
    ),
  ),
  allow(
    '3: Permit2 PermitSingle exact 1,000 USDC to the Universal Router',
    'the normal Uniswap signature',
    signTyped('PermitSingle', PERMIT_SINGLE_TYPES, permit2Domain(), {
      details: { token: USDC, amount: String(1_000n * 10n ** 6n), expiration: String(NOW + 86_400 * 30), nonce: '4' },
      spender: UNIVERSAL_ROUTER,
      sigDeadline: String(NOW + 1800),
    }),
  ),
  allow(
    '3: Snapshot vote',
    'off-chain governance vote',
    signTyped(
      'Vote',
      {
        Vote: [
          f('from', 'address'),
          f('space', 'string'),
          f('timestamp', 'uint64'),
          f('proposal', 'bytes32'),
          f('choice', 'uint32'),
          f('reason', 'string'),
          f('app', 'string'),
          f('metadata', 'string'),
        ],
      },
      { name: 'snapshot', version: '0.1.4' },
      {
        from: ME,
        space: 'aave.eth',
        timestamp: String(NOW),
        choice: 1,
        reason: '',
        app: 'snapshot',
        proposal: '0x1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90a',
        metadata: '{}',
      },
    ),
  ),
  allow(
    '3: SafeTx call: 5,000 USDC to a friend',
    'Safe owner signing a plain payment',
    safeTx(USDC, transfer(FRIEND, 5_000n * 10n ** 6n), 0),
  ),
  allow(
    '3: SafeTx delegatecall to MultiSendCallOnly paying two friends',
    'how the Safe app batches',
    safeTx(
      MULTISEND_CALL_ONLY,
      multiSend([
        { to: USDC, data: transfer(FRIEND, 100n * 10n ** 6n) },
        { to: DAI, data: transfer(FRIEND2, 100n * 10n ** 18n) },
      ]),
      1,
    ),
  ),
  allow(
    '3: solana: 0.5 SOL to a friend with a priority fee',
    'everyday transfer',
    solana([priorityFee, ix(SYSTEM, [SOL_ME, SOL_FRIEND], Buffer.concat([u32(2), u64(500_000_000n)]))]),
  ),
  allow(
    '3: solana: 25 USDC TransferChecked to a friend',
    'everyday SPL transfer',
    solana([
      priorityFee,
      ix(
        TOKEN_PROGRAM,
        [SOL_ME_USDC, SOL_USDC, SOL_FRIEND_USDC, SOL_ME],
        Buffer.concat([Buffer.of(12), u64(25_000_000n), Buffer.of(6)]),
      ),
    ]),
  ),
];

export const CASES_3: Case3[] = [...MALICIOUS, ...BENIGN];

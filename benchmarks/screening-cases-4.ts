/**
 * Transaction cases, set 4 (issue 14): the request kinds the fourth pass taught the scan to read: an ERC-721
 * `approve` of one NFT, EIP-5792 `wallet_sendCalls`, ERC-7579 `execute(bytes32,bytes)` and Blur's bulk-listing
 * `Root` signature; and requests that name their site (`origin`), screened as a URL. Unlike set 3 these were
 * written by the helper who wrote the rules, next to them: they show the rules on whole requests as a wallet sends
 * them, and are no independent measure. Well-known contracts are real mainnet addresses already in the registry;
 * the user, friends and attackers are made up; the block-listed site is an entry of MetaMask's list.
 */
import {
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  type Hex,
  maxUint256,
  parseAbi,
  parseAbiParameters,
} from 'viem';
import type { ScreeningRequest } from '../src/screening/scan.ts';

export type Case4 = { name: string; expected: 'flag' | 'allow'; why: string; req: ScreeningRequest };

// The user's smart account / 7702-delegated wallet, friends, attackers (made up).
const ME = '0x3c5e7a9b1d2f4e6a8c0b2d4f6a8c1e3b5d7f9a2c';
const FRIEND = '0x5e7a9b1d2f4e6a8c0b2d4f6a8c1e3b5d7f9a2c3c';
const FRIEND2 = '0x7a9b1d2f4e6a8c0b2d4f6a8c1e3b5d7f9a2c3c5e';
const EVIL = '0xe1d2c3b4a5968778695a4b3c2d1e0f9e8d7c6b5a';
const DELEGATE = '0x4b3c2d1e0f9e8d7c6b5ae1d2c3b4a59687786950';
const FRESH_COLLECTION = '0x9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c';
// Well-known mainnet contracts (all in registry/protocol-contracts.ts or the default token list).
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const BAYC = '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d';
const AZUKI = '0xed5af388653567af2f388e6224dc7c4b3241c544';
const OPENSEA_CONDUIT = '0x1e0049783f008a0085193e00003d00cd54003c71';
const UNIVERSAL_ROUTER = '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad';
const BLUR_EXCHANGE = '0x000000000000ad05ccc4f10045630fb830b95127';
const ZERO = '0x0000000000000000000000000000000000000000';

const fn = (signature: string, args: unknown[]): Hex =>
  encodeFunctionData({ abi: parseAbi([signature]), args } as never);
const approve = (spender: string, amount: bigint) => fn('function approve(address,uint256)', [spender, amount]);
const transfer = (to: string, amount: bigint) => fn('function transfer(address,uint256)', [to, amount]);

const request = (doc: object, walletAddress = ME): ScreeningRequest => ({
  type: 'transaction',
  chain: 'ethereum',
  walletAddress,
  value: JSON.stringify(doc),
});
const send = (tx: object) => request({ method: 'eth_sendTransaction', params: [{ from: ME, ...tx }] });
const sendCalls = (calls: object[]) =>
  request({
    method: 'wallet_sendCalls',
    params: [{ version: '2.0.0', chainId: '0x1', from: ME, atomicRequired: true, calls }],
  });

// ERC-7579: mode = call type, exec type, 4 unused bytes, mode selector, payload.
const mode = (callType: string, selector = '00000000') =>
  `0x${callType}00${'00'.repeat(4)}${selector}${'00'.repeat(22)}`;
const execute = (m: string, execution: Hex) => fn('function execute(bytes32,bytes)', [m, execution]);
const single = (to: string, value: bigint, data: Hex) =>
  encodePacked(['address', 'uint256', 'bytes'], [to as Hex, value, data]);
type Execution = { target: string; value: bigint; callData: Hex };
const batch = (calls: Execution[], opData?: Hex) =>
  opData === undefined
    ? encodeAbiParameters(parseAbiParameters('(address target, uint256 value, bytes callData)[]'), [calls as never])
    : encodeAbiParameters(parseAbiParameters('(address target, uint256 value, bytes callData)[], bytes'), [
        calls as never,
        opData,
      ]);
const ownAccount = (data: Hex) => send({ to: ME, data });

const blurRoot = (origin?: string) =>
  request({
    method: 'eth_signTypedData_v4',
    params: [
      ME,
      JSON.stringify({
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'version', type: 'string' },
            { name: 'chainId', type: 'uint256' },
            { name: 'verifyingContract', type: 'address' },
          ],
          Root: [{ name: 'root', type: 'bytes32' }],
        },
        primaryType: 'Root',
        domain: { name: 'Blur Exchange', version: '1.0', chainId: 1, verifyingContract: BLUR_EXCHANGE },
        message: { root: '0x5f2b0c7e9a1d3f4b6c8e0a2d4f6b8c0e1a3c5e7f9b1d3f5a7c9e1b3d5f7a9c1e' },
      }),
    ],
    ...(origin === undefined ? {} : { origin }),
  });

// The requesting site (`origin`, tx/origin-findings.ts), at the top of the request as a wallet passes it on.
const sendFrom = (origin: string, tx: object) =>
  request({ method: 'eth_sendTransaction', params: [{ from: ME, ...tx }], origin });
const signFrom = (origin: string, message: string) =>
  request({ method: 'personal_sign', params: [message, ME], origin });
// On MetaMask's block-list (config.json `blacklist`), which the case tables load.
const LISTED_SITE = 'https://free-azuki.com/mint';

const flag = (name: string, why: string, req: ScreeningRequest): Case4 => ({ name, expected: 'flag', why, req });
const allow = (name: string, why: string, req: ScreeningRequest): Case4 => ({ name, expected: 'allow', why, req });

const MALICIOUS: Case4[] = [
  flag(
    '4: Azuki approve(unknown, #4021)',
    'one NFT handed to a stranger',
    send({ to: AZUKI, data: approve(EVIL, 4021n) }),
  ),
  flag(
    '4: approve(unknown, 317) on an unlisted collection',
    'a small number on an unknown contract is a token id',
    send({ to: FRESH_COLLECTION, data: approve(EVIL, 317n) }),
  ),
  flag(
    '4: wallet_sendCalls hiding an unlimited USDC approve as call 1',
    'a batch hides the allowance behind a payment',
    sendCalls([
      { to: USDC, data: transfer(FRIEND, 20n * 10n ** 6n), value: '0x0' },
      { to: USDC, data: approve(EVIL, maxUint256), value: '0x0' },
    ]),
  ),
  flag(
    '4: wallet_sendCalls with setApprovalForAll(BAYC) to an unknown operator',
    'the whole collection inside a batch',
    sendCalls([{ to: BAYC, data: fn('function setApprovalForAll(address,bool)', [EVIL, true]) }]),
  ),
  flag(
    '4: wallet_sendCalls of 300 calls',
    'more calls than are screened: the rest could hide anything',
    sendCalls(Array.from({ length: 300 }, () => ({ to: FRIEND, value: '0x38d7ea4c68000' }))),
  ),
  flag(
    '4: ERC-7579 batch execute hiding an unlimited USDC approve',
    "the account's own batch runs the approval as the user",
    ownAccount(
      execute(
        mode('01'),
        batch([
          { target: USDC, value: 0n, callData: transfer(FRIEND, 5n * 10n ** 6n) },
          { target: USDC, value: 0n, callData: approve(EVIL, maxUint256) },
        ]),
      ),
    ),
  ),
  flag(
    '4: ERC-7579 delegatecall to unknown code',
    'the code runs as the account and can take everything',
    ownAccount(execute(mode('ff'), encodePacked(['address', 'bytes'], [DELEGATE, '0x8a0dac4a']))),
  ),
  flag(
    '4: ERC-7579 single execute: claim() paying 1 ETH to an unknown contract',
    'value to unreadable code, through the account',
    ownAccount(execute(mode('00'), single(DELEGATE, 10n ** 18n, fn('function claim()', [])))),
  ),
  flag(
    '4: ERC-7579 execute with execution data that does not decode',
    'hand-made encodings slip past decoders',
    ownAccount(execute(mode('01'), '0x000000000000000000000000000000000000000000000000000000000000ffff')),
  ),
  flag(
    '4: Blur bulk Root signature asked for by another site',
    'unlimited listing of every approved NFT at any price',
    blurRoot('https://blur-rewards.app/claim'),
  ),
  flag('4: Blur bulk Root signature, site not named', 'opaque; the site cannot be told', blurRoot()),
  flag(
    '4: 100 USDC to a friend, asked for by a block-listed site',
    'the site is a listed phishing site: whatever it asks for',
    sendFrom(LISTED_SITE, { to: USDC, data: transfer(FRIEND, 100n * 10n ** 6n) }),
  ),
  flag(
    '4: sign-in message asked for by a typosquat of Uniswap',
    'a look-alike site asks for a first signature before the drain',
    signFrom('https://uniswaap.org/connect', 'Welcome! Sign this message to connect your wallet.'),
  ),
];

const BENIGN: Case4[] = [
  allow(
    "4: BAYC approve(OpenSea's conduit, #8817)",
    'listing one ape on OpenSea',
    send({ to: BAYC, data: approve(OPENSEA_CONDUIT, 8817n) }),
  ),
  allow('4: BAYC approve(0x0, #8817): clear the approval', 'revoke', send({ to: BAYC, data: approve(ZERO, 8817n) })),
  allow(
    '4: wallet_sendCalls paying two friends',
    'an ordinary batch',
    sendCalls([
      { to: USDC, data: transfer(FRIEND, 25n * 10n ** 6n) },
      { to: FRIEND2, value: '0x2386f26fc10000' },
    ]),
  ),
  allow(
    '4: wallet_sendCalls approve 100 USDC to the Universal Router, then swap',
    'approve-and-swap in one batch, as dapps do with EIP-5792',
    sendCalls([
      { to: USDC, data: approve(UNIVERSAL_ROUTER, 100n * 10n ** 6n) },
      { to: UNIVERSAL_ROUTER, data: fn('function execute(bytes,bytes[],uint256)', ['0x00', ['0x'], 1_800_000_000n]) },
    ]),
  ),
  allow(
    '4: ERC-7579 single execute paying a friend 5 USDC',
    "a payment from one's own account",
    ownAccount(execute(mode('00'), single(USDC, 0n, transfer(FRIEND, 5n * 10n ** 6n)))),
  ),
  allow(
    '4: ERC-7579 batch: 50 USDC to the Universal Router and a payment',
    'the account batches a bounded approval',
    ownAccount(
      execute(
        mode('01'),
        batch([
          { target: USDC, value: 0n, callData: approve(UNIVERSAL_ROUTER, 50n * 10n ** 6n) },
          { target: USDC, value: 0n, callData: transfer(FRIEND2, 10n ** 6n) },
        ]),
      ),
    ),
  ),
  allow(
    '4: ERC-7821 batch with opData paying two friends',
    'a 7702 wallet batch (mode 0x01000000000078210001)',
    ownAccount(
      execute(
        mode('01', '78210001'),
        batch(
          [
            { target: FRIEND, value: 10n ** 16n, callData: '0x' },
            { target: FRIEND2, value: 10n ** 16n, callData: '0x' },
          ],
          `0x${'11'.repeat(65)}`,
        ),
      ),
    ),
  ),
  allow('4: Blur bulk Root signature on blur.io', "Blur's own bulk listing", blurRoot('https://blur.io/portfolio')),
  allow(
    '4: approve 100 USDC to the Universal Router, asked for by app.uniswap.org',
    "the router's own site, allow-listed",
    sendFrom('https://app.uniswap.org/swap', { to: USDC, data: approve(UNIVERSAL_ROUTER, 100n * 10n ** 6n) }),
  ),
  allow(
    '4: sign-in message asked for by opensea.io',
    "a brand's own domain",
    signFrom('https://opensea.io', 'Welcome to OpenSea! Click to sign in and accept the Terms of Service.'),
  ),
];

export const CASES_4: Case4[] = [...MALICIOUS, ...BENIGN];

/**
 * Transaction and wallet cases, set 5 (issue 14, twelfth pass), written from what the attacks look like before any
 * rule of that pass was changed: address poisoning as it is done (a zero-value `transferFrom` of real USDC in the
 * user's name, a fake "USDC" token's transfer from the user, each to a look-alike of a real counterparty, so the
 * look-alike sits in the user's own history), signatures to freshly deployed spenders, and typed data whose
 * `domain.chainId` names another chain in another encoding (hex string, decimal string) or in another kind of
 * signature (Permit2, Seaport). The chain-data cases read the scripted histories of
 * test/helpers/screening-chain-scenario.ts from the loopback Etherscan server. Written by the helper who then wrote
 * the rules: no independent measure.
 */
import type { ScreeningDeps, ScreeningRequest } from '../src/screening/scan.ts';
import { PERMIT2_ADDRESS } from '../src/screening/tx/evm-abis.ts';
import { PARTIES as P } from '../test/helpers/screening-chain-scenario.ts';
import { seaportWethOffer } from '../test/helpers/screening-requests.ts';
import { encodeFunctionData, type Hex } from 'viem';
import { TOKEN_ABI } from '../src/screening/tx/evm-abis.ts';

export type Case5 = { name: string; expected: 'flag' | 'allow'; req: ScreeningRequest; deps?: Partial<ScreeningDeps> };

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const ROUTER = '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad';
const EVIL = '0xe1d2c3b4a5968778695a4b3c2d1e0f9e8d7c6b5a';

const request = (doc: object): ScreeningRequest => ({
  type: 'transaction',
  chain: 'ethereum',
  value: JSON.stringify(doc),
  walletAddress: P.me,
});
const typed = (primaryType: string, domain: object, message: object): ScreeningRequest =>
  request({ method: 'eth_signTypedData_v4', params: [P.me, { primaryType, domain, message, types: {} }] });
const usdcPermit = (chainId: unknown, spender: string): ScreeningRequest =>
  typed(
    'Permit',
    { name: 'USD Coin', version: '2', chainId, verifyingContract: USDC },
    { owner: P.me, spender, value: '100000000', nonce: '0', deadline: '1900000000' },
  );
const permitSingle = (chainId: unknown, spender: string): ScreeningRequest =>
  typed(
    'PermitSingle',
    { name: 'Permit2', chainId, verifyingContract: PERMIT2_ADDRESS },
    {
      details: { token: USDC, amount: '100000000', expiration: '1900000000', nonce: '0' },
      spender,
      sigDeadline: '1900000000',
    },
  );
/** The typed data alone, as a client may send what a dapp asked to sign. */
const bare = (spender: string): ScreeningRequest => ({
  type: 'transaction',
  chain: 'ethereum',
  walletAddress: P.me,
  value: JSON.stringify({
    primaryType: 'Permit',
    domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: USDC },
    types: {},
    message: {
      owner: P.me,
      spender,
      value: spender === ROUTER ? '100000000' : `${2n ** 256n - 1n}`,
      nonce: '0',
      deadline: '1900000000',
    },
  }),
});
const transfer = (to: string) =>
  encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [to as Hex, 10n ** 8n] });
const wallet = (value: string): ScreeningRequest => ({ type: 'wallet', chain: 'ethereum', value, walletAddress: P.me });

/** The cases; `deps` (the scenario's history source and clock) is given to the chain-data cases. */
export function cases5(deps: Partial<ScreeningDeps>): Case5[] {
  const seaportOn = (chainId: unknown) => {
    const order = seaportWethOffer(P.me);
    return request({
      method: 'eth_signTypedData_v4',
      params: [P.me, { ...order, domain: { ...order.domain, chainId } }],
    });
  };
  const withChainData = (name: string, expected: 'flag' | 'allow', req: ScreeningRequest): Case5 => ({
    name,
    expected,
    req,
    deps,
  });
  const usdcTo = (to: string) => request({ to: USDC, data: transfer(to) });
  return [
    // address poisoning planted in the user's own history
    withChainData(
      'tx: 100 USDC to a look-alike that planted a zero-value USDC transfer in your history',
      'flag',
      usdcTo(P.zeroPoisoner),
    ),
    withChainData(
      'tx: 100 USDC to a look-alike that planted a fake-USDC transfer in your history',
      'flag',
      usdcTo(P.fakeTokenPoisoner),
    ),
    withChainData(
      'tx: 0.5 ETH to a look-alike that planted a zero-value USDC transfer',
      'flag',
      request({ to: P.zeroPoisoner, value: '0x6f05b59d3b20000' }),
    ),
    withChainData('wallet: a look-alike that planted a zero-value transfer', 'flag', wallet(P.zeroPoisoner)),
    withChainData('tx: 100 USDC to a friend paid once before', 'allow', usdcTo(P.friend2)),
    withChainData('wallet: a friend paid once before', 'allow', wallet(P.friend2)),
    // signatures to a contract first active two days ago
    withChainData('Permit2 PermitSingle of 100 USDC to a 2-day-old contract', 'flag', permitSingle(1, P.fresh)),
    withChainData('USDC Permit of 100 to a 2-day-old contract', 'flag', usdcPermit(1, P.fresh)),
    // domain.chainId of another chain, in other encodings and other signatures
    {
      name: 'USDC Permit, domain.chainId "0x89" (hex string), Ethereum request',
      expected: 'flag',
      req: usdcPermit('0x89', ROUTER),
    },
    {
      name: 'USDC Permit, domain.chainId "137" (decimal string), Ethereum request',
      expected: 'flag',
      req: usdcPermit('137', ROUTER),
    },
    {
      name: 'Permit2 PermitSingle to the Universal Router, domain.chainId 56, Ethereum request',
      expected: 'flag',
      req: permitSingle(56, ROUTER),
    },
    { name: 'Seaport WETH offer, domain.chainId 137, Ethereum request', expected: 'flag', req: seaportOn(137) },
    {
      name: 'Permit2 PermitSingle to the Universal Router, domain.chainId "0x1"',
      expected: 'allow',
      req: permitSingle('0x1', ROUTER),
    },
    {
      name: 'USDC Permit to the Universal Router, domain.chainId "1"',
      expected: 'allow',
      req: usdcPermit('1', ROUTER),
    },
    { name: 'Seaport WETH offer, domain.chainId "0x01"', expected: 'allow', req: seaportOn('0x01') },
    // the typed data alone, without the eth_signTypedData_v4 envelope (added after the first scan of this set)
    {
      name: 'unlimited USDC Permit to an unknown spender, bare typed data (no method)',
      expected: 'flag',
      req: bare(EVIL),
    },
    {
      name: 'USDC Permit of 100 to the Universal Router, bare typed data (no method)',
      expected: 'allow',
      req: bare(ROUTER),
    },
  ];
}

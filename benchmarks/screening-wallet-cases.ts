/**
 * Wallet and transaction cases that need chain data, answered by the loopback Etherscan server of the tests
 * (test/helpers/screening-chain-scenario.ts: the real Etherscan protocol, scripted histories).
 */
import { encodeFunctionData, maxUint256 } from 'viem';
import type { ScreeningKnowledge } from '../src/screening/knowledge.ts';
import type { ScreeningDeps, ScreeningRequest } from '../src/screening/scan.ts';
import { TOKEN_ABI } from '../src/screening/tx/evm-abis.ts';
import { NOW, PARTIES as P, startScenario } from '../test/helpers/screening-chain-scenario.ts';

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';

type Case = { name: string; expected: 'flag' | 'allow'; req: ScreeningRequest; deps?: Partial<ScreeningDeps> };

export async function walletCases(
  _knowledge: ScreeningKnowledge,
): Promise<{ cases: Case[]; deps: Partial<ScreeningDeps>; close: () => Promise<void> }> {
  const { server, source } = await startScenario();
  const deps = { addressHistory: source, now: () => NOW * 1000 };
  const wallet = (value: string, walletAddress = P.me): ScreeningRequest => ({
    type: 'wallet',
    chain: 'ethereum',
    value,
    walletAddress,
  });
  const tx = (v: object): ScreeningRequest => ({
    type: 'transaction',
    chain: 'ethereum',
    value: JSON.stringify(v),
    walletAddress: P.me,
  });
  const approve = (spender: string, amount: bigint) =>
    encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [spender as `0x${string}`, amount] });
  const transfer = (to: string) =>
    encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [to as `0x${string}`, 10n ** 8n] });
  const cases: Case[] = [
    { name: "wallet: a drainer's payout address (4 swept victims)", expected: 'flag', req: wallet(P.drainer), deps },
    { name: 'wallet: a swept wallet whose income is forwarded', expected: 'flag', req: wallet(P.swept), deps },
    { name: "wallet: look-alike of the user's monthly counterparty", expected: 'flag', req: wallet(P.lookalike), deps },
    {
      name: 'tx: 1000 USDC approve to a 2-day-old contract',
      expected: 'flag',
      req: tx({ to: USDC, data: approve(P.fresh, 10n ** 9n) }),
      deps,
    },
    {
      name: "tx: USDC transfer to a look-alike of the user's counterparty",
      expected: 'flag',
      req: tx({ to: USDC, data: transfer(P.lookalike) }),
      deps,
    },
    { name: "tx: ETH to a drainer's payout address", expected: 'flag', req: tx({ to: P.drainer, value: '0x1' }), deps },
    { name: "wallet: the user's regular counterparty", expected: 'allow', req: wallet(P.friend), deps },
    { name: 'wallet: an ordinary wallet', expected: 'allow', req: wallet(P.ordinary), deps },
    {
      name: 'tx: 100 USDC to the regular counterparty',
      expected: 'allow',
      req: tx({ to: USDC, data: transfer(P.friend) }),
      deps,
    },
    {
      name: 'tx: ETH to an ordinary wallet',
      expected: 'allow',
      req: tx({ to: P.ordinary, value: '0x2386f26fc10000' }),
      deps,
    },
    {
      name: 'tx: revoke (approve 0) of the fresh contract',
      expected: 'allow',
      req: tx({ to: USDC, data: approve(P.fresh, 0n) }),
      deps,
    },
    {
      name: 'tx: unlimited approve to a year-old unknown contract',
      expected: 'flag',
      req: tx({ to: USDC, data: approve(P.old, maxUint256) }),
      deps,
    },
  ];
  return { cases, deps, close: () => server.close() };
}

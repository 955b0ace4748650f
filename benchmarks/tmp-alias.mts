import { analyzeTransaction } from '../src/screening/tx/analyze-transaction.ts';
import { ScreeningKnowledge } from '../src/screening/knowledge.ts';
import { encodeFunctionData, parseAbi } from 'viem';
const k = new ScreeningKnowledge([]);
const abi = parseAbi(['function multicall(bytes[] data)', 'function transfer(address,uint256)']);
const tr = encodeFunctionData({ abi, functionName: 'transfer', args: ['0x' + '34'.repeat(20) as `0x${string}`, 5n] });
const d = encodeFunctionData({ abi, functionName: 'multicall', args: [Array(1200).fill(tr)] });
console.log('bytes', d.length / 2);
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const r = analyzeTransaction('evm', JSON.stringify({ to: '0x' + '12'.repeat(20), data: d }), k);
  console.log('findings', r.findings.length, 'ms', (performance.now() - t0).toFixed(0));
}

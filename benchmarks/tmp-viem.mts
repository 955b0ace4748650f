import { decodeAbiParameters, encodeAbiParameters, parseAbiParameters } from 'viem';
const P = parseAbiParameters('(address target, uint256 value, bytes callData)[]');
const calls = [{ target: '0x' + '11'.repeat(20), value: 1n, callData: '0x1234' }] as const;
const plain = encodeAbiParameters(P, [calls as never]);
const withOp = encodeAbiParameters(parseAbiParameters('(address target, uint256 value, bytes callData)[], bytes'), [calls as never, '0xabcd']);
console.log(decodeAbiParameters(P, plain));
console.log(decodeAbiParameters(P, withOp));
try { console.log(decodeAbiParameters(P, '0x1234')); } catch (e) { console.log('err', (e as Error).message.split('\n')[0]); }

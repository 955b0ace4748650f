/**
 * ERC-7579 modular accounts (and ERC-7821 batch executors): `execute(bytes32 mode, bytes executionCalldata)`. The
 * mode's byte 0 is the call type (0x00 single call, 0x01 batch, 0xfe staticcall, 0xff delegatecall), byte 1 the
 * exec type (0x00 revert on failure, 0x01 try), bytes 6..9 a mode selector. Execution data: single
 * `abi.encodePacked(target, value, callData)`, delegatecall `abi.encodePacked(target, callData)`, batch
 * `abi.encode(Execution[])` (ERC-7821 may append opData, which is not read; its mode selector 0x78210002 is a batch
 * of batches, `abi.encode(bytes[])`). A target of 0 is the account itself. Pure decoding: evm-call-findings.ts
 * screens what comes out.
 */
import { decodeAbiParameters, type Hex, parseAbiParameters } from 'viem';

export type InnerCall = { target: string; callData: Hex; value: bigint };

export type Erc7579Execution =
  | { callType: 'single' | 'batch' | 'staticcall'; calls: InnerCall[] }
  | { callType: 'delegatecall'; target: string; callData: Hex }
  | { callType: 'unreadable'; reason: string };

const CALL_TYPES: Record<string, 'single' | 'batch' | 'staticcall' | 'delegatecall'> = {
  '00': 'single',
  '01': 'batch',
  fe: 'staticcall',
  ff: 'delegatecall',
};
const EXECUTIONS = parseAbiParameters('(address target, uint256 value, bytes callData)[]');
const BATCHES = parseAbiParameters('bytes[]');
/** ERC-7821's mode selector for a batch of batches. */
const BATCH_OF_BATCHES = '78210002';
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Decodes one execute call; a batch of batches stops after the part that passes `limit` calls. */
export function decodeErc7579(mode: Hex, execution: Hex, account: string, limit: number): Erc7579Execution {
  const m = mode.slice(2).toLowerCase();
  const callType = CALL_TYPES[m.slice(0, 2)];
  const self = (t: string): string => (t.toLowerCase() === ZERO_ADDRESS ? account : t.toLowerCase());
  const hex = execution.slice(2);
  if (callType === undefined) return { callType: 'unreadable', reason: `unknown call type 0x${m.slice(0, 2)}` };
  if (callType === 'delegatecall') {
    if (hex.length < 40) return { callType: 'unreadable', reason: 'delegatecall data shorter than an address' };
    return { callType, target: self(`0x${hex.slice(0, 40)}`), callData: `0x${hex.slice(40)}` };
  }
  if (callType === 'single' || callType === 'staticcall') {
    if (hex.length < 104) return { callType: 'unreadable', reason: 'single execution shorter than target and value' };
    const target = self(`0x${hex.slice(0, 40)}`);
    return { callType, calls: [{ target, value: BigInt(`0x${hex.slice(40, 104)}`), callData: `0x${hex.slice(104)}` }] };
  }
  try {
    const parts = m.slice(12, 20) === BATCH_OF_BATCHES ? decodeAbiParameters(BATCHES, execution)[0] : [execution];
    const calls: InnerCall[] = [];
    for (const p of parts) {
      for (const c of decodeAbiParameters(EXECUTIONS, p)[0])
        calls.push({ target: self(c.target), value: c.value, callData: c.callData });
      if (calls.length > limit) break;
    }
    return { callType, calls };
  } catch {
    return { callType: 'unreadable', reason: 'batch execution data that does not decode as (target, value, data)[]' };
  }
}

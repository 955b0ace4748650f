/**
 * ABIs of the calls that move or expose assets, for calldata decoding with viem, and the spenders treated as
 * known contracts (routers, Permit2, marketplace conduits). The spender set is a small hand-picked list of widely
 * used mainnet contracts, not an exhaustive registry; an unknown spender is reported as unknown, not as bad.
 */
import { parseAbi } from 'viem';

export const TOKEN_ABI = parseAbi([
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function setApprovalForAll(address operator, bool approved)',
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  // DAI-style permit (holder, spender, nonce, expiry, allowed, v, r, s): names left out to fit a line
  'function permit(address, address, uint256, uint256, bool, uint8, bytes32, bytes32)',
]);

export const PERMIT2_ABI = parseAbi([
  'struct PermitDetails { address token; uint160 amount; uint48 expiration; uint48 nonce; }',
  'struct PermitSingle { PermitDetails details; address spender; uint256 sigDeadline; }',
  'struct PermitBatch { PermitDetails[] details; address spender; uint256 sigDeadline; }',
  'struct TokenPermissions { address token; uint256 amount; }',
  'struct PermitTransferFrom { TokenPermissions permitted; uint256 nonce; uint256 deadline; }',
  'struct SignatureTransferDetails { address to; uint256 requestedAmount; }',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function permit(address owner, PermitSingle permitSingle, bytes signature)',
  'function permit(address owner, PermitBatch permitBatch, bytes signature)',
  // (permit, transferDetails, owner, signature)
  'function permitTransferFrom(PermitTransferFrom, SignatureTransferDetails, address, bytes)',
]);

export const MULTICALL_ABI = parseAbi([
  'struct Call { address target; bytes callData; }',
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'function multicall(bytes[] data)',
  'function multicall(uint256 deadline, bytes[] data)',
  'function aggregate(Call[] calls)',
  'function tryAggregate(bool requireSuccess, Call[] calls)',
  'function aggregate3(Call3[] calls)',
]);

export const PERMIT2_ADDRESS = '0x000000000022d473030f116ddee9f6b43ac78ba3';

/** Widely used spenders/operators (lower-case) -> label. */
export const KNOWN_SPENDERS: Readonly<Record<string, string>> = Object.freeze({
  [PERMIT2_ADDRESS]: 'Uniswap Permit2',
  '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad': 'Uniswap Universal Router',
  '0x66a9893cc07d91d95644aedd05d03f95e1dba8af': 'Uniswap Universal Router v2',
  '0x7a250d5630b4cf539739df2c5dacb4c659f2488d': 'Uniswap V2 Router',
  '0xe592427a0aece92de3edee1f18e0157c05861564': 'Uniswap V3 SwapRouter',
  '0x68b3465833fb72a70ecdf485e0e4c7bd8665fc45': 'Uniswap SwapRouter02',
  '0x1111111254eeb25477b68fb85ed929f73a960582': '1inch Router v5',
  '0x111111125421ca6dc452d289314280a0f8842a65': '1inch Router v6',
  '0xdef1c0ded9bec7f1a1670819833240f027b25eff': '0x Exchange Proxy',
  '0x1e0049783f008a0085193e00003d00cd54003c71': 'OpenSea Conduit',
  '0x00000000000000adc04c56bf30ac9d3c0aaf14dc': 'Seaport 1.5',
  '0x0000000000000068f116a894984e2db1123eb395': 'Seaport 1.6',
  '0xc92e8bdf79f0507f65a392b0ab4667716bfe0110': 'CoW Protocol Vault Relayer',
  '0x9008d19f58aabd9ed0d60971565aa8510560ab41': 'CoW Protocol Settlement',
});

/** Amounts at or above this are treated as unlimited (2^128; max uint256 and max uint160 included). */
export const HUGE_AMOUNT = 2n ** 128n;
/** Permit2's uint160 maximum, its own "unlimited". */
export const MAX_UINT160 = 2n ** 160n - 1n;

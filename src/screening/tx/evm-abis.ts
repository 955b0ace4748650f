/**
 * ABIs of the calls that move or expose assets, for calldata decoding with viem, and the spenders treated as
 * known contracts (routers, Permit2, marketplace conduits). The spender set is a small hand-picked list of widely
 * used mainnet contracts, not an exhaustive registry; an unknown spender is reported as unknown, not as bad.
 */
import { parseAbi } from 'viem';
import { PROTOCOL_CONTRACTS } from '../registry/protocol-contracts.ts';

export const TOKEN_ABI = parseAbi([
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function setApprovalForAll(address operator, bool approved)',
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
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
  'struct PermitBatchTransferFrom { TokenPermissions[] permitted; uint256 nonce; uint256 deadline; }',
  // short aliases of the two structs above (struct names do not change a selector), to keep lines at 120
  'struct BatchPermit { TokenPermissions[] permitted; uint256 nonce; uint256 deadline; }',
  'struct TransferTo { address to; uint256 requestedAmount; }',
  'struct AllowanceTransferDetails { address from; address to; uint160 amount; address token; }',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function permit(address owner, PermitSingle permitSingle, bytes signature)',
  'function permit(address owner, PermitBatch permitBatch, bytes signature)',
  // SignatureTransfer (permit, transferDetails, owner, [witness, witnessTypeString,] signature): names left out
  'function permitTransferFrom(PermitTransferFrom, SignatureTransferDetails, address, bytes)',
  'function permitTransferFrom(PermitBatchTransferFrom, SignatureTransferDetails[], address, bytes)',
  'function permitWitnessTransferFrom(PermitTransferFrom, SignatureTransferDetails, address, bytes32, string, bytes)',
  'function permitWitnessTransferFrom(BatchPermit, TransferTo[], address, bytes32, string, bytes)',
  // AllowanceTransfer transferFrom (from, to, amount, token) and its batch
  'function transferFrom(address from, address to, uint160 amount, address token)',
  'function transferFrom(AllowanceTransferDetails[] transferDetails)',
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

/**
 * Smart-account entry points (ERC-4337 accounts, EIP-7702 delegated wallets): the account runs the inner calls as
 * itself, so an approval inside a batch is the user's approval. SimpleAccount / Kernel / Biconomy `execute`,
 * SimpleAccount v0.6 and v0.7 `executeBatch`, Coinbase Smart Wallet `executeBatch((target, value, data)[])`.
 */
export const SMART_ACCOUNT_ABI = parseAbi([
  'struct AccountCall { address target; uint256 value; bytes data; }',
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, bytes[] func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function executeBatch(AccountCall[] calls)',
]);

/**
 * ERC-7579 modular accounts and ERC-7821 batch executors: the mode word says how executionCalldata is packed
 * (evm-erc7579.ts). executeFromExecutor is the same call made by an installed executor module.
 */
export const ERC7579_ABI = parseAbi([
  'function execute(bytes32 mode, bytes executionCalldata)',
  'function executeFromExecutor(bytes32 mode, bytes executionCalldata)',
]);

export const PERMIT2_ADDRESS = '0x000000000022d473030f116ddee9f6b43ac78ba3';

/** Spenders/operators trusted to receive approvals (lower-case) -> label: the registry's routers and marketplaces. */
export const KNOWN_SPENDERS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries([...PROTOCOL_CONTRACTS.values()].filter((c) => c.spender).map((c) => [c.address, c.label])),
);

/** Amounts at or above this are treated as unlimited (2^128; max uint256 and max uint160 included). */
export const HUGE_AMOUNT = 2n ** 128n;
/** Permit2's uint160 maximum, its own "unlimited". */
export const MAX_UINT160 = 2n ** 160n - 1n;

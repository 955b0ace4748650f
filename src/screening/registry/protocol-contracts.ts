/**
 * A small curated registry of well-known protocol contracts (routers, Permit2, marketplaces, lending pools, liquid
 * staking, canonical bridges, wrapped native tokens, ENS, Safe libraries, Multicall3, blue-chip NFT collections), by
 * chain id. Addresses are from the projects' own deployment docs; entries deployed at one address on many chains
 * (CREATE2: Permit2, Seaport, Multicall3) list every screening chain.
 * Purpose: a well-known contract outranks a noisy scam-address list entry (the entry becomes a conflict finding,
 * never a block) and counts as a known spender. It is not an allow-list for anything else the contract does.
 */
/** Names the registry in findings, like a loaded list. */
export interface RegistryRef {
  readonly name: string;
  readonly version: string;
}

export interface ProtocolContract {
  address: string;
  label: string;
  /** Chain ids the contract is deployed at this address on. */
  chainIds: readonly number[];
  /** Trusted to receive approvals / act as operator (routers, Permit2, marketplaces); false for e.g. WETH, ENS. */
  spender: boolean;
  /**
   * An ERC-721 collection: its `approve(address,uint256)` approves one token id, not an amount (same selector as
   * ERC-20's approve, so only the contract tells them apart).
   */
  erc721: boolean;
}

export const PROTOCOL_REGISTRY_REF: RegistryRef = Object.freeze({ name: 'protocol-registry', version: '2026-11-24' });

/** The EVM chains the screening service names (chains.ts). */
const ALL = [1, 10, 56, 137, 8453, 42161, 43114, 130];
const OP_STACK = [10, 8453, 130];

/** ERC-721 collections of the registry (approve takes a token id): marked in RAW with this fifth element. */
const ERC721 = 'erc721';

const RAW: Array<[string, string, readonly number[], boolean, typeof ERC721?]> = [
  ['0x000000000022d473030f116ddee9f6b43ac78ba3', 'Uniswap Permit2', ALL, true],
  ['0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad', 'Uniswap Universal Router', ALL, true],
  ['0x66a9893cc07d91d95644aedd05d03f95e1dba8af', 'Uniswap Universal Router (v4)', [1], true],
  ['0x6ff5693b99212da76ad316178a184ab56d299b43', 'Uniswap Universal Router (v4)', [8453], true],
  ['0x7a250d5630b4cf539739df2c5dacb4c659f2488d', 'Uniswap V2 Router02', [1], true],
  ['0xe592427a0aece92de3edee1f18e0157c05861564', 'Uniswap V3 SwapRouter', [1, 10, 137, 42161], true],
  ['0x68b3465833fb72a70ecdf485e0e4c7bd8665fc45', 'Uniswap SwapRouter02', [1, 10, 137, 42161], true],
  ['0x2626664c2603336e57b271c5c0b26f421741e481', 'Uniswap SwapRouter02', [8453], true],
  ['0xc36442b4a4522e871399cd717abdd847ab11fe88', 'Uniswap V3 Positions NFT', [1, 10, 137, 42161], true, ERC721],
  ['0x6000da47483062a0d734ba3dc7576ce6a0b645c4', 'UniswapX Exclusive Dutch Order Reactor', [1], true],
  ['0x00000000006c3852cbef3e08e8df289169ede581', 'Seaport 1.1', ALL, true],
  ['0x00000000000001ad428e4906ae43d8f9852d0dd6', 'Seaport 1.4', ALL, true],
  ['0x00000000000000adc04c56bf30ac9d3c0aaf14dc', 'Seaport 1.5', ALL, true],
  ['0x0000000000000068f116a894984e2db1123eb395', 'Seaport 1.6', ALL, true],
  ['0x1e0049783f008a0085193e00003d00cd54003c71', 'OpenSea Conduit', ALL, true],
  ['0x000000000000ad05ccc4f10045630fb830b95127', 'Blur Marketplace', [1], true],
  ['0x1111111254eeb25477b68fb85ed929f73a960582', '1inch Router v5', ALL, true],
  ['0x111111125421ca6dc452d289314280a0f8842a65', '1inch Router v6', ALL, true],
  ['0xdef1c0ded9bec7f1a1670819833240f027b25eff', '0x Exchange Proxy', [1, 56, 137], true],
  ['0x9008d19f58aabd9ed0d60971565aa8510560ab41', 'CoW Protocol Settlement', [1, 8453, 42161], true],
  ['0xc92e8bdf79f0507f65a392b0ab4667716bfe0110', 'CoW Protocol Vault Relayer', [1, 8453, 42161], true],
  ['0x10ed43c718714eb63d5aa57b78b54704e256024e', 'PancakeSwap V2 Router', [56], true],
  ['0x13f4ea83d0bd40e75c8222255bc855a974568dd4', 'PancakeSwap Smart Router', [56], true],
  ['0x87870bca3f3fd6335c3f4ce8392d69350b4fa4e2', 'Aave V3 Pool', [1], true],
  ['0xc3d688b66703497daa19211eedff47f25384cdc3', 'Compound III cUSDCv3', [1], true],
  ['0xdc24316b9ae028f1497c275eb9192a3ea0f67022', 'Curve stETH/ETH pool', [1], true],
  // DEX pools, aggregators and lending markets beyond Uniswap (issue 14, set 3: a Curve swap warned as an unknown
  // call): the most used ones of each kind, from the projects' deployment docs
  ['0xbebc44782c7db0a1a60cb6fe97d0b483032ff1c7', 'Curve 3pool', [1], true],
  ['0xd51a44d3fae010294c616388b506acda1bfaae46', 'Curve tricrypto2', [1], true],
  ['0xba12222222228d8ba445958a75a0704d566bf2c8', 'Balancer V2 Vault', [1, 10, 137, 8453, 42161, 43114], true],
  ['0xdef171fe48cf0115b1d80b88dc8eab59176fee57', 'ParaSwap Augustus V5', [1, 10, 56, 137, 42161, 43114], true],
  [
    '0x6131b5fae19ea4f9d964eac0408e4408b66337b5',
    'KyberSwap Aggregation Router',
    [1, 10, 56, 137, 8453, 42161, 43114],
    true,
  ],
  ['0xd9e1ce17f2641f24ae83637ab66a2cca9c378b9f', 'SushiSwap V2 Router', [1], true],
  ['0x7d2768de32b0b80b7a3454c06bdac94a69ddc7a9', 'Aave V2 LendingPool', [1], true],
  ['0x794a61358d6845594f94dc1db02a252b5b4814ad', 'Aave V3 Pool', [10, 137, 42161, 43114], true],
  ['0xa238dd80c259a72e81d7e4664a9801593f98d1c5', 'Aave V3 Pool', [8453], true],
  ['0x4ddc2d193948926d02f9b1fe9e1daa0718270ed5', 'Compound cETH', [1], false],
  ['0x83f20f44975d03b1b09e64809b757c47f942beea', 'Maker Savings Dai (sDAI)', [1], true],
  ['0xf403c135812408bfbe8713b5a23a04b3d48aae31', 'Convex Booster', [1], true],
  // staking and restaking: users send ETH or approve stETH here (a value-sending call to them is routine)
  ['0xae7ab96520de3a18e5e111b5eaab095312d7fe84', 'Lido stETH', [1], false],
  ['0x7f39c581f595b53c5cb19bd0b3f8da6c935e2ca0', 'Lido wstETH', [1], false],
  ['0x889edc2edab5f40e902b864ad4d7ade8e412f9b1', 'Lido Withdrawal Queue', [1], true],
  ['0xae78736cd615f374d3085123a210448e74fc6393', 'Rocket Pool rETH', [1], false],
  ['0x858646372cc42e1a627fce94aa7a7033e7cf075a', 'EigenLayer StrategyManager', [1], true],
  // canonical bridges from Ethereum (deposits send ETH, token deposits approve the standard bridges)
  ['0x4dbd4fc535ac27206064b68ffcf827b0a60bab3f', 'Arbitrum Delayed Inbox', [1], false],
  ['0x99c9fc46f92e8a1c0dec1b1747d010903e884be1', 'Optimism L1 Standard Bridge', [1], true],
  ['0x3154cf16ccdb4c6d922629664174b904d80f2c35', 'Base L1 Standard Bridge', [1], true],
  ['0xa0c68c638235ee32657e8f720a23cec1bfc77c77', 'Polygon PoS RootChainManager', [1], false],
  ['0x32400084c286cf3e17e7b677ea9583e60a000324', 'zkSync Era Diamond Proxy', [1], false],
  ['0x5c7bcd6e7de5423a257d81b442095a1a6ced35c5', 'Across SpokePool', [1], true],
  ['0x0000000000a39bb272e79075ade125fd351887ac', 'Blur Pool', [1], false],
  ['0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', 'WETH', [1], false],
  ['0x4200000000000000000000000000000000000006', 'WETH', OP_STACK, false],
  ['0x82af49447d8a07e3bd95bd0d56f35241523fbab1', 'WETH', [42161], false],
  ['0x7ceb23fd6bc0add59e62ac25578270cff1b9f619', 'WETH (PoS bridged)', [137], false],
  ['0x0d500b1d8e8ef31e21c99d1db9a6444d3adf1270', 'WPOL', [137], false],
  ['0xbb4cdb9cbd36b01bd1cbaebf2de08d9173bc095c', 'WBNB', [56], false],
  ['0xb31f66aa3c1e785363f0875a1b74e27b85fd66c7', 'WAVAX', [43114], false],
  ['0x00000000000c2e074ec69a0dfb2997ba6c7d2e1e', 'ENS Registry', [1], false],
  ['0x57f1887a8bf19b14fc0df6fd9b2acc9af147ea85', 'ENS Base Registrar (.eth NFT)', [1], false, ERC721],
  ['0x253553366da8546fc250f225fe3d25d0c782303b', 'ENS ETH Registrar Controller', [1], false],
  ['0xd4416b13d2b3a9abae7acd5d6c2bbdbe25686401', 'ENS Name Wrapper', [1], false],
  ['0x231b0ee14048e9dccd1d247744d114a4eb5e8e63', 'ENS Public Resolver', [1], false],
  ['0xca11bde05977b3631167028862be2a173976ca11', 'Multicall3', ALL, false],
  ['0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d', 'Bored Ape Yacht Club (BAYC)', [1], false, ERC721],
  ['0x60e4d786628fea6478f785a6d7e704777c86a7c6', 'Mutant Ape Yacht Club (MAYC)', [1], false, ERC721],
  ['0xb47e3cd837ddf8e4c57f05d70ab865de6e193bbb', 'CryptoPunks', [1], false],
  ['0xed5af388653567af2f388e6224dc7c4b3241c544', 'Azuki', [1], false, ERC721],
  ['0xbd3531da5cf5857e7cfaa92426877b022e612cf8', 'Pudgy Penguins', [1], false, ERC721],
  ['0xa238cbeb142c10ef7ad8442c6d1f9e89e07e7761', 'Safe MultiSend 1.3.0', ALL, false],
  ['0x40a2accbd92bca938b02010e17a5b8929b49130d', 'Safe MultiSendCallOnly 1.3.0', ALL, false],
  ['0x38869bf66a61cf6bdb996a6ae40d5853fd43b526', 'Safe MultiSend 1.4.1', ALL, false],
  ['0x9641d764fc13c8b624c04430c7356c1c7c8102e2', 'Safe MultiSendCallOnly 1.4.1', ALL, false],
  ['0xa65387f16b013cf2af4605ad8aa5ec25a2cba3a2', 'Safe SignMessageLib 1.3.0', ALL, false],
  ['0xd53cd0ab83d845ac265be939c57f53ad838012c9', 'Safe SignMessageLib 1.4.1', ALL, false],
  ['0xd9db270c1b5e3bd161e8c8503c55ceabee709552', 'Safe singleton 1.3.0', ALL, false],
  ['0x3e5c63644e683549055b9be8653de26e0b4cd36e', 'Safe singleton L2 1.3.0', ALL, false],
  ['0x41675c099f32341bf84bfc5382af534df5c7461a', 'Safe singleton 1.4.1', ALL, false],
  ['0x29fcb43b46531bca003ddc8fcb67ffe91900c762', 'Safe singleton L2 1.4.1', ALL, false],
];

/** Safe libraries a SafeTx may delegatecall by design (MultiSend batches, SignMessageLib). */
export const SAFE_DELEGATECALL_LIBS: ReadonlySet<string> = new Set(
  RAW.filter(([, label]) => /^Safe (MultiSend|SignMessageLib)/.test(label)).map(([a]) => a),
);

export const PROTOCOL_CONTRACTS: ReadonlyMap<string, ProtocolContract> = new Map(
  RAW.map(([address, label, chainIds, spender, standard]) => [
    address,
    { address, label, chainIds, spender, erc721: standard === ERC721 },
  ]),
);

/** The registry entry of an EVM address (lower-case), or null. */
export function protocolContract(address: string): ProtocolContract | null {
  return PROTOCOL_CONTRACTS.get(address.toLowerCase()) ?? null;
}

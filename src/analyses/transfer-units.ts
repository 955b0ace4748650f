/**
 * The chain and asset of each transfer as the engine's dictionary ids (engine/types.ts `chain`, `asset`): funding
 * runs are found per chain, and amounts of different assets are never similar. Assets compare case-insensitively
 * (`USDC` and `usdc` are one asset); an unknown asset is 0.
 */
export interface TransferUnits {
  add(chain: string, asset: string | null): void;
  /** The arrays, or nothing when every transfer is on one chain and none names an asset (nothing to tell apart). */
  arrays(): { chain?: Uint32Array; asset?: Uint32Array };
}

export function transferUnits(): TransferUnits {
  const chainIds = new Map<string, number>();
  const assetIds = new Map<string, number>();
  const chain: number[] = [];
  const asset: number[] = [];
  const idOf = (ids: Map<string, number>, key: string, first: number): number => {
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size + first));
    return id;
  };
  return {
    add(c, a) {
      chain.push(idOf(chainIds, c, 0));
      asset.push(a === null || a === '' ? 0 : idOf(assetIds, a.toLowerCase(), 1));
    },
    arrays() {
      return {
        ...(chainIds.size > 1 ? { chain: Uint32Array.from(chain) } : {}),
        ...(assetIds.size > 0 ? { asset: Uint32Array.from(asset) } : {}),
      };
    },
  };
}

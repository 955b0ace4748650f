/** Dictionary encoding of addresses: the first time an address is seen it gets the next id. */
export interface AddressIndex {
  addresses: string[];
  id: (address: string) => number;
  /** The id of an address already seen, else undefined. */
  lookup: (address: string) => number | undefined;
}

export function addressIndex(): AddressIndex {
  const addresses: string[] = [];
  const index = new Map<string, number>();
  return {
    addresses,
    id: (a) => {
      let i = index.get(a);
      if (i === undefined) {
        i = addresses.length;
        index.set(a, i);
        addresses.push(a);
      }
      return i;
    },
    lookup: (a) => index.get(a),
  };
}

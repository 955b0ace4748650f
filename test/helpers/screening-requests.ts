/** Screening request bodies shared by the screening tests and bench:screening (one copy of each realistic shape). */
export const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
export const ENS_REGISTRAR = '0x57f1887a8bf19b14fc0df6fd9b2acc9af147ea85';
export const SEAPORT_1_6 = '0x0000000000000068f116a894984e2db1123eb395';

/** A benign Seaport 1.6 offer: `offerer` offers 0.5 WETH for ENS name `tokenId`, delivered to the offerer. */
export function seaportWethOffer(offerer: string, tokenId = '77') {
  return {
    primaryType: 'OrderComponents',
    domain: { name: 'Seaport', version: '1.6', chainId: 1, verifyingContract: SEAPORT_1_6 },
    types: {},
    message: {
      offerer,
      zone: '0x0000000000000000000000000000000000000000',
      offer: [
        {
          itemType: 1,
          token: WETH,
          identifierOrCriteria: '0',
          startAmount: '500000000000000000',
          endAmount: '500000000000000000',
        },
      ],
      consideration: [
        {
          itemType: 2,
          token: ENS_REGISTRAR,
          identifierOrCriteria: tokenId,
          startAmount: '1',
          endAmount: '1',
          recipient: offerer,
        },
      ],
      orderType: 0,
      startTime: '1700000000',
      endTime: '1800000000',
      zoneHash: `0x${'0'.repeat(64)}`,
      salt: '1',
      conduitKey: `0x${'0'.repeat(64)}`,
      counter: '0',
    },
  };
}

/**
 * Marketplace order signatures (EIP-712): Seaport OrderComponents, Blur `Order` and LooksRare v2 `Maker` asks.
 * A signed sell order is a standing offer anyone may fill, so the price is the whole risk: an order whose seller
 * receives nothing (critical) or a nominal amount (high) is how NFT drainers take collections with one signature.
 */
import type { Finding } from '../finding.ts';
import { heuristic } from '../finding.ts';
import { protocolContract } from '../registry/protocol-contracts.ts';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** Registry labels of coins with 18 decimals used as marketplace payment (wrapped natives, Blur's ETH pool). */
const EIGHTEEN_DECIMAL_PAYMENT = /^(WETH|WPOL|WBNB|WAVAX|Blur Pool)\b/;
/**
 * Decimals assumed for a payment token not known to have 18: 6, the fewest of the common payment tokens (USDC,
 * USDT), so an unknown token's price is never called nominal when it might be a real one.
 */
const FEWEST_COMMON_DECIMALS = 6n;

const big = (v: unknown): bigint | null => {
  try {
    return v === undefined || v === null ? null : BigInt(v as string);
  } catch {
    return null;
  }
};
const lc = (v: unknown): string | null => (typeof v === 'string' ? v.toLowerCase() : null);

/**
 * A payment below one millionth of a whole coin is nominal: no marketplace UI turns a price a person typed into
 * that, while drainer orders put 1 wei there so "the seller receives something" checks pass. Native coins of every
 * EVM chain have 18 decimals; other tokens are read with FEWEST_COMMON_DECIMALS (so only 0 is nominal for them).
 */
export function nominalPayment(token: string | null, amount: bigint): boolean {
  const native = token === null || token === ZERO_ADDRESS;
  const label = native ? null : (protocolContract(token)?.label ?? null);
  const decimals = native || (label !== null && EIGHTEEN_DECIMAL_PAYMENT.test(label)) ? 18n : FEWEST_COMMON_DECIMALS;
  return amount < 10n ** (decimals - 6n);
}

/** Seaport OrderComponents: what the offerer gives (offer) against what it receives (consideration to it). */
export function seaportOrderFindings(message: Record<string, unknown>, signer: string | null): Finding[] {
  const offerer = lc(message.offerer) ?? signer;
  const consideration: any[] = Array.isArray(message.consideration) ? message.consideration : [];
  const offer: any[] = Array.isArray(message.offer) ? message.offer : [];
  const toOfferer = consideration.filter((c) => lc(c?.recipient) === offerer);
  // the larger end of a Dutch auction's range: the benefit of the doubt goes to the order
  const amountOf = (c: any): bigint => {
    const a = big(c?.startAmount) ?? 0n;
    const b = big(c?.endAmount) ?? 0n;
    return a > b ? a : b;
  };
  const zero = toOfferer.length === 0 || toOfferer.every((c) => amountOf(c) === 0n);
  // items 0 (native) and 1 (ERC-20) are payments; an NFT to the offerer (a swap, an offer) is never nominal
  const nominal =
    !zero &&
    offer.length > 0 &&
    toOfferer.every(
      (c) => (Number(c?.itemType) === 0 || Number(c?.itemType) === 1) && nominalPayment(lc(c.token), amountOf(c)),
    );
  const data = { offerItems: offer.length, considerationItems: consideration.length, toOfferer: toOfferer.length };
  if (zero)
    return [
      {
        kind: 'tx.seaport_free_order',
        severity: 'critical',
        message: `Seaport order gives away ${offer.length} offer item(s) while the offerer receives nothing`,
        source: heuristic('tx.seaport'),
        data,
      },
    ];
  if (nominal) return [nominalOrder('Seaport order', offer.length, data)];
  // an order that pays the offerer is what a marketplace listing or offer is: low (shown, not a warning)
  return [
    {
      kind: 'tx.seaport_order',
      severity: 'low',
      message: `Seaport order offering ${offer.length} item(s): check the price and recipients`,
      source: heuristic('tx.seaport'),
      data,
    },
  ];
}

function nominalOrder(what: string, items: number, data: Record<string, unknown>): Finding {
  return {
    kind: 'tx.nominal_order',
    severity: 'high',
    message:
      `${what} sells ${items} item(s) for a nominal amount (below a millionth of a coin): anyone can fill it ` +
      `and take the items for nothing`,
    source: heuristic('tx.market_order'),
    data,
  };
}

/**
 * Sell orders of the other order-book marketplaces, by their EIP-712 domain name: Blur (`Order`, side 1 = sell,
 * price in paymentToken) and LooksRare v2 (`Maker`, quoteType 1 = ask, price in currency).
 */
const SELL_ORDERS: Record<string, { primaryType: string; isSell: (m: any) => boolean; token: string }> = {
  'Blur Exchange': { primaryType: 'Order', isSell: (m) => Number(m.side) === 1, token: 'paymentToken' },
  LooksRareProtocol: { primaryType: 'Maker', isSell: (m) => Number(m.quoteType) === 1, token: 'currency' },
};

/** Findings for a Blur / LooksRare sell order; null when the typed data is not one. */
export function sellOrderFindings(
  domainName: unknown,
  primaryType: string,
  message: Record<string, unknown>,
): Finding[] | null {
  const spec = typeof domainName === 'string' ? SELL_ORDERS[domainName] : undefined;
  if (spec === undefined || spec.primaryType !== primaryType || !spec.isSell(message)) return null;
  const price = big(message.price) ?? 0n;
  const token = lc(message[spec.token]);
  const data = { marketplace: domainName, price: price.toString(), paymentToken: token };
  const what = `${domainName} sell order`;
  if (price === 0n)
    return [
      {
        kind: 'tx.free_order',
        severity: 'critical',
        message: `${what} at price 0: anyone can fill it and take the item for nothing`,
        source: heuristic('tx.market_order'),
        data,
      },
    ];
  if (nominalPayment(token, price)) return [nominalOrder(what, 1, data)];
  return [
    {
      kind: 'tx.market_order',
      severity: 'low',
      message: `${what} at ${price} (base units of ${token ?? 'the native coin'}): check the price`,
      source: heuristic('tx.market_order'),
      data,
    },
  ];
}

/** Blur's own site: its bulk listings are signed there, where the listed items and prices are shown. */
const BLUR_SITE = 'blur.io';

/**
 * Blur's bulk-listing signature: typed data `Root {bytes32 root}` on the Blur Exchange domain, a Merkle root over any
 * number of sell orders. The signature alone cannot show which items or prices it commits to, and every order under
 * the root can be filled with it, so whoever built the tree decides what is listed and for how much. On blur.io
 * (`origin`) it is Blur's own bulk listing (low); from any other site high (an aggregator can legitimately ask, so
 * not block, but a drainer kit asks the same way); with no origin medium: opaque, and the site cannot be told.
 */
export function bulkRootFindings(
  domainName: unknown,
  primaryType: string,
  message: Record<string, unknown>,
  origin: string | null,
): Finding[] | null {
  if (domainName !== 'Blur Exchange' || primaryType !== 'Root') return null;
  const onBlur = origin !== null && (origin === BLUR_SITE || origin.endsWith(`.${BLUR_SITE}`));
  const root = typeof message.root === 'string' ? message.root : null;
  const where = origin === null ? 'a site the request does not name' : onBlur ? BLUR_SITE : origin;
  return [
    {
      kind: 'tx.bulk_listing_root',
      severity: onBlur ? 'low' : origin === null ? 'medium' : 'high',
      message:
        `Blur bulk-listing signature (a Merkle root over sell orders) asked for by ${where}: the root hides which ` +
        `items it lists and at what price, and every order under it can be filled with this one signature` +
        `${onBlur ? '' : ` (Blur's own bulk listing is signed on ${BLUR_SITE})`}`,
      source: heuristic('tx.market_order'),
      data: { marketplace: domainName, root, origin },
    },
  ];
}

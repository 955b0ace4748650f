/**
 * The chain as it happened: every transfer between owner wallets (SOL moves, SPL token moves resolved to the
 * owners of the token accounts, rent deposits paid for someone else's new token account), each in a transaction
 * with its block time. What the campaign's data provider later reads of it is fetch.ts.
 */
export const SOL = 1;
export const USDC = 2;
export const USDT = 3;
export const JUP = 4;
export const BONK = 5;
export const JITOSOL = 6;
export const MSOL = 7;
/** The campaign protocol's own token, paid out as weekly rewards during the campaign. */
export const REWARD = 8;
export const WIF = 9;
/** Rent-exempt deposit of an SPL token account (165 bytes), paid by whoever creates it. */
export const ATA_RENT = 0.00203928;

export class Ledger {
  readonly from: number[] = [];
  readonly to: number[] = [];
  readonly time: number[] = [];
  readonly amount: number[] = [];
  readonly asset: number[] = [];
  readonly tx: number[] = [];
  private txCount = 0;
  private assetCount = 100;
  private readonly tokenAccounts = new Set<number>();

  /** A new transaction id (1, 2, ...). */
  newTx(): number {
    return ++this.txCount;
  }

  /** A new asset id (a new memecoin mint, an NFT collection). */
  newAsset(): number {
    return ++this.assetCount;
  }

  get length(): number {
    return this.from.length;
  }

  move(from: number, to: number, time: number, amount: number, asset: number, tx: number): void {
    this.from.push(from);
    this.to.push(to);
    this.time.push(Math.floor(time));
    this.amount.push(amount);
    this.asset.push(asset);
    this.tx.push(tx);
  }

  /**
   * An SPL token sent to an owner: when the owner has no account for that mint yet, the sender creates it in the
   * same transaction and pays its rent (a SOL transfer of 0.00203928 to the new account, owned by the recipient).
   */
  sendToken(from: number, to: number, time: number, amount: number, asset: number, tx: number, payer = from): void {
    if (asset !== SOL && this.openAccount(to, asset) && payer !== to) this.move(payer, to, time, ATA_RENT, SOL, tx);
    this.move(from, to, time, amount, asset, tx);
  }

  /** Marks the owner's token account for the asset as open; true when it was not open before. */
  openAccount(owner: number, asset: number): boolean {
    const key = owner * 65536 + (asset % 65536);
    if (this.tokenAccounts.has(key)) return false;
    this.tokenAccounts.add(key);
    return true;
  }
}

/**
 * Local stand-ins for live chain data providers on 127.0.0.1, speaking the real protocols with bodies shaped
 * like the real ones:
 * - Etherscan v2 / Blockscout account API (docs.etherscan.io "Accounts": txlist, txlistinternal, tokentx;
 *   envelope `{status,message,result}`, "No transactions found" for an empty list, page/offset/sort paging,
 *   "Result window is too large" past page × offset 10000).
 * - Solana JSON-RPC 2.0 (solana.com/docs/rpc/http: getSignaturesForAddress newest first with `before`,
 *   getTransaction with encoding jsonParsed).
 * `inject` answers the next requests with scripted faults (HTTP status + headers + body, or a hang) before the
 * protocol handler sees them.
 */
import http from 'node:http';
import { createHash } from 'node:crypto';

export interface Fault {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  hang?: boolean;
}
export interface Seen {
  method: string;
  url: URL;
  body: any /** Date.now() when the request arrived. */;
  at: number;
}

export interface ChainServer {
  url: string;
  seen: Seen[];
  /** Answers the next requests with these faults, in order. */
  inject(...faults: Fault[]): void;
  close(): Promise<void>;
}

type Handler = (req: Seen) => { status?: number; body: unknown };

async function startServer(path: string, handler: Handler): Promise<ChainServer> {
  const seen: Seen[] = [];
  const faults: Fault[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const s: Seen = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        body: text ? JSON.parse(text) : null,
        at: Date.now(),
      };
      seen.push(s);
      const fault = faults.shift();
      if (fault?.hang) return;
      const answer = fault ?? handler(s);
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...(fault?.headers ?? {}) });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as import('node:net').AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    seen,
    inject(...f) {
      faults.push(...f);
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type EtherscanAction = 'txlist' | 'txlistinternal' | 'tokentx';
export type EtherscanRow = Record<string, string>;

/**
 * Serves wallet histories: rows per address and action, each row listing the address as from or to (or as the contract
 * it created).
 */
export async function startEtherscanServer(
  rows: Record<EtherscanAction, EtherscanRow[]>,
  path = '/v2/api',
): Promise<ChainServer> {
  return startServer(path, (req) => {
    const q = req.url.searchParams;
    if (q.get('module') !== 'account' || !['txlist', 'txlistinternal', 'tokentx'].includes(q.get('action') ?? ''))
      return { body: { status: '0', message: 'NOTOK', result: 'Error! Missing Or invalid Action name' } };
    const address = (q.get('address') ?? '').toLowerCase();
    const page = Number(q.get('page') ?? 1);
    const offset = Number(q.get('offset') ?? 10000);
    if (page * offset > 10000)
      return {
        body: {
          status: '0',
          message: 'NOTOK',
          result: 'Result window is too large, PageNo x Offset size must be less than or equal to 10000',
        },
      };
    // a contract creation (to "", contractAddress set) is listed for the created contract too
    const mine = rows[q.get('action') as EtherscanAction]
      .filter((r) => r.from === address || r.to === address || (r.to === '' && r.contractAddress === address))
      .sort((a, b) => Number(a.blockNumber) - Number(b.blockNumber));
    if (q.get('sort') === 'desc') mine.reverse();
    const slice = mine.slice((page - 1) * offset, page * offset);
    if (slice.length === 0) return { body: { status: '0', message: 'No transactions found', result: [] } };
    return { body: { status: '1', message: 'OK', result: slice } };
  });
}

let block = 19_000_000;
const hex = (n: number, len: number): string => '0x' + n.toString(16).padStart(len, '0');

/** A txlist row as Etherscan returns it (every value a string). */
export function txRow(
  from: string,
  to: string,
  weiValue: string,
  time: number,
  extra: Partial<EtherscanRow> = {},
): EtherscanRow {
  const b = block++;
  return {
    blockNumber: String(b),
    timeStamp: String(time),
    hash: hex(b, 64),
    nonce: '0',
    blockHash: hex(b * 7, 64),
    transactionIndex: '12',
    from,
    to,
    value: weiValue,
    gas: '21000',
    gasPrice: '23000000000',
    isError: '0',
    txreceipt_status: '1',
    input: '0x',
    contractAddress: '',
    cumulativeGasUsed: '1200000',
    gasUsed: '21000',
    confirmations: '250000',
    methodId: '0x',
    functionName: '',
    ...extra,
  };
}

/** A txlistinternal row as Etherscan returns it. */
export function internalRow(
  from: string,
  to: string,
  weiValue: string,
  time: number,
  extra: Partial<EtherscanRow> = {},
): EtherscanRow {
  const b = block++;
  return {
    blockNumber: String(b),
    timeStamp: String(time),
    hash: hex(b, 64),
    from,
    to,
    value: weiValue,
    contractAddress: '',
    input: '',
    type: 'call',
    gas: '2300',
    gasUsed: '0',
    traceId: '0_1',
    isError: '0',
    errCode: '',
    ...extra,
  };
}

/** A tokentx (ERC-20) row as Etherscan returns it. */
export function tokenRow(
  from: string,
  to: string,
  rawValue: string,
  time: number,
  token: { contract: string; symbol: string; decimals: number },
  extra: Partial<EtherscanRow> = {},
): EtherscanRow {
  const b = block++;
  return {
    blockNumber: String(b),
    timeStamp: String(time),
    hash: hex(b, 64),
    nonce: '3',
    blockHash: hex(b * 7, 64),
    from,
    contractAddress: token.contract,
    to,
    value: rawValue,
    tokenName: token.symbol,
    tokenSymbol: token.symbol,
    tokenDecimal: String(token.decimals),
    transactionIndex: '40',
    gas: '65000',
    gasPrice: '23000000000',
    gasUsed: '52000',
    cumulativeGasUsed: '3100000',
    input: 'deprecated',
    methodId: '0xa9059cbb',
    functionName: 'transfer(address _to, uint256 _value)',
    confirmations: '250000',
    ...extra,
  };
}

export interface SolanaTx {
  signature: string;
  slot: number;
  blockTime: number;
  err?: unknown;
  result: Record<string, unknown> | null;
}

/** Serves getSignaturesForAddress (newest first, limit/before) and getTransaction for the given transactions. */
export async function startSolanaServer(
  txs: SolanaTx[],
  involved: (tx: SolanaTx, address: string) => boolean,
): Promise<ChainServer> {
  return startServer('/', (req) => {
    const { id, method, params } = req.body ?? {};
    if (method === 'getSignaturesForAddress') {
      const [address, cfg = {}] = params;
      let list = txs.filter((tx) => involved(tx, address)).sort((a, b) => b.slot - a.slot);
      if (cfg.before) list = list.slice(list.findIndex((tx) => tx.signature === cfg.before) + 1);
      const result = list.slice(0, cfg.limit ?? 1000).map((tx) => ({
        signature: tx.signature,
        slot: tx.slot,
        err: tx.err ?? null,
        memo: null,
        blockTime: tx.blockTime,
        confirmationStatus: 'finalized',
      }));
      return { body: { jsonrpc: '2.0', result, id } };
    }
    if (method === 'getTransaction') {
      const tx = txs.find((t) => t.signature === params[0]);
      return { body: { jsonrpc: '2.0', result: tx ? tx.result : null, id } };
    }
    return { body: { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id } };
  });
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 text of bytes (Bitcoin alphabet, as Solana uses). */
export function base58(bytes: Uint8Array): string {
  let n = BigInt('0x' + (Buffer.from(bytes).toString('hex') || '0'));
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

/** A deterministic Solana address (32 bytes) or, with 64 bytes, a transaction signature. */
export const sol = (seed: string, bytes = 32): string =>
  base58(createHash('sha512').update(seed).digest().subarray(0, bytes));

export interface SolTransfer {
  from: string;
  to: string;
  lamports: number;
}
export interface SplTransfer {
  from: string;
  to: string;
  fromAta: string;
  toAta: string;
  mint: string;
  amount: string;
  decimals: number;
  checked: boolean;
}

/**
 * A getTransaction result (encoding jsonParsed, legacy message) holding system transfers and SPL token transfers,
 * with balances and token balances consistent with them; `unparsed` adds lamport moves without a parsed
 * instruction (a program the node cannot parse), seen only in pre/post balances.
 */
export function parsedTx(o: {
  signature: string;
  slot: number;
  blockTime: number;
  feePayer: string;
  sol?: SolTransfer[];
  spl?: SplTransfer[];
  unparsed?: SolTransfer[];
  inner?: boolean;
}): Record<string, unknown> {
  const keys: string[] = [o.feePayer];
  const key = (a: string): number => {
    let i = keys.indexOf(a);
    if (i < 0) {
      i = keys.length;
      keys.push(a);
    }
    return i;
  };
  const fee = 5000;
  const lamports = new Map<number, [number, number]>();
  const move = (a: string, d: number): void => {
    const i = key(a);
    const cur = lamports.get(i) ?? [10_000_000_000, 10_000_000_000];
    lamports.set(i, [cur[0], cur[1] + d]);
  };
  move(o.feePayer, -fee);
  const instructions: unknown[] = [];
  for (const s of o.sol ?? []) {
    move(s.from, -s.lamports);
    move(s.to, s.lamports);
    instructions.push({
      parsed: { info: { destination: s.to, lamports: s.lamports, source: s.from }, type: 'transfer' },
      program: 'system',
      programId: '11111111111111111111111111111111',
      stackHeight: null,
    });
  }
  for (const s of o.unparsed ?? []) {
    move(s.from, -s.lamports);
    move(s.to, s.lamports);
    instructions.push({
      accounts: [s.from, s.to],
      data: '3Bxs4h24hBtQy9rw',
      programId: sol('some-program'),
      stackHeight: null,
    });
  }
  const preTokenBalances: unknown[] = [];
  const postTokenBalances: unknown[] = [];
  const tokenProgram = 'TokenkegQfeYrJEmEcbg5sLL9qCEkSpTnN5PqD5G7';
  for (const s of o.spl ?? []) {
    for (const [ata, owner, sign] of [
      [s.fromAta, s.from, -1],
      [s.toAta, s.to, 1],
    ] as const) {
      const i = key(ata);
      const ui = (n: bigint) => ({
        amount: String(n),
        decimals: s.decimals,
        uiAmount: Number(n) / 10 ** s.decimals,
        uiAmountString: String(Number(n) / 10 ** s.decimals),
      });
      const before = 10n ** BigInt(s.decimals + 3);
      preTokenBalances.push({
        accountIndex: i,
        mint: s.mint,
        owner,
        programId: tokenProgram,
        uiTokenAmount: ui(before),
      });
      postTokenBalances.push({
        accountIndex: i,
        mint: s.mint,
        owner,
        programId: tokenProgram,
        uiTokenAmount: ui(before + BigInt(sign) * BigInt(s.amount)),
      });
    }
    key(s.from);
    instructions.push(
      s.checked
        ? {
            parsed: {
              info: {
                authority: s.from,
                destination: s.toAta,
                mint: s.mint,
                source: s.fromAta,
                tokenAmount: {
                  amount: s.amount,
                  decimals: s.decimals,
                  uiAmount: Number(s.amount) / 10 ** s.decimals,
                  uiAmountString: String(Number(s.amount) / 10 ** s.decimals),
                },
              },
              type: 'transferChecked',
            },
            program: 'spl-token',
            programId: tokenProgram,
            stackHeight: o.inner ? 2 : null,
          }
        : {
            parsed: {
              info: { amount: s.amount, authority: s.from, destination: s.toAta, source: s.fromAta },
              type: 'transfer',
            },
            program: 'spl-token',
            programId: tokenProgram,
            stackHeight: o.inner ? 2 : null,
          },
    );
  }
  const pre = keys.map((_, i) => (lamports.get(i) ?? [2_039_280, 2_039_280])[0]);
  const post = keys.map((_, i) => (lamports.get(i) ?? [2_039_280, 2_039_280])[1]);
  const outer = o.inner
    ? [{ accounts: [], data: '2', programId: sol('router-program'), stackHeight: null }]
    : instructions;
  return {
    blockTime: o.blockTime,
    meta: {
      computeUnitsConsumed: 4500,
      err: null,
      fee,
      innerInstructions: o.inner ? [{ index: 0, instructions }] : [],
      logMessages: [
        'Program 11111111111111111111111111111111 invoke [1]',
        'Program 11111111111111111111111111111111 success',
      ],
      postBalances: post,
      postTokenBalances,
      preBalances: pre,
      preTokenBalances,
      rewards: [],
      status: { Ok: null },
    },
    slot: o.slot,
    transaction: {
      message: {
        accountKeys: keys.map((k, i) => ({ pubkey: k, signer: i === 0, source: 'transaction', writable: true })),
        instructions: outer,
        recentBlockhash: sol(`blockhash-${o.slot}`),
      },
      signatures: [o.signature],
    },
    version: 'legacy',
  };
}

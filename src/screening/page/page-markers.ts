/**
 * Passive markers for page inspection (docs/screening.md, "Page markers"). Drainer-kit strings are the names and
 * artefacts that public write-ups of these kits cite (panel/API paths, global names, log prefixes); they are
 * indicative, not verified against every kit build, and an operator should extend them from fresh samples.
 */

/** Kit family -> case-insensitive markers in page source. */
export const DRAINER_KITS: ReadonlyArray<{ family: string; markers: RegExp }> = [
  { family: 'inferno', markers: /inferno[\s_-]?drainer|__inferno|infernodrainer|inferno_(?:config|settings)/i },
  { family: 'angel', markers: /angel[\s_-]?drainer|angeldrainer|angel_(?:config|settings)|\/api\/angel/i },
  { family: 'pink', markers: /pink[\s_-]?drainer|pinkdrainer/i },
  { family: 'monkey', markers: /monkey[\s_-]?drainer|monkeydrainer/i },
  { family: 'venom', markers: /venom[\s_-]?drainer|venomdrainer/i },
  { family: 'ace', markers: /ace[\s_-]?drainer|acedrainer/i },
  { family: 'ms-drainer', markers: /\bms[\s_-]?drainer|msdrainer/i },
  { family: 'pussy', markers: /pussy[\s_-]?drainer/i },
  { family: 'chick', markers: /chick[\s_-]?drainer/i },
  {
    family: 'generic-drainer',
    markers: /\bdrainer\b|drainer_(?:config|settings)|\bdrain(?:er)?(?:Tokens|NFTs|Wallet)\b|startDrain|\.drain\(/i,
  },
];

/** Signing / approval calls a page script should not need before the user has asked for anything. */
export const APPROVAL_CALLS: ReadonlyArray<[string, RegExp]> = [
  ['approve', /\.approve\s*\(|["']approve["']|0x095ea7b3/i],
  ['increaseAllowance', /increaseAllowance|0x39509351/i],
  ['setApprovalForAll', /setApprovalForAll|0xa22cb465/i],
  ['permit', /\.permit\s*\(|["']Permit["']|0xd505accf|PermitSingle|PermitBatch|PermitTransferFrom/],
  ['permit2', /permit2|0x000000000022d473030f116ddee9f6b43ac78ba3/i],
  ['seaport', /seaport|0x00000000000000adc04c56bf30ac9d3c0aaf14dc|fulfillBasicOrder|OrderComponents/i],
  ['eth_sign', /["']eth_sign["']/],
  ['signTypedData', /eth_signTypedData(?:_v[34])?/],
  ['sendTransaction', /eth_sendTransaction|signAndSendTransaction|signAllTransactions/],
  ['transferFrom', /transferFrom|0x23b872dd/i],
];

/** Exfiltration endpoints used by drainer back ends and phishing kits. */
export const EXFIL_ENDPOINTS: ReadonlyArray<[string, RegExp]> = [
  ['telegram-bot', /api\.telegram\.org\/bot/i],
  ['discord-webhook', /discord(?:app)?\.com\/api\/webhooks/i],
  ['slack-webhook', /hooks\.slack\.com\/services/i],
  ['webhook-site', /webhook\.site\//i],
  ['pipedream', /\.m\.pipedream\.net/i],
  ['formspree', /formspree\.io\/f\//i],
  ['ip-geolocation', /ipapi\.co|ip-api\.com|ipinfo\.io|api\.ipify\.org/i],
];

/** One case-insensitive regular expression matching any of the alternatives (kept one per line to be read). */
const anyOf = (...alternatives: RegExp[]): RegExp => new RegExp(alternatives.map((a) => a.source).join('|'), 'i');

export const WALLET_LURES = anyOf(
  /connect\s+(?:your\s+)?wallet|wallet\s*connect|claim\s+(?:your\s+)?(?:airdrop|reward|tokens|nft)/,
  /check\s+eligibility|you\s+are\s+eligible|validate\s+(?:your\s+)?wallet|rectify/,
  /synchroni[sz]e\s+(?:your\s+)?wallet|migrate\s+(?:your\s+)?(?:tokens|wallet)/,
);
export const WALLET_APIS = anyOf(
  /window\.ethereum|ethereum\.request|eth_requestAccounts|window\.solana|solana\.connect|phantom\.solana/,
  /wallet_switchEthereumChain|web3modal|@walletconnect|onboard\.js/,
);
export const SEED_TEXT = anyOf(
  /(?:recovery|seed|secret|mnemonic|backup)\s*(?:phrase|words)|private\s*key/,
  /12\s*(?:or|\/)\s*24\s*words|(?:12|24)[-\s]word/,
);
export const CLONE_MARKERS: ReadonlyArray<[string, RegExp]> = [
  ['saved-from', /<!--\s*saved from url=/i],
  ['httrack', /HTTrack/i],
  ['singlefile', /Page saved with SingleFile/i],
  ['wayback', /web\.archive\.org\/web\/\d+/i],
];

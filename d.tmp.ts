import { readFileSync } from 'node:fs';
import { parseList } from './src/screening/lists/parse-list.ts';
import { ScreeningKnowledge } from './src/screening/knowledge.ts';
import { analyzeUrl } from './src/screening/url/analyze-url.ts';
const D = '/work/shared/datasets/screening/';
const k = new ScreeningKnowledge([parseList('metamask', readFileSync(D + 'metamask-eth-phishing-detect/config.json')), parseList('phantom', readFileSync(D+'phantom-blocklist/whitelist.yaml'), {fileName:'whitelist.yaml'}), parseList('phantom', readFileSync(D+'phantom-blocklist/eth-blocklist.yaml'), {fileName:'eth-blocklist.yaml'})]);
console.log([...k.brands.tokens.values()].filter(b=>b.source==='allow-list').map(b=>b.token).join(' '));
for (const h of ['mainnet.ethernitychain.io','mainnet-rpc.helachain.com','huddle01.calderachain.xyz','evm.mantrachain.io','rpc.oasys.mycryptoheroes.net','palm.chainlens.com','node.sidrachain.com','zetachain-evm.blockpi.network','pulseaudio.org','etherspinner.com','block-explorer-api.staging.lens.dev','rpc.test.taiko.xyz','api.avax-test.network'])
  console.log(h, JSON.stringify(analyzeUrl(h,k).findings.filter(f=>f.kind.startsWith('url.brand')||f.kind==='url.phishing_vocabulary'||f.kind==='url.lexical_model').map(f=>f.data)));

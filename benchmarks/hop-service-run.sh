#!/usr/bin/env bash
# The Hop airdrop through the real service, as an operator would run it: CLI imports of the transfers and hub
# labels into PostgreSQL, the server, one 43,052-wallet run over HTTP, the decision package as CSV, scored against
# Hop's eliminated list. Needs PostgreSQL (psql) at PGHOST/PGUSER (default 127.0.0.1 / postgres); it (re)creates the
# database named by $1 (default wi_hop_check). Usage: bash benchmarks/hop-service-run.sh [database] [port]
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:-wi_hop_check}; PORT=${2:-18081}
D=../shared/datasets/hop-airdrop
export PGHOST=${PGHOST:-127.0.0.1} PGUSER=${PGUSER:-postgres}
psql -d postgres -qc "drop database if exists $DB" -c "create database $DB"
export DATABASE_URL=postgres://$PGUSER@$PGHOST:5432/$DB LOG_LEVEL=warn
node bin/wallet-integrity.js migrate
T0=$(date +%s.%N)
node bin/wallet-integrity.js transfers import $D/transfers.csv.gz --chain Ethereum --source hop | tail -1
node bin/wallet-integrity.js labels import $D/hubs.csv --chain Ethereum | tail -1
node bin/wallet-integrity.js labels import $D/hub-exceptions.csv --chain Ethereum --kind exception | tail -1
echo "imports: $(echo "$(date +%s.%N) - $T0" | bc) s"
PORT=$PORT node bin/wallet-integrity.js serve > /tmp/wi-hop-serve.log 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do curl -sf localhost:$PORT/healthz >/dev/null && break; sleep 0.5; done
KEY=$(node bin/wallet-integrity.js keys create --owner hop --plan growth | tail -n 1)
H="Authorization: Bearer $KEY"; B=http://127.0.0.1:$PORT
json () { node -pe "JSON.parse(require('fs').readFileSync(0)).$1"; }
CID=$(curl -s -X POST $B/api/v2/campaigns -H "$H" -H 'content-type: application/json' -d '{"name":"hop","campaignType":"airdrop","chain":"Ethereum"}' | json id)
node -e 'const w=require("fs").readFileSync(process.argv[1],"utf8").split("\n").filter(Boolean);process.stdout.write(JSON.stringify({analysisMode:"onchain",wallets:w}))' $D/campaign-wallets.txt > /tmp/wi-hop-wallets.json
T1=$(date +%s.%N)
AID=$(curl -s -X POST $B/api/v2/campaigns/$CID/analyses -H "$H" -H 'content-type: application/json' --data-binary @/tmp/wi-hop-wallets.json | json analysisId)
until curl -s $B/api/v2/campaigns/$CID/analyses/$AID -H "$H" | json status | grep -qE 'completed|failed'; do sleep 0.5; done
echo "run submit -> $(curl -s $B/api/v2/campaigns/$CID/analyses/$AID -H "$H" | json status): $(echo "$(date +%s.%N) - $T1" | bc) s"
curl -s "$B/api/v2/campaigns/$CID/decisions?format=csv" -H "$H" > /tmp/wi-hop-decisions.csv
node -e '
const fs=require("fs");const elim=new Set(fs.readFileSync(process.argv[1],"utf8").split("\n").slice(1).map(s=>s.trim().toLowerCase()).filter(Boolean));
const lines=fs.readFileSync("/tmp/wi-hop-decisions.csv","utf8").split(/\r?\n/).filter(Boolean);const h=lines[0].split(",");const wi=h.indexOf("walletAddress"),ai=h.indexOf("storedRecommendedAction");
let tp=0,fp=0,fn=0;for(const l of lines.slice(1)){const c=l.split(",");const f=c[ai]!=="approve";const s=elim.has(c[wi].toLowerCase());if(f&&s)tp++;else if(f)fp++;else if(s)fn++}
const P=tp/(tp+fp),R=tp/(tp+fn),F=2*P*R/(P+R);console.table([{wallets:lines.length-1,flagged:tp+fp,precision:+P.toFixed(4),recall:+R.toFixed(4),f1:+F.toFixed(4)}]);
console.log(JSON.stringify({bench:"hop-service-run",wallets:lines.length-1,flagged:tp+fp,precision:+P.toFixed(4),recall:+R.toFixed(4),f1:+F.toFixed(4)}))' $D/eliminatedSybilAttackers.csv

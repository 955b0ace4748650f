/**
 * Hop error diagnosis on TRAINING folds only (docs/engine.md, "How the constants were chosen"): runs the engine on
 * Hop once and describes the missed Sybils and the wrongly flagged wallets of every fold but the held-out one
 * (`--holdout 0`), so a change designed from it can still be scored on the held-out fold. Prints tables, no JSON.
 * Usage: node --import tsx benchmarks/hop-diagnose.ts [--holdout 0] [--folds 5] [--review 53] [--web 8]
 */
import { parseArgs } from 'node:util';
import { analyze, createEnginePool, INCONCLUSIVE_CAP } from '../engine/index.ts';
import {
  chooseThresholds,
  countsAt,
  emptyHistogram,
  precisionOf,
  PRESET_GOALS,
  recallOf,
} from './lib/threshold-choice.ts';
import { simulateCampaign } from './sim/campaign-sim.ts';
import { EVIDENCE_KINDS } from '../engine/evidence/kinds.ts';
import { hopFolds, loadHop } from './lib/hop-data.ts';

const { values } = parseArgs({
  options: {
    holdout: { type: 'string', default: '0' },
    folds: { type: 'string', default: '5' },
    review: { type: 'string' },
    web: { type: 'string' },
    share: { type: 'string' },
    narrow: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log('usage: node --import tsx benchmarks/hop-diagnose.ts [--holdout 0] [--folds 5] [--review 53] [--web 8]');
  process.exit(0);
}
const holdout = Number(values.holdout);
const hop = loadHop();
const fold = hopFolds(hop, Number(values.folds));
const pool = createEnginePool({ maxThreads: 2 });
const tuning = {
  ...(values.web === undefined ? {} : { transferWebMin: Number(values.web) }),
  ...(values.share === undefined ? {} : { listedShareFull: Number(values.share) }),
  ...(values.narrow === undefined ? {} : { narrowFactor: Number(values.narrow) }),
};
const opts = { mode: 'onchain', preset: 'balanced', seed: 42, pool, tuning } as const;
const result = await analyze(hop.input, opts);
const train = (w: string): boolean => fold.get(w) !== holdout;
// the balanced review threshold chosen on the training folds and the simulator's development seeds (as bench:quality)
// (the limits hold on each seed; the figure printed is pooled)
const simDev = emptyHistogram('sim-dev', false);
const perSeed = [1, 2].map((seed) => emptyHistogram(`sim-${seed}`, true));
for (const [i, seed] of [1, 2].entries()) {
  const sim = simulateCampaign({ seed });
  const r = new Map((await analyze(sim.input, opts)).wallets.map((w) => [w.address, w.riskScore]));
  for (const t of sim.truth) {
    (t.role === 'farm' ? simDev.pos : simDev.neg)[r.get(t.address) ?? 0]++;
    (t.role === 'farm' ? perSeed[i].pos : perSeed[i].neg)[r.get(t.address) ?? 0]++;
  }
}
await pool.destroy();
const hopTrain = emptyHistogram('hop-train', false);
for (const d of result.wallets)
  if (train(d.address)) (hop.eliminated.has(d.address) ? hopTrain.pos : hopTrain.neg)[d.riskScore]++;
const chosen = chooseThresholds([hopTrain, ...perSeed], PRESET_GOALS.balanced, INCONCLUSIVE_CAP + 1);
const review = values.review === undefined ? chosen.review : Number(values.review);
const sc = countsAt(simDev, review);
console.log(
  `chosen on training folds + sim dev: ${chosen.review}/${chosen.reject} (worst F1 ${chosen.worstF}); sim dev at ` +
    `${review}: P ${precisionOf(sc).toFixed(4)} R ${recallOf(sc).toFixed(4)} ` +
    `legit flagged ${(sc.fp / sc.negatives).toFixed(4)}`,
);
const clusterOf = new Map(result.clusters.map((c) => [c.label, c]));
const kindsOf = (reasons: string[]): string => {
  const named = reasons.find((r) => r.startsWith('named by: '));
  if (!named) return '-';
  const text = named.slice('named by: '.length);
  return (
    EVIDENCE_KINDS.filter((k) => text.includes(k.text))
      .map((k) => k.kind)
      .join('+') || '?'
  );
};
const band = (n: number): string => (n === 0 ? '0' : n < 8 ? '3-7' : n < 20 ? '8-19' : n < 100 ? '20-99' : '100+');
const count = (m: Map<string, number>, k: string): void => {
  m.set(k, (m.get(k) ?? 0) + 1);
};
const show = (title: string, m: Map<string, number>, top = 25): void => {
  console.log(`\n## ${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${String(v).padStart(7)}  ${k}`);
};

// listed wallets' hub-free listed neighbours (Hop's hubs only) and the size of their web of listed wallets
const listed = new Set(hop.wallets);
const isHub = (a: string): boolean => hop.input.labels.infrastructure.has(a) && !hop.input.labels.exceptions.has(a);
const { addresses, from, to } = hop.input.transfers;
const nbr = new Map<string, Set<string>>();
for (let i = 0; i < from.length; i++) {
  const a = addresses[from[i]];
  const b = addresses[to[i]];
  if (a === b || !listed.has(a) || !listed.has(b) || isHub(a) || isHub(b)) continue;
  if (!nbr.has(a)) nbr.set(a, new Set());
  if (!nbr.has(b)) nbr.set(b, new Set());
  nbr.get(a)!.add(b);
  nbr.get(b)!.add(a);
}
const web = new Map<string, number>();
for (const w of nbr.keys()) {
  if (web.has(w)) continue;
  const seen = [w];
  const s = new Set([w]);
  for (let k = 0; k < seen.length; k++)
    for (const x of nbr.get(seen[k]) ?? []) {
      if (s.has(x)) continue;
      s.add(x);
      seen.push(x);
    }
  for (const x of seen) web.set(x, seen.length);
}

const missed = new Map<string, number>();
const missedKinds = new Map<string, number>();
const missedRisk = new Map<string, number>();
const fpKinds = new Map<string, number>();
const fpShape = new Map<string, number>();
const tpShape = new Map<string, number>();
const webBand = (w: string): string => {
  const s = web.get(w) ?? 1;
  return s === 1 ? 'web 1' : s < 3 ? 'web 2' : s < 8 ? 'web 3-7' : 'web 8+';
};
let pos = 0;
let tp = 0;
let fp = 0;
for (const d of result.wallets) {
  const w = d.address;
  if (!train(w)) continue;
  const sybil = hop.eliminated.has(w);
  const flagged = d.riskScore >= review;
  const c = d.clusterLabel ? clusterOf.get(d.clusterLabel)! : null;
  const size = c ? c.members.length : 0;
  if (sybil) pos++;
  if (flagged && sybil) tp++;
  if (flagged && !sybil) fp++;
  if (sybil && !flagged) {
    const where = !hop.withEdge.has(w)
      ? 'no transfer'
      : !hop.hubFreeEdge.has(w)
        ? 'only hub transfers'
        : d.storedStatus === 'clear'
          ? 'clear (hub-free edge, engine: no listed link)'
          : d.storedStatus === 'linked'
            ? d.riskScore === 10
              ? 'linked: grouped, not a member'
              : 'linked: < 3 listed in group'
            : `clustered, risk < ${review}`;
    count(missed, `${where} | hop method ${hop.baselineFlag.has(w) ? 'flags' : 'misses'} | ${webBand(w)}`);
    if (c) {
      count(missedKinds, `size ${band(size)} | ${kindsOf(d.reasons)}`);
      count(missedRisk, `size ${band(size)} | risk ${Math.floor(d.riskScore / 10) * 10}s`);
    }
  }
  if (c && flagged) {
    const elim = c.members.filter((m) => hop.eliminated.has(m)).length;
    const shape =
      `size ${band(size)} | share ${c.support.listedShare >= 0.25 ? '>=.25' : '<.25'} | ` +
      `cluster elim ${elim === 0 ? 'none' : elim === size ? 'all' : 'some'} | ${webBand(w)}`;
    count(sybil ? tpShape : fpShape, shape);
    if (!sybil) count(fpKinds, `size ${band(size)} | ${kindsOf(d.reasons)}`);
  }
}
console.log(`training folds (holdout ${holdout}), review ${review}: sybils ${pos}, tp ${tp}, fp ${fp}`);
console.log(`precision ${(tp / (tp + fp)).toFixed(4)} recall ${(tp / pos).toFixed(4)}`);
show('missed sybils: where', missed);
show('missed sybils in clusters: kinds naming them', missedKinds);
show('missed sybils in clusters: risk', missedRisk);
show('false positives: cluster shape', fpShape);
show('true positives: cluster shape', tpShape);
show('false positives: kinds naming them', fpKinds);

// clusters seen from the training folds: size band, share of eliminated among training members
const clusterBands = new Map<string, number>();
for (const c of result.clusters) {
  const tm = c.members.filter(train);
  if (tm.length === 0) continue;
  const e = tm.filter((m) => hop.eliminated.has(m)).length / tm.length;
  count(
    clusterBands,
    `size ${band(c.members.length)} | elim ${e === 0 ? '0' : e < 0.5 ? '<.5' : e < 1 ? '>=.5' : '1'} | ` +
      `support ${c.support.level} | conclusive ${c.riskScore > 64 ? 'yes' : 'capped?'}`,
  );
}
show('clusters (training members)', clusterBands, 40);

if (process.env.DIAG_EXAMPLES) {
  const ex = (sybil: boolean, n: number): void => {
    let k = 0;
    for (const c of result.clusters) {
      if (c.members.length > 7 || !c.members.every(train)) continue;
      const e = c.members.filter((m) => hop.eliminated.has(m)).length;
      if ((sybil ? e !== c.members.length : e !== 0) || c.riskScore < review) continue;
      if (k++ >= n) break;
      const risks = c.members.map((m) => result.wallets.find((w) => w.address === m)!.riskScore);
      console.log(
        `\n${sybil ? 'TP' : 'FP'} cluster size ${c.members.length} share ${c.support.listedShare} ` +
          `support ${c.support.confidence} risks ${risks.join(',')}`,
      );
      for (const it of c.evidence)
        console.log(`  ${it.kind} ${it.confidence} n=${it.addresses.length} ${JSON.stringify(it.data).slice(0, 160)}`);
    }
  };
  ex(false, 6);
  ex(true, 4);
}

if (process.env.DIAG_FEATURES) {
  // distribution of simple per-wallet features among flagged training wallets: Sybil vs not, by cluster size
  const deg = new Map<string, Set<string>>();
  for (let i = 0; i < from.length; i++) {
    const a = addresses[from[i]];
    const b = addresses[to[i]];
    if (a === b) continue;
    if (listed.has(a)) (deg.get(a) ?? deg.set(a, new Set()).get(a)!).add(b);
    if (listed.has(b)) (deg.get(b) ?? deg.set(b, new Set()).get(b)!).add(a);
  }
  const q = (xs: number[]): string => {
    xs.sort((a, b) => a - b);
    return [0.1, 0.25, 0.5, 0.75, 0.9].map((p) => xs[Math.floor(p * (xs.length - 1))]?.toFixed(2) ?? '-').join(' ');
  };
  const feats: Record<string, Record<string, number[]>> = {};
  for (const d of result.wallets) {
    if (!train(d.address) || !d.clusterLabel || d.riskScore < review) continue;
    const c = clusterOf.get(d.clusterLabel)!;
    const key = `${hop.eliminated.has(d.address) ? 'TP' : 'FP'} ${c.members.length < 8 ? '3-7' : '8+'}`;
    const f = (feats[key] ??= { degree: [], hubShare: [], listedShare: [], risk: [] });
    const ns = [...(deg.get(d.address) ?? [])];
    f.degree.push(ns.length);
    f.hubShare.push(ns.filter(isHub).length / Math.max(1, ns.length));
    f.listedShare.push(c.support.listedShare);
    f.risk.push(d.riskScore);
  }
  for (const [k, f] of Object.entries(feats).sort())
    for (const [name, xs] of Object.entries(f)) console.log(`${k} n=${xs.length} ${name}: ${q(xs)}`);
}

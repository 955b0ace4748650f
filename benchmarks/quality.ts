/**
 * bench:quality — decision quality measured on data the presets were not chosen on (docs/benchmarks.md):
 *  - Hop Protocol's airdrop (../shared/datasets/hop-airdrop; no times, amounts or hashes) with grouped 5-fold
 *    cross-validation: folds by Hop's cluster id (an eligible wallet is a group of its own); for each fold the
 *    presets' thresholds are chosen on the other four folds together with the simulator's development seeds, and
 *    the fold is scored with them. Figures are out-of-fold, over all campaign wallets, over wallets with an edge
 *    and over Hop's universe (wallets with a hub-free edge), next to Hop's own method;
 *  - simulated campaigns (benchmarks/sim, docs/simulated-campaigns.md): development seeds choose, test seeds report;
 *    world seeds (the campaign plus shapes the rules were not written from) report only.
 * The thresholds chosen on all development data are compared with the shipped ones (engine/scoring.ts).
 * Last line: one JSON object. Usage: npm run bench:quality [-- --threads 2] [--dev-seeds 1,2] [--test-seeds 109,110]
 *   [--world-seeds 209,210] [--blind-seeds 9001,9002 [--blind-legit 15000] [--blind-farms 40]]
 *   [--blind2-seeds 9601,9602 [--blind2-legit 24000] [--blind2-farms 44]]
 *   [--blind3-seeds 9801,9802 [--blind3-legit 25000] [--blind3-farms 45]]
 *   [--blind4-seeds 7801,7802 [--blind4-legit 25000] [--blind4-farms 40]]
 * Blind seeds (benchmarks/sim/blind-sim.ts, docs/blind-campaigns.md: shapes written without reading the engine) are
 * run with the shipped tuning and presets and reported only; with --dev-seeds "" --test-seeds "" --skip-hop
 * nothing else runs. Blind2 seeds (benchmarks/sim/blind-sim-2.ts, docs/blind-campaigns-2.md, a second simulator
 * written the same way) likewise; their farms built to leave no on-chain link (`nolink_` types) get rows apart.
 * Blind3 seeds (benchmarks/sim/blind-sim-3.ts, docs/blind-campaigns-3.md, a third one, with chains) the same way.
 * Blind4 seeds (benchmarks/sim/blind-sim-4.ts, docs/blind-campaigns-4.md, a fourth one, of a Solana campaign) too.
 */
import { parseArgs } from 'node:util';
import {
  analyze,
  actionFor,
  DEFAULT_TUNING,
  createEnginePool,
  PRESET_THRESHOLDS,
  INCONCLUSIVE_CAP,
  type AnalyzeResult,
  type EngineInput,
  type EngineTuning,
  type RiskPreset,
} from '../engine/index.ts';
import { hopFolds, loadHop } from './lib/hop-data.ts';
import {
  chooseThresholds,
  emptyHistogram,
  fBeta,
  precisionOf,
  recallOf,
  PRESET_GOALS,
  type Counts,
  type RiskHistogram,
} from './lib/threshold-choice.ts';
import { simulateCampaign, UNLINKED_FARM_TYPES, type TruthRow } from './sim/campaign-sim.ts';
import { simulateBlindCampaign } from './sim/blind-sim.ts';
import { isNoLink, simulateBlind2Campaign } from './sim/blind-sim-2.ts';
import { isNoLink3, simulateBlind3Campaign } from './sim/blind-sim-3.ts';
import { isNoLink4, simulateBlind4Campaign } from './sim/blind-sim-4.ts';

const { values } = parseArgs({
  options: {
    threads: { type: 'string', default: '2' },
    'dev-seeds': { type: 'string', default: '1,2' },
    'test-seeds': { type: 'string', default: '109,110' },
    'world-seeds': { type: 'string', default: '209,210' },
    'blind-seeds': { type: 'string', default: '' },
    'blind-legit': { type: 'string' },
    'blind-farms': { type: 'string' },
    'blind2-seeds': { type: 'string', default: '' },
    'blind2-legit': { type: 'string' },
    'blind2-farms': { type: 'string' },
    'blind3-seeds': { type: 'string', default: '' },
    'blind3-legit': { type: 'string' },
    'blind3-farms': { type: 'string' },
    'blind4-seeds': { type: 'string', default: '' },
    'blind4-legit': { type: 'string' },
    'blind4-farms': { type: 'string' },
    folds: { type: 'string', default: '5' },
    'skip-hop': { type: 'boolean' },
    'check-order': { type: 'boolean' },
    'web-grid': { type: 'string', default: '0,5,8,12' },
    'share-grid': { type: 'string', default: '0.25,0.4,0.6' },
    'narrow-grid': { type: 'string', default: '1,0.75,0.5' },
    help: { type: 'boolean' },
  },
});
const USAGE =
  'usage: npm run bench:quality -- [--threads 2] [--dev-seeds 1,2] [--test-seeds 109,110] [--folds 5]\n' +
  '  [--world-seeds 209,210]  simulated campaigns with the world shapes added (reported only; "" to skip)\n' +
  '  [--blind-seeds 9001,9002]  blind campaigns (docs/blind-campaigns.md), shipped tuning and presets, reported\n' +
  '    only; [--blind-legit 15000] [--blind-farms 40] set their sizes\n' +
  '  [--blind2-seeds 9601,9602]  campaigns of the second blind simulator (docs/blind-campaigns-2.md), likewise;\n' +
  '    [--blind2-legit 24000] [--blind2-farms 44] set their sizes\n' +
  '  [--blind3-seeds 9801,9802]  campaigns of the third blind simulator (docs/blind-campaigns-3.md), likewise;\n' +
  '    [--blind3-legit 25000] [--blind3-farms 45] set their sizes\n' +
  '  [--blind4-seeds 7801,7802]  campaigns of the fourth blind simulator, a Solana campaign\n' +
  '    (docs/blind-campaigns-4.md), likewise; [--blind4-legit 25000] [--blind4-farms 40] set their sizes\n' +
  '  [--skip-hop] [--check-order] [--web-grid 0,5,8,12] [--share-grid 0.25,0.4,0.6] [--narrow-grid 1,0.75,0.5]\n' +
  '  --web-grid, --share-grid, --narrow-grid  candidate transferWebMin, listedShareFull and narrowFactor\n' +
  '    values, chosen inside the CV\n' +
  '  --check-order  also run Hop with its transfer file reversed and count wallets whose risk changed';
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
/** A malformed option is a usage error (exit 2), never a NaN seed, size or candidate run as if it were one. */
function usageError(what: string): never {
  console.error(`bench:quality: ${what}\n${USAGE}`);
  process.exit(2);
}
const isCount = (v: string): boolean => /^[0-9]+$/.test(v) && Number(v) > 0;
for (const k of [
  'dev-seeds',
  'test-seeds',
  'world-seeds',
  'blind-seeds',
  'blind2-seeds',
  'blind3-seeds',
  'blind4-seeds',
] as const)
  if (
    !values[k]
      .split(',')
      .filter(Boolean)
      .every((v) => /^[0-9]+$/.test(v))
  )
    usageError(`--${k} takes whole numbers separated by commas`);
for (const k of [
  'blind-legit',
  'blind-farms',
  'blind2-legit',
  'blind2-farms',
  'blind3-legit',
  'blind3-farms',
  'blind4-legit',
  'blind4-farms',
] as const)
  if (values[k] !== undefined && !isCount(values[k])) usageError(`--${k} takes a positive whole number`);
for (const k of ['threads', 'folds'] as const)
  if (!isCount(values[k])) usageError(`--${k} takes a positive whole number`);
for (const k of ['web-grid', 'share-grid', 'narrow-grid'] as const)
  if (!values[k].split(',').every((v) => v !== '' && Number.isFinite(Number(v))))
    usageError(`--${k} takes numbers separated by commas`);
const PRESETS: RiskPreset[] = ['conservative', 'balanced', 'strict'];
const FOLDS = Number(values.folds);
const seeds = (s: string): number[] => s.split(',').filter(Boolean).map(Number);
const pool = createEnginePool({ maxThreads: Number(values.threads) });
const run = (input: EngineInput, tuning: Partial<EngineTuning>): Promise<AnalyzeResult> =>
  analyze(input, { mode: 'onchain', preset: 'balanced', seed: 42, pool, tuning });
const r4 = (x: number): number => Math.round(x * 10000) / 10000;
const summary = (c: Counts): Record<string, number> => ({
  precision: r4(precisionOf(c)),
  recall: r4(recallOf(c)),
  f1: r4(fBeta(c, 1)),
  flagged: c.tp + c.fp,
});
const add = (a: Counts, b: Counts): Counts => ({
  tp: a.tp + b.tp,
  fp: a.fp + b.fp,
  fn: a.fn + b.fn,
  negatives: a.negatives + b.negatives,
});
const ZERO: Counts = { tp: 0, fp: 0, fn: 0, negatives: 0 };
const table: Array<Record<string, string | number>> = [];
const figures: Record<string, unknown> = {};

// Engine constants chosen inside the cross-validation (docs/engine.md, "How the constants were chosen"): every
// candidate tuning runs on the simulator's development seeds and on Hop; each Hop fold takes the candidate (and the
// thresholds) that do best on its training folds and the development seeds, and is scored with them.
interface Candidate {
  tuning: Partial<EngineTuning>;
  name: string;
  /** One histogram per development seed: the limits on legitimate wallets hold on each campaign, not on average. */
  simDev: RiskHistogram[];
  hopRisk: Map<string, number>;
  hopSize: Map<string, number>;
  hopHist: RiskHistogram[];
}
const grid = (s: string): number[] => s.split(',').filter(Boolean).map(Number);
const candidates: Candidate[] = [];
for (const web of grid(values['web-grid']))
  for (const share of grid(values['share-grid']))
    for (const narrow of grid(values['narrow-grid'])) {
      // without a web minimum there is no breadth to measure: the narrow factor has no effect (one candidate)
      if (web === 0 && narrow !== 1) continue;
      candidates.push({
        tuning: { transferWebMin: web, listedShareFull: share, narrowFactor: narrow },
        name: `web ${web} share ${share} narrow ${narrow}`,
        simDev: [],
        hopRisk: new Map(),
        hopSize: new Map(),
        hopHist: [],
      });
    }
const isShipped = (c: Candidate): boolean =>
  c.tuning.transferWebMin === DEFAULT_TUNING.transferWebMin &&
  c.tuning.listedShareFull === DEFAULT_TUNING.listedShareFull &&
  c.tuning.narrowFactor === DEFAULT_TUNING.narrowFactor;
if (!candidates.some(isShipped)) throw new Error('the shipped tuning must be one of the candidates');

// 1. simulated campaigns: development seeds (choose) and test seeds (report)
interface SimRun {
  seed: number;
  truth: TruthRow[];
  risk: Map<string, number>;
  seconds: number;
}
async function simulate(seed: number, tuning: Partial<EngineTuning>, world = false): Promise<SimRun> {
  const sim = simulateCampaign({ seed, world });
  const t0 = performance.now();
  const result = await run(sim.input, tuning);
  const risk = new Map(result.wallets.map((w) => [w.address, w.riskScore]));
  return { seed, truth: sim.truth, risk, seconds: (performance.now() - t0) / 1000 };
}
const size = (v: string | undefined): number | undefined => (v === undefined ? undefined : Number(v));
/**
 * A blind campaign (`blind`: benchmarks/sim/blind-sim.ts, `blind2`: benchmarks/sim/blind-sim-2.ts, `blind3`:
 * benchmarks/sim/blind-sim-3.ts, `blind4`: benchmarks/sim/blind-sim-4.ts) run with the shipped tuning: only ever
 * reported, never chosen on.
 */
function simulateBlind(seed: number, kind: 'blind' | 'blind2' | 'blind3' | 'blind4'): Promise<SimRun> {
  const simulate = {
    blind: simulateBlindCampaign,
    blind2: simulateBlind2Campaign,
    blind3: simulateBlind3Campaign,
    blind4: simulateBlind4Campaign,
  }[kind];
  const legitWallets = size(values[`${kind}-legit` as const]);
  return runShipped(seed, simulate({ seed, legitWallets, farms: size(values[`${kind}-farms` as const]) }));
}
async function runShipped(seed: number, sim: { input: EngineInput; truth: TruthRow[] }): Promise<SimRun> {
  const t0 = performance.now();
  const result = await run(sim.input, {});
  const risk = new Map(result.wallets.map((w) => [w.address, w.riskScore]));
  return { seed, truth: sim.truth, risk, seconds: (performance.now() - t0) / 1000 };
}
for (const cand of candidates)
  for (const seed of seeds(values['dev-seeds'])) {
    const s = await simulate(seed, cand.tuning);
    const h = emptyHistogram(`sim-${seed}`, true);
    for (const t of s.truth) (t.role === 'farm' ? h.pos : h.neg)[s.risk.get(t.address) ?? 0]++;
    cand.simDev.push(h);
  }

// 2. Hop: one engine run per candidate (the engine learns nothing from labels), choices per fold
let hop: ReturnType<typeof loadHop> | null = null;
let hopFold = new Map<string, number>();
let hopClusters = 0;
if (!values['skip-hop']) {
  const t0 = performance.now();
  hop = loadHop();
  console.error(`loaded Hop in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // folds by Hop's cluster id: a cluster's wallets are never split between training and scoring
  hopFold = hopFolds(hop, FOLDS);
  for (const cand of candidates) {
    const result = await run(hop.input, cand.tuning);
    cand.hopRisk = new Map(result.wallets.map((w) => [w.address, w.riskScore]));
    for (const c of result.clusters) for (const m of c.members) cand.hopSize.set(m, c.members.length);
    cand.hopHist = Array.from({ length: FOLDS }, (_, k) => emptyHistogram(`hop-fold-${k}`, false));
    for (const w of hop.wallets)
      (hop.eliminated.has(w) ? cand.hopHist[hopFold.get(w)!].pos : cand.hopHist[hopFold.get(w)!].neg)[
        cand.hopRisk.get(w) ?? 0
      ]++;
    if (isShipped(cand)) hopClusters = result.clusters.length;
  }
  if (values['check-order']) {
    const shipped = candidates.find(isShipped)!;
    const reversed = await run(loadHop(true).input, shipped.tuning);
    const changed = reversed.wallets.filter((w) => w.riskScore !== shipped.hopRisk.get(w.address)).length;
    table.push({ set: 'hop order check', preset: '-', wallets: 'risk changed when reversed', flagged: changed });
    figures.hopReversedRiskChanges = changed;
  }
}
const merge = (hs: RiskHistogram[], name: string): RiskHistogram => {
  const m = emptyHistogram(
    name,
    hs.every((h) => h.complete),
  );
  for (const h of hs)
    for (let r = 0; r <= 100; r++) {
      m.pos[r] += h.pos[r];
      m.neg[r] += h.neg[r];
    }
  return m;
};
/** The candidate and thresholds that do best on these Hop folds (none: the simulator alone) and the dev seeds. */
function choose(folds: number[]): {
  cand: Candidate;
  presets: Record<RiskPreset, ReturnType<typeof chooseThresholds>>;
} {
  let best: Candidate = candidates[0];
  let bestF = -1;
  const setsOf = (c: Candidate): RiskHistogram[] =>
    hop
      ? [
          merge(
            folds.map((k) => c.hopHist[k]),
            'hop-train',
          ),
          ...c.simDev,
        ]
      : c.simDev;
  for (const c of candidates) {
    const f = chooseThresholds(setsOf(c), PRESET_GOALS.balanced, INCONCLUSIVE_CAP + 1).worstF;
    if (f > bestF) {
      best = c;
      bestF = f;
    }
  }
  const sets = setsOf(best);
  const presets = Object.fromEntries(
    PRESETS.map((p) => [p, chooseThresholds(sets, PRESET_GOALS[p], INCONCLUSIVE_CAP + 1)]),
  ) as Record<RiskPreset, ReturnType<typeof chooseThresholds>>;
  return { cand: best, presets };
}

// 3. the tuning and presets chosen on all development data (what the engine should ship)
const all = choose(hop ? Array.from({ length: FOLDS }, (_, k) => k) : []);
const chosen = all.presets;
// without Hop or development seeds (a blind-only run) nothing was chosen: no rows, no comparison
const haveDev = hop !== null || seeds(values['dev-seeds']).length > 0;
for (const p of haveDev ? PRESETS : [])
  table.push({
    set: 'chosen on dev',
    preset: p,
    wallets: all.cand.name,
    review: chosen[p].review,
    reject: chosen[p].reject,
    shipped: `${PRESET_THRESHOLDS[p].review}/${PRESET_THRESHOLDS[p].reject}`,
    worstF: chosen[p].worstF,
  });
const inSync =
  isShipped(all.cand) &&
  PRESETS.every(
    (p) => chosen[p].review === PRESET_THRESHOLDS[p].review && chosen[p].reject === PRESET_THRESHOLDS[p].reject,
  );
if (haveDev) {
  figures.chosen = { tuning: all.cand.tuning, ...chosen };
  figures.shippedMatchesChosen = inSync;
}

// 4. Hop out-of-fold
if (hop) {
  const universes: Record<string, (w: string) => boolean> = {
    all: () => true,
    withEdge: (w) => hop!.withEdge.has(w),
    hubFreeEdge: (w) => hop!.hubFreeEdge.has(w),
  };
  const perFold = Array.from({ length: FOLDS }, (_, k) =>
    choose(Array.from({ length: FOLDS }, (_, j) => j).filter((j) => j !== k)),
  );
  figures['hop-oof:tuning'] = perFold.map((f) => f.cand.name);
  for (const p of PRESETS) {
    const flagged = (w: string): boolean => {
      const f = perFold[hopFold.get(w)!];
      return (f.cand.hopRisk.get(w) ?? 0) >= f.presets[p].review;
    };
    for (const [u, inU] of Object.entries(universes)) {
      let c = { ...ZERO };
      for (const w of hop.wallets) {
        if (!inU(w)) continue;
        const f = flagged(w);
        const s = hop.eliminated.has(w);
        c = add(c, { tp: f && s ? 1 : 0, fp: f && !s ? 1 : 0, fn: !f && s ? 1 : 0, negatives: s ? 0 : 1 });
      }
      const row = summary(c);
      table.push({ set: 'hop out-of-fold', preset: p, wallets: u, ...row });
      figures[`hop-oof:${p}:${u}`] = row;
    }
    figures[`hop-oof:${p}:thresholds`] = perFold.map((f) => `${f.presets[p].review}/${f.presets[p].reject}`);
    // each fold apart (fold 0 is the one no diagnosis looked at: benchmarks/hop-diagnose.ts --holdout 0)
    figures[`hop-oof:${p}:byFold`] = perFold.map((_, k) => {
      let c = { ...ZERO };
      for (const w of hop!.wallets) {
        if (hopFold.get(w) !== k) continue;
        const f = flagged(w);
        const s = hop!.eliminated.has(w);
        c = add(c, { tp: f && s ? 1 : 0, fp: f && !s ? 1 : 0, fn: !f && s ? 1 : 0, negatives: s ? 0 : 1 });
      }
      return summary(c);
    });
    // flagged wallets by the size of their engine cluster: Hop only removed groups of 8 or more
    const bySize: Record<string, Counts> = {};
    for (const w of hop.wallets) {
      if (!flagged(w)) continue;
      const size = perFold[hopFold.get(w)!].cand.hopSize.get(w) ?? 0;
      const band = size === 0 ? 'not clustered' : size < 8 ? 'cluster 3-7' : 'cluster 8+';
      const s = hop.eliminated.has(w);
      bySize[band] = add(bySize[band] ?? ZERO, { tp: s ? 1 : 0, fp: s ? 0 : 1, fn: 0, negatives: 0 });
    }
    if (p === 'balanced')
      for (const [band, c] of Object.entries(bySize)) {
        table.push({
          set: 'hop oof by size',
          preset: p,
          wallets: band,
          flagged: c.tp + c.fp,
          precision: r4(c.tp / (c.tp + c.fp)),
        });
        figures[`hop-oof:${p}:${band}`] = { flagged: c.tp + c.fp, precision: r4(c.tp / (c.tp + c.fp)) };
      }
  }
  for (const [u, inU] of Object.entries(universes)) {
    let c = { ...ZERO };
    for (const w of hop.wallets) {
      if (!inU(w)) continue;
      const f = hop.baselineFlag.has(w);
      const s = hop.eliminated.has(w);
      c = add(c, { tp: f && s ? 1 : 0, fp: f && !s ? 1 : 0, fn: !f && s ? 1 : 0, negatives: s ? 0 : 1 });
    }
    table.push({ set: 'hop baseline', preset: '-', wallets: u, universe: c.tp + c.fn + c.negatives, ...summary(c) });
    figures[`hop-baseline:${u}`] = { universe: c.tp + c.fn + c.negatives, ...summary(c) };
  }
}

// 5. simulated test seeds, scored with the shipped presets; then the world shapes (reported, never chosen on)
interface SimScore {
  counts: typeof ZERO;
  legit: number;
  rejectedLegit: number;
  perType: Record<string, number>;
  perPattern: Record<string, number>;
  /** Share of each legitimate pattern's wallets rejected. */
  rejectedPerPattern: Record<string, number>;
}
function scoreSims(runs: SimRun[], p: RiskPreset): SimScore {
  let counts = { ...ZERO };
  const typeHit = new Map<string, [number, number]>();
  const patternHit = new Map<string, [number, number]>();
  const patternRejected = new Map<string, [number, number]>();
  let rejectedLegit = 0;
  let legit = 0;
  for (const s of runs)
    for (const t of s.truth) {
      const action = actionFor(p, s.risk.get(t.address) ?? 0);
      const f = action !== 'approve';
      const farm = t.role === 'farm';
      counts = add(counts, {
        tp: f && farm ? 1 : 0,
        fp: f && !farm ? 1 : 0,
        fn: !f && farm ? 1 : 0,
        negatives: farm ? 0 : 1,
      });
      const m = farm ? typeHit : patternHit;
      const cell = m.get(t.pattern) ?? [0, 0];
      cell[0] += f ? 1 : 0;
      cell[1]++;
      m.set(t.pattern, cell);
      if (!farm) {
        legit++;
        if (action === 'reject') rejectedLegit++;
        const rc = patternRejected.get(t.pattern) ?? [0, 0];
        rc[0] += action === 'reject' ? 1 : 0;
        rc[1]++;
        patternRejected.set(t.pattern, rc);
      }
    }
  const share = (m: Map<string, [number, number]>) =>
    Object.fromEntries([...m].sort().map(([k, [h, n]]) => [k, r4(h / n)]));
  return {
    counts,
    legit,
    rejectedLegit,
    perType: share(typeHit),
    perPattern: share(patternHit),
    rejectedPerPattern: share(patternRejected),
  };
}
/** `detail`: the presets whose recall per farm type and shares per legitimate pattern get table rows. */
function reportSims(set: string, runs: SimRun[], presets: readonly RiskPreset[], detail = ['balanced']): void {
  for (const p of presets) {
    const sc = scoreSims(runs, p);
    const row = summary(sc.counts);
    const legitFlagged = r4(sc.counts.fp / sc.legit);
    table.push({ set, preset: p, ...row, legitFlagged, legitRejected: sc.rejectedLegit });
    figures[`${set.replace(' ', '-')}:${p}`] = {
      ...row,
      legitFlagged,
      legitRejected: sc.rejectedLegit,
      legit: sc.legit,
      recallByFarmType: sc.perType,
      flaggedByLegitPattern: sc.perPattern,
      rejectedByLegitPattern: sc.rejectedPerPattern,
    };
    if (!detail.includes(p)) continue;
    for (const [k, v] of Object.entries(sc.perType))
      table.push({ set: `${set} recall`, preset: p, wallets: k, recall: v });
    for (const [k, v] of Object.entries(sc.perPattern))
      table.push({ set: `${set} legit flagged`, preset: p, wallets: k, share: v, rejected: sc.rejectedPerPattern[k] });
  }
}
/** Farms built to leave no on-chain link: only their recall means anything (no legitimate wallets among them). */
function reportNoLink(set: string, runs: SimRun[]): void {
  for (const p of PRESETS) {
    const sc = scoreSims(runs, p);
    const row = { farms: sc.counts.tp + sc.counts.fn, flagged: sc.counts.tp, recall: r4(recallOf(sc.counts)) };
    table.push({ set, preset: p, ...row });
    figures[`${set.replaceAll(' ', '-')}:${p}`] = { ...row, recallByFarmType: sc.perType };
    if (p === 'balanced')
      for (const [k, v] of Object.entries(sc.perType))
        table.push({ set: `${set} recall`, preset: p, wallets: k, recall: v });
  }
}
const testRuns: SimRun[] = [];
for (const seed of seeds(values['test-seeds'])) testRuns.push(await simulate(seed, {}));
const worldRuns: SimRun[] = [];
for (const seed of seeds(values['world-seeds'])) worldRuns.push(await simulate(seed, {}, true));
const blindRuns: SimRun[] = [];
for (const seed of seeds(values['blind-seeds'])) blindRuns.push(await simulateBlind(seed, 'blind'));
const blind2Runs: SimRun[] = [];
for (const seed of seeds(values['blind2-seeds'])) blind2Runs.push(await simulateBlind(seed, 'blind2'));
const blind3Runs: SimRun[] = [];
for (const seed of seeds(values['blind3-seeds'])) blind3Runs.push(await simulateBlind(seed, 'blind3'));
const blind4Runs: SimRun[] = [];
for (const seed of seeds(values['blind4-seeds'])) blind4Runs.push(await simulateBlind(seed, 'blind4'));
await pool.destroy();
if (testRuns.length > 0) reportSims('sim test', testRuns, PRESETS);
if (worldRuns.length > 0) reportSims('sim world', worldRuns, PRESETS);
if (blindRuns.length > 0) reportSims('sim blind', blindRuns, PRESETS, PRESETS);
/** A blind simulator's campaigns: farms built to leave no on-chain link reported apart from the rest. */
function reportBlind(set: string, runs: SimRun[], noLink: (pattern: string) => boolean): void {
  if (runs.length === 0) return;
  const part = (keep: (t: TruthRow) => boolean): SimRun[] => runs.map((s) => ({ ...s, truth: s.truth.filter(keep) }));
  reportSims(
    set,
    part((t) => !noLink(t.pattern)),
    PRESETS,
    PRESETS,
  );
  reportNoLink(
    `${set} nolink`,
    part((t) => noLink(t.pattern)),
  );
}
reportBlind('sim blind2', blind2Runs, isNoLink);
reportBlind('sim blind3', blind3Runs, isNoLink3);
reportBlind('sim blind4', blind4Runs, isNoLink4);
console.table(table);
const bal = figures['sim-test:balanced'] as
  | {
      f1: number;
      legitFlagged: number;
      legitRejected: number;
      legit: number;
      recallByFarmType: Record<string, number>;
    }
  | undefined;
const hopBal = figures['hop-oof:balanced:all'] as { f1: number; precision: number } | undefined;
const goal = (ok: boolean): string => (ok ? 'met' : 'MISSED');
if (hopBal)
  console.error(
    `goal Hop out-of-fold balanced F1 >= 0.80 (${hopBal.f1}): ${goal(hopBal.f1 >= 0.8)}; ` +
      `precision >= 0.90 (${hopBal.precision}): ${goal(hopBal.precision >= 0.9)}`,
  );
// the goals are stated on the test seeds (without them, e.g. a blind-only run, there is nothing to check)
if (bal) {
  const lowTypes = Object.entries(bal.recallByFarmType).filter(([k, v]) => v < 0.5 && !UNLINKED_FARM_TYPES.has(k));
  console.error(
    `goal sim test balanced F1 >= 0.80 (${bal.f1}): ${goal(bal.f1 >= 0.8)}; farm types below recall 0.5: ` +
      `${lowTypes.map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}; legit flagged <= 1% (${bal.legitFlagged}): ` +
      `${goal(bal.legitFlagged <= 0.01)}; legit rejected <= 0.1% (${bal.legitRejected}/${bal.legit}): ` +
      `${goal(bal.legitRejected <= 0.001 * bal.legit)}`,
  );
}
if (haveDev)
  console.error(`shipped presets ${inSync ? 'match' : 'DIFFER FROM'} the thresholds chosen on development data`);
console.log(
  JSON.stringify({
    bench: 'quality',
    folds: FOLDS,
    devSeeds: seeds(values['dev-seeds']),
    testSeeds: seeds(values['test-seeds']),
    worldSeeds: seeds(values['world-seeds']),
    blindSeeds: seeds(values['blind-seeds']),
    hop: hop ? { wallets: hop.wallets.length, transfers: hop.transfers, clusters: hopClusters } : null,
    simSeconds: testRuns.map((s) => r4(s.seconds)),
    blindSeconds: blindRuns.map((s) => r4(s.seconds)),
    blind2Seeds: seeds(values['blind2-seeds']),
    blind2Seconds: blind2Runs.map((s) => r4(s.seconds)),
    blind3Seeds: seeds(values['blind3-seeds']),
    blind3Seconds: blind3Runs.map((s) => r4(s.seconds)),
    blind4Seeds: seeds(values['blind4-seeds']),
    blind4Seconds: blind4Runs.map((s) => r4(s.seconds)),
    figures,
  }),
);

/**
 * Hybrid-mode evidence from the wallet input: referral links between members, referral codes shared by members,
 * and a campaign event type shared by most members (supporting evidence: it names no single wallet).
 */
import type { WalletGraph } from '../wallet-graph.ts';
import type { EngineWalletInput } from '../types.ts';
import type { AddItem, RawCluster } from './raw-cluster.ts';
import { round3 } from '../scoring.ts';
import { push, ramp } from './util.ts';

export function hybridEvidence(
  g: WalletGraph,
  clusterOf: Int32Array,
  out: RawCluster[],
  wallets: EngineWalletInput[],
  addItem: AddItem,
  pattern: (c: number, name: string, share: number) => void,
): void {
  const referred = new Map<number, number>();
  for (const l of g.links) {
    const c = clusterOf[l.u];
    if (c < 0 || c !== clusterOf[l.v]) continue;
    if (l.kind === 'referral_link') {
      addItem(
        c,
        'graph',
        'referral_link',
        0.75,
        true,
        [l.v, l.u],
        { referrer: g.addresses[l.v], referred: g.addresses[l.u] },
        [l.u, l.v],
      );
      referred.set(c, (referred.get(c) ?? 0) + 1);
    }
  }
  const codes = new Map<string, Map<number, number[]>>();
  const events = new Map<number, Map<string, number[]>>();
  wallets.forEach((w, i) => {
    const u = g.walletNode[i];
    const c = clusterOf[u];
    if (c < 0) return;
    if (w.referralCode) {
      let m = codes.get(w.referralCode);
      if (!m) codes.set(w.referralCode, (m = new Map()));
      push(m, c, u);
    }
    if (w.campaignEventType) {
      let m = events.get(c);
      if (!m) events.set(c, (m = new Map()));
      push(m, w.campaignEventType, u);
    }
  });
  for (const [code, byCluster] of codes) {
    for (const [c, nodes] of byCluster) {
      if (nodes.length < 2) continue;
      addItem(
        c,
        'graph',
        'shared_referral_code',
        0.6 + 0.3 * ramp(nodes.length, 2, 10),
        true,
        nodes,
        { referralCode: code, members: nodes.length },
        nodes,
      );
      pattern(c, 'referral_ring', nodes.length / out[c].members.length);
    }
  }
  for (const [c, refs] of referred) pattern(c, 'referral_ring', (refs + 1) / out[c].members.length);
  for (const [c, byType] of events) {
    const size = out[c].members.length;
    for (const [type, nodes] of byType) {
      if (nodes.length < 3 || nodes.length / size < 0.6) continue;
      addItem(
        c,
        'graph',
        'shared_event_timing',
        0.3 + 0.3 * ramp(nodes.length / size, 0.6, 1),
        true,
        nodes,
        { campaignEventType: type, members: nodes.length, share: round3(nodes.length / size) },
        [],
      );
      pattern(c, 'batch_timing', (0.9 * nodes.length) / size);
    }
  }
}

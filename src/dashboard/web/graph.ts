/**
 * The cluster graph: a graphology multigraph built from the stored members and evidence, laid out with
 * ForceAtlas2 (graphology-layout-forceatlas2, from a deterministic circle start) and drawn by sigma.js.
 * Funding and graph lanes have their own colours and widths; neutralised links (riskBearing: false) are dimmed.
 * Each evidence item links its first address to every other address it names.
 */
import Sigma from 'sigma';
import { MultiUndirectedGraph } from 'graphology';
import forceAtlas2Import from 'graphology-layout-forceatlas2';

export interface Member {
  walletAddress: string;
  storedRecommendedAction: string;
  riskScore: number;
}
export interface Evidence {
  lane: string;
  kind: string;
  confidence: number;
  riskBearing: boolean;
  addresses: string[];
}

export const LANE_STYLE: Record<string, { color: string; size: number }> = {
  funding: { color: '#c2410c', size: 2.5 },
  graph: { color: '#1d4ed8', size: 1.5 },
};
export const NEUTRALISED_STYLE = { color: 'rgba(148, 163, 184, 0.45)', size: 0.8 };
const ACTION_COLOR: Record<string, string> = { reject: '#b91c1c', manual_review: '#a16207', approve: '#15803d' };
const OUTSIDE_COLOR = '#64748b';
// a CommonJS package: its default export sits under .default for the type checker (esbuild interoperates either way)
type ForceAtlas2 = typeof forceAtlas2Import.default;
const forceAtlas2: ForceAtlas2 =
  (forceAtlas2Import as unknown as { default?: ForceAtlas2 }).default ?? (forceAtlas2Import as unknown as ForceAtlas2);

export interface GraphStats {
  nodes: number;
  edges: number;
  funding: number;
  graph: number;
  neutralised: number;
}

export function buildClusterGraph(
  members: Member[],
  evidence: Evidence[],
): { graph: MultiUndirectedGraph; stats: GraphStats } {
  const graph = new MultiUndirectedGraph();
  const stats: GraphStats = { nodes: 0, edges: 0, funding: 0, graph: 0, neutralised: 0 };
  members.forEach((m, i) => {
    const angle = (2 * Math.PI * i) / Math.max(1, members.length);
    graph.mergeNode(m.walletAddress, {
      label: m.walletAddress,
      x: Math.cos(angle),
      y: Math.sin(angle),
      size: 7,
      color: ACTION_COLOR[m.storedRecommendedAction] ?? OUTSIDE_COLOR,
      member: true,
      action: m.storedRecommendedAction,
    });
  });
  const outside = [...new Set(evidence.flatMap((e) => e.addresses))].filter((a) => !graph.hasNode(a));
  outside.forEach((a, i) => {
    const angle = (2 * Math.PI * i) / outside.length;
    const r = outside.length === 1 ? 0 : 0.45;
    graph.addNode(a, {
      label: a,
      x: r * Math.cos(angle),
      y: r * Math.sin(angle),
      size: 5,
      color: OUTSIDE_COLOR,
      member: false,
      action: 'outside the run',
    });
  });
  for (const e of evidence) {
    const [from, ...rest] = e.addresses;
    const style = e.riskBearing ? (LANE_STYLE[e.lane] ?? LANE_STYLE.graph) : NEUTRALISED_STYLE;
    for (const to of rest) {
      if (to === from) continue;
      graph.addEdge(from, to, {
        color: style.color,
        size: style.size,
        lane: e.lane,
        kind: e.kind,
        riskBearing: e.riskBearing,
      });
      stats.edges++;
      if (e.riskBearing) stats[e.lane === 'funding' ? 'funding' : 'graph']++;
      else stats.neutralised++;
    }
  }
  stats.nodes = graph.order;
  // ForceAtlas2 from the deterministic circle layout: tightly linked wallets pull together, hubs sit apart
  if (graph.order > 2 && graph.order <= 3000 && graph.size > 0) {
    forceAtlas2.assign(graph, {
      iterations: graph.order > 500 ? 60 : 150,
      settings: { ...forceAtlas2.inferSettings(graph), barnesHutOptimize: graph.order > 500 },
    });
  }
  return { graph, stats };
}

export interface GraphView {
  focus(node: string | null): void;
  zoom(factor: number): void;
  reset(): void;
  kill(): void;
}

/** Draws the graph; throws when the browser has no WebGL (the caller shows the tables instead). */
export function drawGraph(
  container: HTMLElement,
  graph: MultiUndirectedGraph,
  onSelect: (node: string) => void,
): GraphView {
  let focused: string | null = null;
  const renderer = new Sigma(graph, container, {
    renderEdgeLabels: false,
    labelRenderedSizeThreshold: 9,
    zIndex: true,
    nodeReducer: (node, data) => {
      if (!focused || node === focused || graph.areNeighbors(node, focused))
        return { ...data, highlighted: node === focused, forceLabel: node === focused };
      return { ...data, color: '#e2e8f0', label: '' };
    },
    edgeReducer: (edge, data) =>
      focused && !graph.extremities(edge).includes(focused) ? { ...data, hidden: true } : data,
  });
  renderer.on('clickNode', ({ node }) => onSelect(node));
  const camera = renderer.getCamera();
  return {
    focus(node) {
      focused = node;
      renderer.refresh();
    },
    zoom(factor) {
      void camera.animate({ ratio: camera.ratio / factor }, { duration: 200 });
    },
    reset() {
      focused = null;
      void camera.animatedReset({ duration: 200 });
      renderer.refresh();
    },
    kill() {
      renderer.kill();
    },
  };
}

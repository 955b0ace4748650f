/**
 * Small SVG charts (no chart library): vertical bars, stacked bars and lines. Each chart is a figure whose SVG is
 * role=img with a text summary, followed by a table of the same numbers for screen readers and copying.
 * Colours are SVG attributes, not style attributes, so the page's CSP allows them.
 */
import { h, table } from './dom.ts';

const NS = 'http://www.w3.org/2000/svg';
const W = 480;
const H = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 40 };

export const ACTION_COLORS: Record<string, string> = {
  approve: '#15803d',
  manual_review: '#d97706',
  reject: '#b91c1c',
};

function svg(tag: string, attrs: Record<string, string | number>, ...children: Node[]): SVGElement {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

const text = (x: number, y: number, s: string, anchor = 'middle'): SVGElement => {
  const t = svg('text', { x, y, 'text-anchor': anchor, 'font-size': 11, fill: '#334155' });
  t.textContent = s;
  return t;
};

function axes(max: number): SVGElement[] {
  const y0 = H - PAD.bottom;
  const out: SVGElement[] = [
    svg('line', { x1: PAD.left, y1: y0, x2: W - PAD.right, y2: y0, stroke: '#64748b' }),
    svg('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: y0, stroke: '#64748b' }),
  ];
  // a middle tick only where it is a whole number of its own
  for (const f of max >= 2 ? [0, 0.5, 1] : [0, 1]) {
    const y = y0 - f * (y0 - PAD.top);
    out.push(text(PAD.left - 6, y + 4, String(Math.round(max * f)), 'end'));
    if (f > 0) out.push(svg('line', { x1: PAD.left, y1: y, x2: W - PAD.right, y2: y, stroke: '#e2e8f0' }));
  }
  return out;
}

export interface Series {
  name: string;
  color: string;
  values: number[];
}

function figure(id: string, title: string, summary: string, chart: SVGElement, data: HTMLElement): HTMLElement {
  chart.setAttribute('role', 'img');
  chart.setAttribute('aria-label', `${title}. ${summary}`);
  const details = h('details', {}, h('summary', {}, 'Show the numbers'), data);
  return h('figure', { class: 'chart', id }, h('figcaption', {}, title), chart, details);
}

function legend(series: Series[]): HTMLElement {
  return h(
    'ul',
    { class: 'chart-legend', 'aria-hidden': 'true' },
    ...series.map((s) => {
      const dot = svg('svg', { width: 12, height: 12 }, svg('rect', { width: 12, height: 12, fill: s.color }));
      return h('li', {}, dot as unknown as Node, s.name);
    }),
  );
}

/** Bars stacked per category (one series = one colour); a single series is a plain bar chart. */
export function stackedBars(id: string, title: string, categories: string[], series: Series[]): HTMLElement {
  const totals = categories.map((_, i) => series.reduce((n, s) => n + (s.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const y0 = H - PAD.bottom;
  const slot = (W - PAD.left - PAD.right) / Math.max(1, categories.length);
  const barW = Math.max(2, slot * 0.7);
  const bars: SVGElement[] = [];
  categories.forEach((c, i) => {
    let y = y0;
    for (const s of series) {
      const v = s.values[i] ?? 0;
      if (v <= 0) continue;
      const hgt = (v / max) * (y0 - PAD.top);
      y -= hgt;
      const rect = svg('rect', {
        x: PAD.left + i * slot + (slot - barW) / 2,
        y,
        width: barW,
        height: hgt,
        fill: s.color,
      });
      rect.setAttribute('data-value', String(v));
      rect.append(svg('title', {}, document.createTextNode(`${c}: ${s.name} ${v}`)));
      bars.push(rect);
    }
    if (categories.length <= 12 || i % Math.ceil(categories.length / 12) === 0)
      bars.push(text(PAD.left + i * slot + slot / 2, y0 + 14, c));
  });
  const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart-svg' }, ...axes(max), ...bars);
  chart.setAttribute('data-bars', String(bars.filter((b) => b.tagName === 'rect').length));
  const summary = categories.map((c, i) => `${c}: ${totals[i]}`).join(', ') || 'no data';
  const data = table(
    title,
    ['', ...series.map((s) => s.name)],
    categories.map((c, i) => [c, ...series.map((s) => String(s.values[i] ?? 0))]),
  );
  const fig = figure(id, title, summary, chart, data);
  if (series.length > 1) fig.insertBefore(legend(series), fig.querySelector('details'));
  return fig;
}

/** One line per series across the categories (e.g. flagged wallets per run, oldest first). */
export function lines(id: string, title: string, categories: string[], series: Series[]): HTMLElement {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const y0 = H - PAD.bottom;
  const step = categories.length > 1 ? (W - PAD.left - PAD.right - 20) / (categories.length - 1) : 0;
  const x = (i: number) => PAD.left + 10 + i * step;
  const y = (v: number) => y0 - (v / max) * (y0 - PAD.top);
  const marks: SVGElement[] = [];
  for (const s of series) {
    const points = s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ');
    marks.push(svg('polyline', { points, fill: 'none', stroke: s.color, 'stroke-width': 2 }));
    s.values.forEach((v, i) => {
      const dot = svg('circle', { cx: x(i), cy: y(v), r: 3.5, fill: s.color });
      dot.setAttribute('data-value', String(v));
      dot.append(svg('title', {}, document.createTextNode(`${categories[i]}: ${s.name} ${v}`)));
      marks.push(dot);
    });
  }
  categories.forEach((c, i) => marks.push(text(x(i), y0 + 14, c)));
  const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart-svg' }, ...axes(max), ...marks);
  chart.setAttribute('data-points', String(categories.length));
  const summary = series.map((s) => `${s.name}: ${s.values.join(', ')}`).join('; ') || 'no data';
  const data = table(
    title,
    ['Run', ...series.map((s) => s.name)],
    categories.map((c, i) => [c, ...series.map((s) => String(s.values[i] ?? 0))]),
  );
  const fig = figure(id, title, summary, chart, data);
  fig.insertBefore(legend(series), fig.querySelector('details'));
  return fig;
}

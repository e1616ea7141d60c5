/**
 * The geometry of a chart panel's SVG (ChartView): value ticks, the smooth line through points and
 * pie sectors. Pure numbers in, SVG path data out.
 */

export type Point = readonly [number, number];

/** Whole-number ticks from 0 (or the lowest value, when below 0) past the highest, about `count` of them. */
export function valueTicks(low: number, high: number, count = 5): number[] {
  const from = Math.min(0, Math.floor(low));
  const span = Math.max(high - from, 1);
  const raw = span / (count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power);
  const first = Math.floor(from / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick < high + step; tick += step) {
    ticks.push(tick);
    if (tick >= high) break;
  }
  return ticks.length > 1 ? ticks : [first, first + step];
}

const at = ([x, y]: Point) => `${round(x)},${round(y)}`;
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A path through the points, left to right, that never overshoots them (monotone cubic, the
 * Fritsch–Carlson tangents): a count that stays flat is drawn flat, not as a wave below zero.
 */
export function smoothPath(points: readonly Point[], moveFirst = true): string {
  if (points.length === 0) return '';
  const start = moveFirst ? `M${at(points[0])}` : `L${at(points[0])}`;
  if (points.length < 3)
    return `${start}${points
      .slice(1)
      .map((p) => `L${at(p)}`)
      .join('')}`;
  const slopes = points.slice(1).map(([x, y], i) => (y - points[i][1]) / (x - points[i][0] || 1));
  const tangents = points.map((_, i) => {
    if (i === 0) return slopes[0];
    if (i === points.length - 1) return slopes[i - 1];
    const [before, after] = [slopes[i - 1], slopes[i]];
    return before * after <= 0 ? 0 : (2 * before * after) / (before + after);
  });
  let path = start;
  for (let i = 0; i < points.length - 1; i++) {
    const [[x0, y0], [x1, y1]] = [points[i], points[i + 1]];
    const third = (x1 - x0) / 3;
    path += `C${at([x0 + third, y0 + tangents[i] * third])} ${at([x1 - third, y1 - tangents[i + 1] * third])} ${at([x1, y1])}`;
  }
  return path;
}

/** A point on a circle; angles in turns from 12 o'clock, clockwise. */
function polar(cx: number, cy: number, r: number, turns: number): Point {
  const angle = turns * 2 * Math.PI;
  return [cx + r * Math.sin(angle), cy - r * Math.cos(angle)];
}

/** A pie or donut sector between two angles (turns); a whole circle is drawn as two halves. */
export function sectorPath(cx: number, cy: number, outer: number, inner: number, from: number, to: number): string {
  if (to - from >= 1 - 1e-9) {
    const half = sectorPath(cx, cy, outer, inner, from, from + 0.5);
    return half + sectorPath(cx, cy, outer, inner, from + 0.5, from + 1);
  }
  const large = to - from > 0.5 ? 1 : 0;
  const outerArc = `M${at(polar(cx, cy, outer, from))}A${outer},${outer} 0 ${large} 1 ${at(polar(cx, cy, outer, to))}`;
  if (inner <= 0) return `${outerArc}L${at([cx, cy])}Z`;
  return `${outerArc}L${at(polar(cx, cy, inner, to))}A${inner},${inner} 0 ${large} 0 ${at(polar(cx, cy, inner, from))}Z`;
}

/** Where a sector's label goes: outside its middle. */
export function labelPoint(cx: number, cy: number, r: number, from: number, to: number): Point {
  return polar(cx, cy, r, (from + to) / 2);
}

// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChartPanel } from '../../../core/pages/page.types';
import { initI18n } from '../../../client/i18n/i18n';
import { sectorPath, smoothPath, valueTicks } from '../../../client/screens/page/panels/chartGeometry';
import { ChartView } from '../../../client/screens/page/panels/ChartView';

beforeAll(async () => {
  await initI18n('en');
  // jsdom lays nothing out: the plot measures 400 × 200
  Element.prototype.getBoundingClientRect = () => ({ width: 400, height: 200 }) as DOMRect;
  globalThis.ResizeObserver ??= class {
    observe() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

describe('chart geometry', () => {
  it('ticks are whole numbers from 0 past the highest value', () => {
    expect(valueTicks(0, 7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(0, 100)).toEqual([0, 50, 100]);
    expect(valueTicks(0, 0)).toEqual([0, 1]);
    expect(valueTicks(0, 45.5)).toEqual([0, 20, 40, 60]);
    expect(valueTicks(-3, 10)).toEqual([-5, 0, 5, 10]);
  });

  it('a smooth line stays flat where the values do (no overshoot below a zero run)', () => {
    const path = smoothPath([
      [0, 100],
      [10, 100],
      [20, 0],
      [30, 0],
    ]);
    const ys = [...path.matchAll(/[ ,](-?[\d.]+)(?= |C|$)/g)].map((match) => Number(match[1]));
    expect(Math.max(...ys)).toBeLessThanOrEqual(100);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
  });

  it('a single whole slice is a full ring, drawn as two halves', () => {
    expect(sectorPath(50, 50, 40, 20, 0, 1).match(/A/g)).toHaveLength(4);
    expect(sectorPath(50, 50, 40, 0, 0, 0.25)).toBe('M50,10A40,40 0 0 1 90,50L50,50Z');
  });
});

const rows = [
  { status: 'open', count: 3, done: 1 },
  { status: 'closed', count: 0, done: 2 },
  { status: 'late', count: 5, done: 0 },
];
const chart = (kind: ChartPanel['chart'], extra: Partial<ChartPanel> = {}) =>
  render(
    <ChartView
      panel={{
        id: 'c',
        type: 'chart',
        chart: kind,
        x: 'status',
        series: [
          { field: 'count', title: 'Count' },
          { field: 'done', title: 'Done' },
        ],
        ...extra,
      }}
      rows={rows}
    />,
  ).container;

describe('a chart panel drawn as SVG', () => {
  it('a donut has a sector per non-empty category, coloured as the panel says, and a legend', () => {
    const root = chart('donut', { colors: { late: '#CD4246' } });
    expect(root.querySelectorAll('.page-chart__sector')).toHaveLength(2);
    expect(root.querySelector('.page-chart__sector[fill="#CD4246"]')).not.toBeNull();
    expect([...root.querySelectorAll('.page-chart__legend li')].map((li) => li.textContent)).toEqual(['open', 'late']);
  });

  it('bars: one per category and series; a stacked bar starts where the one below ends', () => {
    expect(chart('bar').querySelectorAll('.page-chart__bar')).toHaveLength(6);
    const stacked = chart('bar', { stacked: true }).querySelectorAll('.page-chart__bar');
    const [open, openDone] = [stacked[0], stacked[3]];
    expect(Number(openDone.getAttribute('y')) + Number(openDone.getAttribute('height'))).toBeCloseTo(
      Number(open.getAttribute('y')),
    );
  });

  it('lines and areas: one per series, a category label each, every value in the column tooltip', () => {
    const root = chart('line');
    expect(root.querySelectorAll('.page-chart__line')).toHaveLength(2);
    expect([...root.querySelectorAll('.page-chart__category')].map((text) => text.textContent)).toEqual([
      'open',
      'closed',
      'late',
    ]);
    expect(root.querySelector('.page-chart__categories title')?.textContent).toBe('open\nCount: 3\nDone: 1');
    expect(chart('area').querySelectorAll('.page-chart__area')).toHaveLength(2);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChartPanel } from '../../../core/pages/page.types';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import ChartView from '../../../client/screens/page/panels/ChartView';

// jsdom lays nothing out: the plot is told it is 400 × 200 as a browser's ResizeObserver would
class SizedObserver {
  constructor(private readonly report: (entries: Array<{ contentRect: { width: number; height: number } }>) => void) {}
  observe() {
    this.report([{ contentRect: { width: 400, height: 200 } }]);
  }
  disconnect() {}
}

beforeAll(async () => {
  globalThis.ResizeObserver = SizedObserver as unknown as typeof ResizeObserver;
  // jsdom has no PointerEvent: a mouse event of that name carries the pointer's position alike
  window.PointerEvent ??= class extends MouseEvent {} as unknown as typeof PointerEvent;
  await initI18n('en');
  await loadAppTexts();
});
afterEach(cleanup);

const chart = (panel: Partial<ChartPanel>, rows: Record<string, unknown>[]) =>
  render(
    <ChartView
      panel={{ id: 'c', type: 'chart', title: 'Chart', chart: 'bar', x: 'day', series: [], ...panel } as ChartPanel}
      rows={rows}
    />,
  ).container;

const heights = (container: HTMLElement) =>
  [...container.querySelectorAll('.page-chart__bar')].map((bar) => Number(bar.getAttribute('height')));

describe('the chart view', () => {
  const series = [
    { title: 'Sent', field: 'sent' },
    { title: 'Failed', field: 'failed' },
  ];

  it('stacks the series of a stacked bar chart: each category as tall as its total', () => {
    const container = chart({ stacked: true, series }, [
      { day: 'Mon', sent: 3, failed: 1 },
      { day: 'Tue', sent: 1, failed: 1 },
    ]);
    const [monSent, tueSent, monFailed, tueFailed] = heights(container);
    expect(monSent + monFailed).toBeCloseTo(2 * (tueSent + tueFailed), 5);
    expect(monSent).toBeCloseTo(3 * monFailed, 5);
  });

  it('sets the bars of one category side by side when not stacked, and colours a category of one series its own', () => {
    const side = chart({ series }, [{ day: 'Mon', sent: 2, failed: 2 }]);
    const [first, second] = [...side.querySelectorAll('.page-chart__bar')];
    expect(Number(second.getAttribute('x'))).toBeGreaterThan(Number(first.getAttribute('x')));
    expect(first.getAttribute('height')).toBe(second.getAttribute('height'));
    cleanup();
    const coloured = chart({ series: [series[0]], colors: { Tue: '#CD4246' } }, [
      { day: 'Mon', sent: 2 },
      { day: 'Tue', sent: 2 },
    ]);
    expect([...coloured.querySelectorAll('.page-chart__bar')].map((bar) => bar.getAttribute('fill'))).toEqual([
      '#2D72D2',
      '#CD4246',
    ]);
  });

  it('shows the values of the category under the pointer, in the language’s numbers', () => {
    const container = chart({ series }, [
      { day: 'Mon', sent: 1, failed: 0 },
      { day: 'Tue', sent: 12345, failed: 7 },
    ]);
    const svg = container.querySelector('svg.page-chart__surface') as SVGSVGElement;
    fireEvent.pointerMove(svg, { clientX: 300, clientY: 50 });
    const tooltip = container.querySelector('.page-chart__tooltip');
    expect(tooltip?.textContent).toContain('Tue');
    expect(tooltip?.textContent).toContain('Sent: 12,345');
    expect(tooltip?.textContent).toContain('Failed: 7');
    fireEvent.pointerMove(svg, { clientX: 60, clientY: 50 });
    expect(container.querySelector('.page-chart__tooltip')?.textContent).toContain('Mon');
    fireEvent.pointerLeave(container.querySelector('.page-chart__plot') as Element);
    expect(container.querySelector('.page-chart__tooltip')).toBeNull();
  });

  it('is a figure named by its title whose values assistive technology reads as a table, the drawing hidden from it', () => {
    const view = render(
      <ChartView
        panel={{ id: 'c', type: 'chart', title: 'Mails', chart: 'bar', x: 'day', series } as ChartPanel}
        rows={[
          { day: 'Mon', sent: 1200, failed: 3 },
          { day: 'Tue', sent: 4, failed: 0 },
        ]}
      />,
    );
    const figure = view.getByRole('figure', { name: 'Mails' });
    const table = within(figure).getByRole('table');
    expect([...table.querySelectorAll('tr')].map((row) => row.textContent)).toEqual([
      'CategorySentFailed',
      'Mon1,2003',
      'Tue40',
    ]);
    expect(figure.querySelector('.page-chart__plot')?.getAttribute('aria-hidden')).toBe('true');
    expect(figure.querySelector('.page-chart__legend')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('draws a slice per category with a value, named in the legend by the panel’s labels', () => {
    const container = chart(
      { chart: 'donut', x: 'state', series: [{ title: 'Users', field: 'n' }], labels: { a: 'Active' } },
      [
        { state: 'a', n: 3 },
        { state: 'b', n: 0 },
        { state: 'c', n: 1 },
      ],
    );
    expect(container.querySelectorAll('.page-chart__sector')).toHaveLength(2);
    expect([...container.querySelectorAll('.page-chart__legend li')].map((item) => item.textContent)).toEqual([
      'Active',
      'c',
    ]);
  });

  it('thins and cuts the category labels so that they never overlap, the whole label in a title', () => {
    const rows = Array.from({ length: 30 }, (_, index) => ({
      day: `A rather long category name ${index}`,
      sent: index,
    }));
    const container = chart({ series: [series[0]] }, rows);
    const ticks = [...container.querySelectorAll('.page-chart__x-tick')];
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.length).toBeLessThan(30);
    expect(ticks[0].querySelector('title')?.textContent).toBe('A rather long category name 0');
    expect(ticks[0].textContent).toContain('…');
  });

  it('draws once data with something to count follows data with nothing', () => {
    const panel = {
      id: 'c',
      type: 'chart',
      title: 'Chart',
      chart: 'pie',
      x: 'day',
      series: [{ title: 'Users', field: 'n' }],
    };
    const view = render(<ChartView panel={panel as ChartPanel} rows={[{ day: 'a', n: 0 }]} />);
    expect(view.container.querySelector('.page-chart__sector')).toBeNull();
    view.rerender(
      <ChartView
        panel={panel as ChartPanel}
        rows={[
          { day: 'a', n: 2 },
          { day: 'b', n: 1 },
        ]}
      />,
    );
    expect(view.container.querySelectorAll('.page-chart__sector')).toHaveLength(2);
  });

  it('says so when a pie has nothing to count', () => {
    const container = chart({ chart: 'pie', series: [{ title: 'Users', field: 'n' }] }, [{ day: 'a', n: 0 }]);
    expect(container.querySelector('.page-chart__surface')).toBeNull();
    expect(container.textContent).not.toBe('');
  });
});

import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartPanel } from '../../../../core/pages/page.types';
import { seriesValue, valueAtPath } from '../../../../core/pages/page.utils';
import { resolveText } from '../../../i18n/text';
import { PanelEmpty } from '../PanelFrame';
import { labelPoint, type Point, sectorPath, smoothPath, valueTicks } from './chartGeometry';

// Blueprint's blue, green, orange, red, violet, turquoise: readable on both themes
const PALETTE = ['#2D72D2', '#238551', '#C87619', '#CD4246', '#7961DB', '#00A396'];
// room for the value axis' labels (left) and the category labels (below)
const MARGIN = { top: 10, right: 12, bottom: 24, left: 40 };

interface Series {
  key: string;
  name: string;
  color: string;
  field: string;
  per?: string;
}
interface Row {
  /** The category as shown, and as the data has it (what `colors` is keyed by). */
  label: string;
  category: string;
  values: number[];
}

/** The plot's size in pixels, followed as the panel resizes (0 until first measured, before paint). */
function useSize(): [React.RefObject<HTMLDivElement | null>, { width: number; height: number }] {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((last) => (last.width === width && last.height === height ? last : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}

/**
 * A chart panel drawn as SVG by us: line, area, bar (side by side or stacked), pie and donut, with
 * a legend and a native tooltip (`<title>`) per mark. A charting library cost every dashboard
 * ~97 KB brotli for these five shapes (docs/architecture.md 'Client bundles').
 */
export function ChartView({ panel, rows }: { panel: ChartPanel; rows: Record<string, unknown>[] }) {
  const { t, i18n } = useTranslation();
  const [plot, size] = useSize();
  const text = (value: Parameters<typeof resolveText>[0]) => resolveText(value, t, i18n.language);
  const series: Series[] = panel.series.map((entry, index) => ({
    key: `s${index}`,
    name: text(entry.title),
    color: entry.color ?? PALETTE[index % PALETTE.length],
    field: entry.field,
    per: entry.per,
  }));
  // category labels from the panel; values read by path so nested fields work too
  const data: Row[] = rows.map((row) => {
    const category = String(valueAtPath(row, panel.x) ?? '');
    // a group of records without the value (a merchant not graded yet) is named, not a blank slice
    const label = panel.labels?.[category] ?? (category === '' ? 'page.chartNone' : undefined);
    return { label: label ? text(label) : category, category, values: series.map((entry) => seriesValue(row, entry)) };
  });
  const number = (value: number) => value.toLocaleString(i18n.language);
  const summary = text(panel.title) || panel.id;
  const round = panel.chart === 'pie' || panel.chart === 'donut';
  // an empty slice draws nothing but a stray "0" label
  const slices = round ? data.filter((row) => row.values[0] > 0) : data;
  if (slices.length === 0) return <PanelEmpty panel={panel} />;
  // a category's own colour (a status read as red or green), else the palette's or the series'
  const colorOf = (row: Row, fallback: string) => panel.colors?.[row.category] ?? fallback;
  const legend = round
    ? slices.map((row, index) => ({ name: row.label, color: colorOf(row, PALETTE[index % PALETTE.length]) }))
    : series;

  return (
    <div className="page-chart" role="img" aria-label={summary} style={{ height: panel.height ?? 260 }}>
      <div className="page-chart__plot" ref={plot}>
        {size.width > 0 && size.height > 0 && (
          <svg width={size.width} height={size.height} aria-hidden="true">
            {round ? (
              <Pie panel={panel} slices={slices} series={series[0]} colorOf={colorOf} size={size} number={number} />
            ) : (
              <Cartesian panel={panel} rows={data} series={series} colorOf={colorOf} size={size} number={number} />
            )}
          </svg>
        )}
      </div>
      <ul className="page-chart__legend">
        {legend.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two slices may share a label
          <li key={index}>
            <span className="page-chart__swatch" style={{ background: entry.color }} />
            {entry.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface ShapeProps {
  panel: ChartPanel;
  series: Series[];
  colorOf: (row: Row, fallback: string) => string;
  size: { width: number; height: number };
  number: (value: number) => string;
}

function Pie({
  panel,
  slices,
  series,
  colorOf,
  size,
  number,
}: Omit<ShapeProps, 'series'> & { slices: Row[]; series: Series }) {
  const total = slices.reduce((sum, row) => sum + row.values[0], 0);
  const [cx, cy] = [size.width / 2, size.height / 2];
  const outer = (Math.min(size.width, size.height) / 2) * 0.8;
  const inner = panel.chart === 'donut' ? outer * 0.55 : 0;
  let turns = 0;
  return slices.map((row, index) => {
    const from = turns;
    turns += row.values[0] / total;
    const to = turns;
    const [x, y] = labelPoint(cx, cy, outer + 12, from, to);
    return (
      <g key={row.category}>
        <path
          className="page-chart__sector"
          d={sectorPath(cx, cy, outer, inner, from, to)}
          fill={colorOf(row, PALETTE[index % PALETTE.length])}
        >
          <title>{`${row.label} · ${series.name}: ${number(row.values[0])}`}</title>
        </path>
        <text x={x} y={y} textAnchor={x < cx - 1 ? 'end' : x > cx + 1 ? 'start' : 'middle'} dominantBaseline="middle">
          {number(row.values[0])}
        </text>
      </g>
    );
  });
}

function Cartesian({ panel, rows, series, colorOf, size, number }: ShapeProps & { rows: Row[] }) {
  const stacked = Boolean(panel.stacked);
  // per row, each series' base and top: stacked series sit on the ones before them
  const spans = rows.map((row) => {
    let base = 0;
    return row.values.map((value) => {
      const from = stacked ? base : 0;
      base = stacked ? base + value : 0;
      return [from, from + value] as const;
    });
  });
  const all = spans.flat(2);
  const ticks = valueTicks(Math.min(...all), Math.max(...all));
  const [low, high] = [ticks[0], ticks[ticks.length - 1]];
  const plot = {
    left: MARGIN.left,
    right: size.width - MARGIN.right,
    top: MARGIN.top,
    bottom: size.height - MARGIN.bottom,
  };
  const y = (value: number) => plot.bottom - ((value - low) / (high - low)) * (plot.bottom - plot.top);
  const band = (plot.right - plot.left) / rows.length;
  const middle = (index: number) => plot.left + band * (index + 0.5);
  // category labels thinned out when they would overlap
  const widest = Math.max(...rows.map((row) => row.label.length)) * 7 + 8;
  const every = Math.max(1, Math.ceil(widest / band));

  let marks: React.ReactNode;
  if (panel.chart === 'bar') {
    const group = band * 0.8;
    const width = stacked ? group : group / series.length;
    marks = series.map((entry, s) => (
      <g key={entry.key} className="page-chart__bars">
        {rows.map((row, index) => {
          const [from, to] = spans[index][s];
          const x = middle(index) - group / 2 + (stacked ? 0 : s * width);
          const fill = panel.colors && series.length === 1 ? colorOf(row, entry.color) : entry.color;
          return (
            <rect
              key={row.category}
              className="page-chart__bar"
              x={x}
              y={Math.min(y(from), y(to))}
              width={Math.max(width - 1, 1)}
              height={Math.abs(y(to) - y(from))}
              fill={fill}
            />
          );
        })}
      </g>
    ));
  } else {
    marks = series.map((entry, s) => {
      const tops: Point[] = rows.map((_, index) => [middle(index), y(spans[index][s][1])]);
      const line = smoothPath(tops);
      if (panel.chart !== 'area')
        return (
          <path
            key={entry.key}
            className="page-chart__line"
            d={line}
            fill="none"
            stroke={entry.color}
            strokeWidth={2}
          />
        );
      const bases = rows.map((_, index): Point => [middle(index), y(spans[index][s][0])]).reverse();
      return (
        <g key={entry.key} className="page-chart__area">
          <path d={`${line}${smoothPath(bases, false)}Z`} fill={entry.color} fillOpacity={0.25} stroke="none" />
          <path d={line} fill="none" stroke={entry.color} strokeWidth={2} />
        </g>
      );
    });
  }

  return (
    <>
      <g className="page-chart__grid">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={plot.left} x2={plot.right} y1={y(tick)} y2={y(tick)} />
            <text x={plot.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
              {number(tick)}
            </text>
          </g>
        ))}
      </g>
      {marks}
      <g className="page-chart__categories">
        {rows.map((row, index) => (
          <g key={row.category}>
            {index % every === 0 && (
              <text className="page-chart__category" x={middle(index)} y={plot.bottom + 16} textAnchor="middle">
                {row.label}
              </text>
            )}
            {/* the whole column answers a hover with every series' value */}
            <rect
              x={middle(index) - band / 2}
              y={plot.top}
              width={band}
              height={plot.bottom - plot.top}
              fill="transparent"
            >
              <title>
                {[row.label, ...series.map((entry, s) => `${entry.name}: ${number(row.values[s])}`)].join('\n')}
              </title>
            </rect>
          </g>
        ))}
      </g>
    </>
  );
}

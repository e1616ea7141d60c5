import { scaleBand, scaleLinear } from 'd3-scale';
import { arc as arcShape, area as areaShape, curveMonotoneX, line as lineShape, pie as pieLayout } from 'd3-shape';
import { type PointerEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartPanel } from '../../../../core/pages/page.types';
import { seriesValue, valueAtPath } from '../../../../core/pages/page.utils';
import { resolveText } from '../../../i18n/text';
import { PanelEmpty } from '../PanelFrame';

// Blueprint's blue, green, orange, red, violet, turquoise: readable on both themes
const PALETTE = ['#2D72D2', '#238551', '#C87619', '#CD4246', '#7961DB', '#00A396'];
/** Room for the axes' labels around the plot (px). */
const MARGIN = { top: 10, right: 16, bottom: 24, left: 44 };
/** About one character of a 12 px tick label (px), for thinning and cutting the category labels. */
const CHAR_WIDTH = 6.5;
/** The width a tooltip is given room for on the pointer's right (px). */
const TOOLTIP_ROOM = 160;

interface Series {
  key: string;
  name: string;
  color: string;
}

interface Datum {
  /** The category's visible label. */
  label: string;
  /** Its stored value (the key of `colors`). */
  category: string;
  values: number[];
}

interface Hover {
  index: number;
  x: number;
  y: number;
}

/**
 * The plot area's size, followed as the page resizes (0 × 0 before the first layout): a callback ref,
 * so that a plot mounted later (data that had nothing to draw, then something) is followed too.
 */
function useSize() {
  const [size, setSize] = useState({ width: 0, height: 0 });
  const ref = useCallback((element: HTMLDivElement) => {
    const follow = (width: number, height: number) =>
      setSize((current) => (current.width === width && current.height === height ? current : { width, height }));
    follow(element.clientWidth, element.clientHeight);
    const observer = new ResizeObserver(([entry]) =>
      follow(Math.floor(entry.contentRect.width), Math.floor(entry.contentRect.height)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

/** A label cut to `room` px, with an ellipsis. */
const fitted = (label: string, room: number) => {
  const chars = Math.max(1, Math.floor(room / CHAR_WIDTH));
  return label.length <= chars ? label : `${label.slice(0, Math.max(1, chars - 1))}…`;
};

/**
 * A chart panel drawn as SVG (its own chunk, loaded by ChartPanel): d3-scale places the categories
 * and values, d3-shape draws the lines, areas and slices; axes, legend and tooltip are HTML and SVG
 * of our own, coloured by `currentColor` so they follow the theme.
 */
export default function ChartView({ panel, rows }: { panel: ChartPanel; rows: Record<string, unknown>[] }) {
  const { t, i18n } = useTranslation();
  const text = (value: Parameters<typeof resolveText>[0]) => resolveText(value, t, i18n.language);
  const number = new Intl.NumberFormat(i18n.language);
  const format = (value: number) => number.format(value);
  const [plotRef, size] = useSize();
  const [hover, setHover] = useState<Hover | null>(null);
  const series: Series[] = panel.series.map((entry, index) => ({
    key: `s${index}`,
    name: text(entry.title),
    color: entry.color ?? PALETTE[index % PALETTE.length],
  }));
  // category labels from the panel; values read by path so nested fields work too
  const data: Datum[] = rows.map((row) => {
    const category = String(valueAtPath(row, panel.x) ?? '');
    // a group of records without the value (a merchant not graded yet) is named, not a blank slice
    const label = panel.labels?.[category] ?? (category === '' ? 'page.chartNone' : undefined);
    return {
      label: label ? text(label) : category,
      category,
      values: panel.series.map((entry) => {
        const value = Number(seriesValue(row, entry));
        return Number.isFinite(value) ? value : 0;
      }),
    };
  });
  // a category's own colour (a status read as red or green), else the palette's or the series'
  const colorOf = (datum: Datum, fallback: string) => panel.colors?.[datum.category] ?? fallback;
  const pie = panel.chart === 'pie' || panel.chart === 'donut';
  // an empty slice draws nothing but a stray "0" label
  const shown = pie ? data.filter((datum) => datum.values[0] > 0) : data;
  if (shown.length === 0) return <PanelEmpty panel={panel} />;
  const legend = pie
    ? shown.map((datum, index) => ({ name: datum.label, color: colorOf(datum, PALETTE[index % PALETTE.length]) }))
    : series.map(({ name, color }) => ({ name, color }));
  const point = (event: PointerEvent<SVGElement>, index: number) => {
    const box =
      event.currentTarget.ownerSVGElement?.getBoundingClientRect() ?? event.currentTarget.getBoundingClientRect();
    setHover({ index, x: event.clientX - box.left, y: event.clientY - box.top });
  };

  const title = text(panel.title) || panel.id;
  // the drawing and its legend are for the eye; assistive technology reads the figure's table
  const columns = pie ? series.slice(0, 1) : series;
  return (
    <figure className="page-chart" aria-label={title} style={{ height: panel.height ?? 260 }}>
      <table className="page-chart__data">
        <thead>
          <tr>
            <th scope="col">{t('page.chartCategory')}</th>
            {columns.map((entry) => (
              <th key={entry.key} scope="col">
                {entry.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((datum, index) => (
            <tr key={datum.category || index}>
              <th scope="row">{datum.label}</th>
              {columns.map((entry, s) => (
                <td key={entry.key}>{format(datum.values[s])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="page-chart__plot" ref={plotRef} onPointerLeave={() => setHover(null)} aria-hidden="true">
        {size.width > 0 && size.height > 0 ? (
          pie ? (
            <PiePlot
              panel={panel}
              data={shown}
              width={size.width}
              height={size.height}
              colorOf={colorOf}
              format={format}
              onHover={point}
            />
          ) : (
            <CartesianPlot
              panel={panel}
              data={shown}
              series={series}
              width={size.width}
              height={size.height}
              colorOf={colorOf}
              format={format}
              hovered={hover?.index}
              onHover={setHover}
            />
          )
        ) : null}
        {hover && shown[hover.index] ? (
          <div
            className="page-chart__tooltip"
            style={{
              // beside the pointer, on its left where a tooltip's width would not fit on its right
              ...(hover.x + 12 > size.width - TOOLTIP_ROOM
                ? { right: size.width - hover.x + 12 }
                : { left: hover.x + 12 }),
              top: hover.y + 12,
            }}
          >
            <div className="page-chart__tooltip-label">{shown[hover.index].label}</div>
            {(pie ? series.slice(0, 1) : series).map((entry, index) => (
              <div key={entry.key}>
                <span
                  className="page-chart__swatch"
                  style={{ background: pie ? legend[hover.index].color : entry.color }}
                />
                {entry.name}: {format(shown[hover.index].values[index])}
              </div>
            ))}
          </div>
        ) : null}
      </div>
      <ul className="page-chart__legend" aria-hidden="true">
        {legend.map((entry) => (
          <li key={entry.name}>
            <span className="page-chart__swatch" style={{ background: entry.color }} />
            {entry.name}
          </li>
        ))}
      </ul>
    </figure>
  );
}

interface PlotProps {
  panel: ChartPanel;
  data: Datum[];
  width: number;
  height: number;
  colorOf: (datum: Datum, fallback: string) => string;
}

/** Bars, lines or areas over the categories, with a value axis, grid lines and a band under the pointer. */
function CartesianPlot({
  panel,
  data,
  series,
  width,
  height,
  colorOf,
  format,
  hovered,
  onHover,
}: PlotProps & {
  series: Series[];
  format: (value: number) => string;
  hovered: number | undefined;
  onHover: (hover: Hover | null) => void;
}) {
  const right = width - MARGIN.right;
  const bottom = height - MARGIN.bottom;
  const stacked = panel.stacked === true;
  // per category, the running total below each series (stacked) or the baseline 0
  const bases = data.map((datum) => {
    let sum = 0;
    return datum.values.map((value) => {
      const base = stacked ? sum : 0;
      sum += value;
      return base;
    });
  });
  const tops = data.flatMap((datum, index) => datum.values.map((value, s) => bases[index][s] + value));
  const low = Math.min(0, ...tops);
  const high = Math.max(0, ...tops);
  const y = scaleLinear()
    .domain([low, high === low ? low + 1 : high])
    .range([bottom, MARGIN.top])
    .nice();
  // counts: whole numbers only on the axis
  const ticks = y.ticks(5).filter((tick) => Number.isInteger(tick));
  const x = scaleBand<number>()
    .domain(data.map((_, index) => index))
    .range([MARGIN.left, right])
    .padding(0.2);
  const center = (index: number) => (x(index) ?? 0) + x.bandwidth() / 2;
  // one label every `every` categories, so that they never overlap
  const longest = Math.max(...data.map((datum) => datum.label.length)) * CHAR_WIDTH + 8;
  const every = Math.max(1, Math.ceil(Math.min(longest, 120) / x.step()));
  const room = x.step() * every - 4;
  const zero = y(0);

  const marks = series.map((entry, s) => {
    if (panel.chart === 'bar') {
      const inner = scaleBand<number>()
        .domain(stacked ? [0] : series.map((_, index) => index))
        .range([0, x.bandwidth()])
        .padding(stacked ? 0 : 0.1);
      return (
        <g key={entry.key} className="page-chart__series">
          {data.map((datum, index) => {
            const from = y(bases[index][s]);
            const to = y(bases[index][s] + datum.values[s]);
            return (
              <rect
                key={datum.category || index}
                className="page-chart__bar"
                x={(x(index) ?? 0) + (inner(stacked ? 0 : s) ?? 0)}
                y={Math.min(from, to)}
                width={inner.bandwidth()}
                height={Math.abs(from - to)}
                fill={series.length === 1 ? colorOf(datum, entry.color) : entry.color}
              />
            );
          })}
        </g>
      );
    }
    const points = data.map((datum, index) => ({
      index,
      base: bases[index][s],
      value: bases[index][s] + datum.values[s],
    }));
    const line = lineShape<(typeof points)[number]>()
      .x((p) => center(p.index))
      .y((p) => y(p.value))
      .curve(curveMonotoneX);
    return (
      <g key={entry.key}>
        {panel.chart === 'area' ? (
          <path
            className="page-chart__area"
            d={
              areaShape<(typeof points)[number]>()
                .x((p) => center(p.index))
                .y0((p) => (stacked ? y(p.base) : zero))
                .y1((p) => y(p.value))
                .curve(curveMonotoneX)(points) ?? undefined
            }
            fill={entry.color}
            fillOpacity={0.25}
            stroke="none"
          />
        ) : null}
        <path
          className="page-chart__line"
          d={line(points) ?? undefined}
          fill="none"
          stroke={entry.color}
          strokeWidth={2}
        />
        {/* a single point draws no line: a dot shows it */}
        {points.length === 1 ? <circle cx={center(0)} cy={y(points[0].value)} r={3} fill={entry.color} /> : null}
      </g>
    );
  });

  const move = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = event.clientX - box.left;
    // each category owns a step: its band and half the gap on either side (the cursor's rect)
    const index = Math.floor((at - (x(0) ?? MARGIN.left) + (x.step() - x.bandwidth()) / 2) / x.step());
    if (index < 0 || index >= data.length) onHover(null);
    else onHover({ index, x: at, y: event.clientY - box.top });
  };

  return (
    <svg className="page-chart__surface" width={width} height={height} onPointerMove={move} aria-hidden="true">
      <g className="page-chart__grid">
        {ticks.map((tick) => (
          <line key={tick} x1={MARGIN.left} x2={right} y1={y(tick)} y2={y(tick)} strokeDasharray="3 3" />
        ))}
      </g>
      {hovered !== undefined ? (
        <rect
          className="page-chart__cursor"
          x={(x(hovered) ?? 0) - (x.step() - x.bandwidth()) / 2}
          y={MARGIN.top}
          width={x.step()}
          height={bottom - MARGIN.top}
        />
      ) : null}
      {marks}
      <g className="page-chart__axis">
        <line x1={MARGIN.left} x2={right} y1={bottom} y2={bottom} />
        {ticks.map((tick) => (
          <text key={tick} x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {format(tick)}
          </text>
        ))}
        {data.map((datum, index) =>
          index % every === 0 ? (
            <text
              key={datum.category || index}
              className="page-chart__x-tick"
              x={center(index)}
              y={bottom + 16}
              textAnchor="middle"
            >
              <title>{datum.label}</title>
              {fitted(datum.label, room)}
            </text>
          ) : null,
        )}
      </g>
    </svg>
  );
}

/** The slices of the first series, their values beside them; a donut leaves the middle empty. */
function PiePlot({
  panel,
  data,
  width,
  height,
  colorOf,
  format,
  onHover,
}: PlotProps & {
  format: (value: number) => string;
  onHover: (event: PointerEvent<SVGElement>, index: number) => void;
}) {
  const radius = (Math.min(width, height) / 2) * 0.8;
  const slices = pieLayout<Datum>()
    .value((datum) => datum.values[0])
    .sort(null)(data);
  const sector = arcShape<(typeof slices)[number]>()
    .innerRadius(panel.chart === 'donut' ? radius * 0.55 : 0)
    .outerRadius(radius);
  const labelAt = arcShape<(typeof slices)[number]>()
    .innerRadius(radius * 1.12)
    .outerRadius(radius * 1.12);
  return (
    <svg className="page-chart__surface" width={width} height={height} aria-hidden="true">
      <g transform={`translate(${width / 2},${height / 2})`}>
        {slices.map((slice, index) => (
          <path
            key={slice.data.category || index}
            className="page-chart__sector"
            d={sector(slice) ?? undefined}
            fill={colorOf(slice.data, PALETTE[index % PALETTE.length])}
            onPointerMove={(event) => onHover(event, index)}
          />
        ))}
        <g className="page-chart__axis">
          {slices.map((slice, index) => {
            const [lx, ly] = labelAt.centroid(slice);
            return (
              <text key={slice.data.category || index} x={lx} y={ly} dy="0.32em" textAnchor={lx < 0 ? 'end' : 'start'}>
                {format(slice.data.values[0])}
              </text>
            );
          })}
        </g>
      </g>
    </svg>
  );
}

import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartPanel } from '../../../../core/pages/page.types';
import { seriesValue, valueAtPath } from '../../../../core/pages/page.utils';
import { resolveText } from '../../../i18n/text';
import { PanelEmpty } from '../PanelFrame';

// Blueprint's blue, green, orange, red, violet, turquoise: readable on both themes
const PALETTE = ['#2D72D2', '#238551', '#C87619', '#CD4246', '#7961DB', '#00A396'];
const X = '__x';
const CATEGORY = '__category';

/** The recharts rendering of a chart panel (its own chunk, loaded by ChartPanel). */
export default function ChartView({ panel, rows }: { panel: ChartPanel; rows: Record<string, unknown>[] }) {
  const { t, i18n } = useTranslation();
  const text = (value: Parameters<typeof resolveText>[0]) => resolveText(value, t, i18n.language);
  const series = panel.series.map((entry, index) => ({
    key: `s${index}`,
    name: text(entry.title),
    color: entry.color ?? PALETTE[index % PALETTE.length],
    field: entry.field,
    per: entry.per,
  }));
  // category labels from the panel; values read by path so nested fields work too
  const data = rows.map((row) => {
    const x = String(valueAtPath(row, panel.x) ?? '');
    // a group of records without the value (a merchant not graded yet) is named, not a blank slice
    const label = panel.labels?.[x] ?? (x === '' ? 'page.chartNone' : undefined);
    const out: Record<string, unknown> = { [X]: label ? text(label) : x, [CATEGORY]: x };
    for (const entry of series) out[entry.key] = seriesValue(row, entry);
    return out;
  });
  // a category's own colour (a status read as red or green), else the palette's or the series'
  const colorOf = (row: Record<string, unknown>, fallback: string) => panel.colors?.[String(row[CATEGORY])] ?? fallback;
  const height = panel.height ?? 260;
  const summary = text(panel.title) || panel.id;
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.4} />
      <XAxis dataKey={X} tick={{ fill: 'currentColor', fontSize: 12 }} />
      <YAxis allowDecimals={false} tick={{ fill: 'currentColor', fontSize: 12 }} width={40} />
      <Tooltip />
      <Legend />
    </>
  );
  const stack = panel.stacked ? 'all' : undefined;

  let chart: React.ReactElement;
  if (panel.chart === 'pie' || panel.chart === 'donut') {
    const first = series[0];
    // an empty slice draws nothing but a stray "0" label
    const slices = data.filter((row) => Number(row[first.key]) > 0);
    if (slices.length === 0) return <PanelEmpty panel={panel} />;
    chart = (
      <PieChart accessibilityLayer={false}>
        <Pie
          data={slices}
          dataKey={first.key}
          nameKey={X}
          name={first.name}
          innerRadius={panel.chart === 'donut' ? '55%' : 0}
          outerRadius="80%"
          label
          isAnimationActive={false}
        >
          {slices.map((row, index) => (
            <Cell key={String(row[X])} fill={colorOf(row, PALETTE[index % PALETTE.length])} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    );
  } else if (panel.chart === 'bar') {
    chart = (
      <BarChart data={data} accessibilityLayer={false}>
        {axes}
        {series.map((entry) => (
          <Bar
            key={entry.key}
            dataKey={entry.key}
            name={entry.name}
            fill={entry.color}
            stackId={stack}
            isAnimationActive={false}
          >
            {panel.colors && series.length === 1
              ? data.map((row) => <Cell key={String(row[X])} fill={colorOf(row, entry.color)} />)
              : null}
          </Bar>
        ))}
      </BarChart>
    );
  } else if (panel.chart === 'area') {
    chart = (
      <AreaChart data={data} accessibilityLayer={false}>
        {axes}
        {series.map((entry) => (
          <Area
            key={entry.key}
            type="monotone"
            dataKey={entry.key}
            name={entry.name}
            stroke={entry.color}
            fill={entry.color}
            fillOpacity={0.25}
            stackId={stack}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    );
  } else {
    chart = (
      <LineChart data={data} accessibilityLayer={false}>
        {axes}
        {series.map((entry) => (
          <Line
            key={entry.key}
            type="monotone"
            dataKey={entry.key}
            name={entry.name}
            stroke={entry.color}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  }

  return (
    <div className="page-chart" role="img" aria-label={summary} style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        {chart}
      </ResponsiveContainer>
    </div>
  );
}

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts"
import { useId } from "react"
import { useT } from "../../../../ui/src/i18n.tsx"
import { count } from "../../ui/dates.ts"

/** The dashboard's series colours (readable on white, told apart by colour-blind eyes too). */
const COLORS = ["#7c3aed", "#0369a1", "#15803d", "#b45309"] as const

export interface Series<K extends string> {
  readonly key: K
  readonly label: string
}

/**
 * A chart (recharts, in the analytics chunk only) with its figures as a table beneath, folded:
 * a screen reader, a keyboard or a copy-paste gets the same numbers the picture shows.
 */
export const Chart = <K extends string, Row extends { readonly [key in K]: number }>({
  title,
  kind,
  rows,
  series,
  labelOf,
}: {
  readonly title: string
  readonly kind: "line" | "bar"
  readonly rows: ReadonlyArray<Row>
  readonly series: ReadonlyArray<Series<K>>
  /** The x axis' label of a row (a day, an hour). */
  readonly labelOf: (row: Row) => string
}) => {
  const data = rows.map((row) => ({
    label: labelOf(row),
    ...Object.fromEntries(series.map(({ key }) => [key, row[key]])),
  }))
  const parts = [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke="#e2e8f0" />,
    <XAxis key="x" dataKey="label" tick={{ fontSize: 12, fill: "#475569" }} minTickGap={16} />,
    <YAxis
      key="y"
      allowDecimals={false}
      width={48}
      tick={{ fontSize: 12, fill: "#475569" }}
      tickFormatter={(value: number) => count(value)}
    />,
    <Tooltip
      key="tooltip"
      formatter={(value) => (typeof value === "number" ? count(value) : value)}
    />,
    <Legend key="legend" />,
  ]
  const style = { width: "100%", height: 260 }
  const captionId = useId()
  const t = useT()
  return (
    <figure className="min-w-0" aria-labelledby={captionId}>
      <figcaption id={captionId} className="mb-2 text-sm font-semibold text-slate-800">
        {title}
      </figcaption>
      <div aria-hidden>
        {kind === "line" ? (
          <LineChart
            responsive
            accessibilityLayer={false}
            tabIndex={-1}
            style={style}
            data={data}
            margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
          >
            {parts}
            {series.map(({ key, label }, index) => (
              <Line
                key={key}
                type="monotone"
                dataKey={key}
                name={label}
                stroke={COLORS[index % COLORS.length]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart
            responsive
            accessibilityLayer={false}
            tabIndex={-1}
            style={style}
            data={data}
            margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
          >
            {parts}
            {series.map(({ key, label }, index) => (
              <Bar
                key={key}
                dataKey={key}
                name={label}
                fill={COLORS[index % COLORS.length]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        )}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">
          {t("admin.analytics.chart.showFigures", { title })}
        </summary>
        <div
          role="region"
          aria-label={t("admin.analytics.chart.figures", { title })}
          tabIndex={0}
          className="relative mt-2 max-h-72 overflow-auto rounded border border-slate-200"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-slate-50">
              <tr>
                <th scope="col" className="px-2 py-1 font-semibold">
                  {t("admin.analytics.chart.when")}
                </th>
                {series.map(({ key, label }) => (
                  <th key={key} scope="col" className="px-2 py-1 text-right font-semibold">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index} className="border-t border-slate-100">
                  <th scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                    {labelOf(row)}
                  </th>
                  {series.map(({ key }) => (
                    <td key={key} className="px-2 py-1 text-right">
                      {count(row[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}

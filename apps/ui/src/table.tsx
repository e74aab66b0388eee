import { createContext, useContext, type ReactNode } from "react"
import { cn } from "./cn.ts"

/** Whether the table around a cell turns into a stack of cards on phones. */
const Stacked = createContext(false)

/**
 * A table that never widens the page. By default it scrolls inside its own box on a narrow
 * screen: the box is a labelled region a keyboard can focus, so it can be scrolled without a
 * mouse, and it is positioned, so the screen-reader-only caption scrolls with it. With `cards`,
 * below the `sm` breakpoint each row becomes a card and each cell shows its column's name (give
 * every `Td` its `label`); the table keeps its roles, so screen readers still read a table.
 */
export const TableBox = ({
  label,
  cards = false,
  children,
}: {
  readonly label: string
  readonly cards?: boolean
  readonly children: ReactNode
}) => (
  <Stacked.Provider value={cards}>
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      data-slot="table"
      className={cn(
        "relative max-w-full overflow-x-auto rounded-lg border border-border bg-card",
        cards && "max-sm:overflow-visible max-sm:border-0 max-sm:bg-transparent",
      )}
    >
      <table
        role={cards ? "table" : undefined}
        className={cn(
          "w-full min-w-[36rem] text-left text-sm",
          cards &&
            "max-sm:block max-sm:min-w-0 max-sm:[&_tbody]:grid max-sm:[&_tbody]:gap-3 max-sm:[&_thead]:sr-only",
        )}
      >
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  </Stacked.Provider>
)

/** A row; in a `cards` table, a card on phones. */
export const Tr = ({
  children,
  className,
}: {
  readonly children?: ReactNode
  readonly className?: string
}) => {
  const cards = useContext(Stacked)
  return (
    <tr
      role={cards ? "row" : undefined}
      className={cn(
        cards &&
          "max-sm:block max-sm:rounded-card max-sm:border max-sm:border-border max-sm:bg-card max-sm:p-3 max-sm:shadow-card",
        className,
      )}
    >
      {children}
    </tr>
  )
}

export const Th = ({
  children,
  className,
}: {
  readonly children?: ReactNode
  readonly className?: string
}) => (
  <th
    scope="col"
    className={cn("px-3 py-2 font-semibold whitespace-nowrap text-slate-700", className)}
  >
    {children}
  </th>
)

/**
 * A cell's text colour: a prop rather than a caller's text-slate-* over the base, which would make
 * cn() build tailwind-merge during a phone's first render of a table (issue 20).
 */
const CELL_TONES = {
  default: "text-slate-800",
  strong: "text-slate-900",
  muted: "text-slate-700",
} as const

/** A cell; `label` is its column's name, shown before it when the row is a card. */
export const Td = ({
  children,
  label,
  tone = "default",
  className,
}: {
  readonly children?: ReactNode
  readonly label?: string
  readonly tone?: keyof typeof CELL_TONES
  readonly className?: string
}) => {
  const cards = useContext(Stacked)
  return (
    <td
      role={cards ? "cell" : undefined}
      data-label={label}
      className={cn(
        "px-3 py-2 align-top",
        CELL_TONES[tone],
        cards &&
          "max-sm:flex max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]",
        className,
      )}
    >
      {children}
    </td>
  )
}

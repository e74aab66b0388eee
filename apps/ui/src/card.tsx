import type { ReactNode } from "react"
import { cn } from "./cn.ts"

/** A titled box of related content, with its actions in the title row. */
export const Card = ({
  title,
  actions,
  children,
  className,
}: {
  readonly title?: string
  readonly actions?: ReactNode
  readonly children: ReactNode
  readonly className?: string
}) => (
  <section
    data-slot="card"
    className={cn(
      "min-w-0 rounded-card border border-border bg-card p-4 text-card-foreground shadow-card sm:p-5",
      className,
    )}
  >
    {(title || actions) && (
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        {title && <h2 className="text-lg font-semibold text-foreground">{title}</h2>}
        {actions}
      </div>
    )}
    {children}
  </section>
)

const TONES = {
  slate: "bg-slate-100 text-slate-800",
  green: "bg-green-100 text-green-900",
  red: "bg-red-100 text-red-900",
  amber: "bg-amber-100 text-amber-900",
  sky: "bg-sky-100 text-sky-900",
  brand: "bg-brand-100 text-brand-800",
} as const

export type ChipTone = keyof typeof TONES

/** A short status word on a tinted pill. */
export const Chip = ({
  children,
  tone = "slate",
}: {
  readonly children: ReactNode
  readonly tone?: ChipTone
}) => (
  <span
    data-slot="chip"
    className={cn(
      "inline-block rounded-pill px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
      TONES[tone],
    )}
  >
    {children}
  </span>
)

import { useRef, type KeyboardEvent, type ReactNode } from "react"

type Look = "pills" | "underline"

const LIST_BASE =
  "flex max-w-full snap-x snap-mandatory scroll-px-1 flex-nowrap gap-1 overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
const LIST_LOOK = { pills: "rounded-lg bg-muted p-1", underline: "border-b border-border" }
const TRIGGER_BASE =
  "shrink-0 snap-start px-3 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:text-foreground data-[state=active]:text-accent-foreground"
const TRIGGER_LOOK = {
  pills: "rounded-control data-[state=active]:bg-card data-[state=active]:shadow-control",
  underline: "-mb-px border-b-2 border-transparent data-[state=active]:border-primary",
}

/**
 * A tab's height: "compact" for a row that sits beside a control of its own height (the
 * gallery's tabs beside its sort select). A prop rather than a caller's `py-1.5` over the base,
 * which would make cn() build tailwind-merge during a phone's first render (issue 20).
 */
const TRIGGER_SIZE = { default: "py-2", compact: "py-1.5" } as const

type Width = "fit" | "fill"
/** Pills that fit hug their tabs; an underline runs the strip's whole width either way. */
const LIST_WIDTH = { fit: { pills: "w-fit", underline: "" }, fill: { pills: "", underline: "" } }
/** Filling tabs share the width equally, as far as each one's name allows. */
const TRIGGER_WIDTH = { fit: "", fill: "grow basis-0" }

/** The ids of one choice's tab and panel in a TabStrip named `id`. */
const stripIds = (id: string, value: string) => ({
  tab: `${id}-tab-${value}`,
  panel: `${id}-panel-${value}`,
})

/** The keys that move between tabs, as Radix's (horizontal, looping) read them. */
const stepOf = (key: string, at: number, count: number): number | undefined => {
  if (key === "ArrowRight") return (at + 1) % count
  if (key === "ArrowLeft") return (at - 1 + count) % count
  if (key === "Home") return 0
  if (key === "End") return count - 1
  return undefined
}

/**
 * The kit's tabs: a strip of buttons and, with the same `id`, the chosen one's TabPanel. Not
 * Radix's tabs (issue 20), which mount a roving-focus group and, per panel, a Presence that reads
 * the panel's computed style while a page first renders; the roles, ARIA and keys are theirs: the
 * arrows (looping), Home and End move to a tab and choose it, only the chosen tab is in the tab
 * order. The caller holds the chosen value (in its state, or the address's ?tab=).
 *
 * `look`: `pills`, tabs on a muted track; `underline`, a line under the chosen one. `width`: `fit`,
 * the tabs as wide as their names (scrolling sideways when they do not fit, rather than wrapping to
 * a second line); `fill`, the tabs sharing the strip's whole width (the sign-in dialog's two).
 */
export const TabStrip = <V extends string>({
  id,
  value,
  choices,
  onValueChange,
  label,
  size = "default",
  look = "pills",
  width = "fit",
}: {
  /** Names the strip's tabs and panels (unique on the page). */
  readonly id: string
  readonly value: V
  readonly choices: ReadonlyArray<{ readonly value: V; readonly label: ReactNode }>
  readonly onValueChange: (value: V) => void
  /** What the tabs choose between, for a screen reader. */
  readonly label: string
  readonly size?: keyof typeof TRIGGER_SIZE
  readonly look?: Look
  readonly width?: Width
}) => {
  const tabs = useRef(new Map<V, HTMLButtonElement>())
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = choices.findIndex((choice) => choice.value === value)
    const next = stepOf(event.key, Math.max(0, at), choices.length)
    const chosen = next === undefined ? undefined : choices[next]
    if (chosen === undefined) return
    event.preventDefault()
    tabs.current.get(chosen.value)?.focus()
    onValueChange(chosen.value)
  }
  // Joined, not cn(): nothing here overrides anything, and cn() builds tailwind-merge (issue 20).
  const listClass = `${LIST_BASE} ${LIST_LOOK[look]} ${LIST_WIDTH[width][look]}`
  const triggerClass = `${TRIGGER_BASE} ${TRIGGER_SIZE[size]} ${TRIGGER_LOOK[look]} ${TRIGGER_WIDTH[width]}`
  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={listClass}
      onKeyDown={onKeyDown}
    >
      {choices.map((choice) => {
        const selected = choice.value === value
        const ids = stripIds(id, choice.value)
        return (
          <button
            key={choice.value}
            ref={(element) => {
              if (element) tabs.current.set(choice.value, element)
              else tabs.current.delete(choice.value)
            }}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={selected}
            aria-controls={ids.panel}
            data-state={selected ? "active" : "inactive"}
            data-slot="tabs-trigger"
            tabIndex={selected ? 0 : -1}
            className={triggerClass}
            onClick={() => {
              if (!selected) onValueChange(choice.value)
            }}
          >
            {choice.label}
          </button>
        )
      })}
    </div>
  )
}

/** The chosen tab's panel of the TabStrip named `id` (only the chosen one is rendered). */
export const TabPanel = ({
  id,
  value,
  className,
  children,
}: {
  readonly id: string
  readonly value: string
  readonly className?: string
  readonly children: ReactNode
}) => {
  const ids = stripIds(id, value)
  return (
    <div
      role="tabpanel"
      id={ids.panel}
      aria-labelledby={ids.tab}
      tabIndex={0}
      data-state="active"
      className={className}
    >
      {children}
    </div>
  )
}

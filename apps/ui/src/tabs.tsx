import { Tabs as RadixTabs } from "radix-ui"
import {
  createContext,
  useContext,
  useRef,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from "react"
import { cn } from "./cn.ts"

/** Radix's tabs (arrow keys move between them); the list and its triggers carry the kit's look. */
export const Tabs = RadixTabs.Root
export const TabsContent = RadixTabs.Content

type Look = "pills" | "underline"
const LookContext = createContext<Look>("pills")

const LIST_BASE =
  "flex max-w-full snap-x snap-mandatory scroll-px-1 flex-nowrap gap-1 overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
const LIST_LOOK = { pills: "w-fit rounded-lg bg-muted p-1", underline: "border-b border-border" }
const TRIGGER_BASE =
  "shrink-0 snap-start px-3 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:text-foreground data-[state=active]:text-accent-foreground"
const TRIGGER_LOOK = {
  pills: "rounded-control data-[state=active]:bg-card data-[state=active]:shadow-control",
  underline: "-mb-px border-b-2 border-transparent data-[state=active]:border-primary",
}

/**
 * The strip of tabs. `pills`: tabs on a muted track; `underline`: a line under the active one.
 * Either scrolls sideways when it does not fit rather than wrapping to a second line.
 */
export const TabsList = ({
  className,
  look = "pills",
  ...props
}: ComponentProps<typeof RadixTabs.List> & { readonly look?: Look }) => (
  <LookContext.Provider value={look}>
    <RadixTabs.List
      data-slot="tabs-list"
      className={cn(LIST_BASE, LIST_LOOK[look], className)}
      {...props}
    />
  </LookContext.Provider>
)

/**
 * A trigger's height: "compact" for a row that sits beside a control of its own height (the
 * gallery's tabs beside its sort select). A prop rather than a caller's `py-1.5` over the base,
 * which would make cn() build tailwind-merge during a phone's first render (issue 20).
 */
const TRIGGER_SIZE = { default: "py-2", compact: "py-1.5" } as const

export const TabsTrigger = ({
  className,
  size = "default",
  ...props
}: ComponentProps<typeof RadixTabs.Trigger> & { readonly size?: keyof typeof TRIGGER_SIZE }) => {
  const look = useContext(LookContext)
  return (
    <RadixTabs.Trigger
      data-slot="tabs-trigger"
      className={cn(TRIGGER_BASE, TRIGGER_SIZE[size], TRIGGER_LOOK[look], className)}
      {...props}
    />
  )
}

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
 * A strip of tabs without Radix, for a list on a page's first screen (issue 20): Radix's tabs
 * mount a roving-focus group and, per panel, a Presence that reads the panel's computed style
 * while the page first renders. The same look, roles and ARIA as Tabs, and the same keys: the
 * arrows (looping), Home and End move to a tab and choose it; only the chosen tab is in the tab
 * order. Pair it with TabPanel, given the same `id`.
 */
export const TabStrip = <V extends string>({
  id,
  value,
  choices,
  onValueChange,
  label,
  size = "default",
  look = "pills",
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
  const triggerClass = `${TRIGGER_BASE} ${TRIGGER_SIZE[size]} ${TRIGGER_LOOK[look]}`
  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={`${LIST_BASE} ${LIST_LOOK[look]}`}
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

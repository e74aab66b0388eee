import { Tabs as RadixTabs } from "radix-ui"
import { createContext, useContext, type ComponentProps } from "react"
import { cn } from "./cn.ts"

/** Radix's tabs (arrow keys move between them); the list and its triggers carry the kit's look. */
export const Tabs = RadixTabs.Root
export const TabsContent = RadixTabs.Content

type Look = "pills" | "underline"
const LookContext = createContext<Look>("pills")

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
      className={cn(
        "flex max-w-full snap-x snap-mandatory scroll-px-1 flex-nowrap gap-1 overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden",
        look === "pills" ? "w-fit rounded-lg bg-muted p-1" : "border-b border-border",
        className,
      )}
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
      className={cn(
        "shrink-0 snap-start px-3 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:text-foreground data-[state=active]:text-accent-foreground",
        TRIGGER_SIZE[size],
        look === "pills"
          ? "rounded-control data-[state=active]:bg-card data-[state=active]:shadow-control"
          : "-mb-px border-b-2 border-transparent data-[state=active]:border-primary",
        className,
      )}
      {...props}
    />
  )
}

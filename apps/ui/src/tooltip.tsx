import { Tooltip as RadixTooltip } from "radix-ui"
import type { ReactElement, ReactNode } from "react"

/** One provider per app (main.tsx or the layout): how long a pointer rests before a tip shows. */
export const TooltipProvider = ({ children }: { readonly children: ReactNode }) => (
  <RadixTooltip.Provider delayDuration={300}>{children}</RadixTooltip.Provider>
)

/**
 * A short hint on hover and keyboard focus (Radix: described by, Escape hides it). Never the only
 * name of a control: an icon button still needs its aria-label.
 */
export const Tooltip = ({
  content,
  children,
  side = "top",
}: {
  readonly content: ReactNode
  readonly children: ReactElement
  readonly side?: "top" | "right" | "bottom" | "left"
}) => (
  <RadixTooltip.Root>
    <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
    <RadixTooltip.Portal>
      <RadixTooltip.Content
        data-slot="tooltip"
        side={side}
        sideOffset={4}
        className="z-50 max-w-xs rounded-control bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-overlay"
      >
        {content}
        <RadixTooltip.Arrow className="fill-slate-900" />
      </RadixTooltip.Content>
    </RadixTooltip.Portal>
  </RadixTooltip.Root>
)

import { Switch as RadixSwitch } from "radix-ui"
import type { ComponentProps } from "react"
import { cn } from "./cn.ts"

/** An on/off switch (Radix: role="switch", Space toggles); label it with a <label htmlFor>. */
export const Switch = ({
  className,
  size = "default",
  ...props
}: ComponentProps<typeof RadixSwitch.Root> & { readonly size?: "default" | "sm" }) => (
  <RadixSwitch.Root
    data-slot="switch"
    className={cn(
      "relative shrink-0 rounded-full bg-slate-500 transition-colors data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:outline-2 aria-invalid:outline-destructive",
      size === "sm" ? "h-5 w-9" : "h-6 w-11",
      className,
    )}
    {...props}
  >
    <RadixSwitch.Thumb
      className={cn(
        "block translate-x-0.5 rounded-full bg-white shadow-control transition-transform",
        size === "sm"
          ? "size-4 data-[state=checked]:translate-x-[18px]"
          : "size-5 data-[state=checked]:translate-x-[22px]",
      )}
    />
  </RadixSwitch.Root>
)

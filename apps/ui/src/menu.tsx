import { DropdownMenu } from "radix-ui"
import type { ComponentProps } from "react"
import { cn } from "./cn.ts"

/** A menu of actions behind a button (Radix: arrow keys, typeahead, Escape closes). */
export const Menu = DropdownMenu.Root
export const MenuTrigger = DropdownMenu.Trigger

export const MenuContent = ({
  className,
  align = "end",
  sideOffset = 4,
  ...props
}: ComponentProps<typeof DropdownMenu.Content>) => (
  <DropdownMenu.Portal>
    <DropdownMenu.Content
      data-slot="menu"
      align={align}
      sideOffset={sideOffset}
      className={cn(
        "z-50 min-w-44 rounded-control border border-border bg-card p-1 shadow-overlay",
        className,
      )}
      {...props}
    />
  </DropdownMenu.Portal>
)

export const MenuItem = ({
  className,
  variant = "default",
  ...props
}: ComponentProps<typeof DropdownMenu.Item> & { readonly variant?: "default" | "danger" }) => (
  <DropdownMenu.Item
    data-slot="menu-item"
    data-variant={variant}
    className={cn(
      "flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4",
      variant === "danger" && "text-destructive-strong data-[highlighted]:bg-destructive-soft",
      className,
    )}
    {...props}
  />
)

/** A heading over a group of items. */
export const MenuLabel = ({ className, ...props }: ComponentProps<typeof DropdownMenu.Label>) => (
  <DropdownMenu.Label
    className={cn("px-2 py-1 text-xs text-muted-foreground", className)}
    {...props}
  />
)

export const MenuSeparator = ({
  className,
  ...props
}: ComponentProps<typeof DropdownMenu.Separator>) => (
  <DropdownMenu.Separator className={cn("my-1 h-px bg-border", className)} {...props} />
)

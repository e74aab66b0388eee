import { Check, ChevronDown } from "lucide-react"
import { Select } from "radix-ui"
import { cn } from "./cn.ts"
import { SELECT_TRIGGER_CLASS, type SelectMenuProps } from "./select.tsx"

/** Radix's select with the site's look, mounted open by SelectMenu's first press. */
export const RadixSelectMenu = <V extends string>({
  id,
  labelledBy,
  value,
  options,
  onValueChange,
  className,
}: SelectMenuProps<V>) => (
  <Select.Root
    defaultOpen
    value={value}
    onValueChange={(next) => {
      const chosen = options.find((option) => option.value === next)
      if (chosen) onValueChange(chosen.value)
    }}
  >
    <Select.Trigger
      id={id}
      aria-labelledby={labelledBy}
      data-slot="select"
      className={cn(SELECT_TRIGGER_CLASS, className)}
    >
      <Select.Value />
      <Select.Icon>
        <ChevronDown aria-hidden className="size-4 text-slate-600" />
      </Select.Icon>
    </Select.Trigger>
    <Select.Portal>
      <Select.Content
        position="popper"
        sideOffset={4}
        className="z-50 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-control border border-border bg-card shadow-overlay"
      >
        <Select.Viewport className="p-1">
          {options.map((option) => (
            <Select.Item
              key={option.value}
              value={option.value}
              className="relative flex cursor-pointer items-center rounded py-2 pr-3 pl-8 text-sm text-slate-900 outline-none select-none data-[highlighted]:bg-accent"
            >
              <Select.ItemIndicator className="absolute left-2">
                <Check aria-hidden className="size-4 text-primary" />
              </Select.ItemIndicator>
              <Select.ItemText>{option.label}</Select.ItemText>
            </Select.Item>
          ))}
        </Select.Viewport>
      </Select.Content>
    </Select.Portal>
  </Select.Root>
)

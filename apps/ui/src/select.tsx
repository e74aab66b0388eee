import { Check, ChevronDown } from "lucide-react"
import { Select } from "radix-ui"
import { cn } from "./cn.ts"

/**
 * A Radix select with the site's look: the trigger names its label (by `id` for a <label
 * htmlFor>, or `labelledBy`), the chosen option carries a check mark. Only the options' values
 * can come back, so `onValueChange` gets a V.
 */
export const SelectMenu = <V extends string>({
  id,
  labelledBy,
  value,
  options,
  onValueChange,
  className,
}: {
  readonly id?: string
  readonly labelledBy?: string
  readonly value: V
  readonly options: ReadonlyArray<{ readonly value: V; readonly label: string }>
  readonly onValueChange: (value: V) => void
  readonly className?: string
}) => (
  <Select.Root
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
      className={cn(
        "inline-flex items-center justify-between gap-2 rounded-control border border-input bg-background px-3 py-2 text-sm text-foreground aria-invalid:border-destructive",
        className,
      )}
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

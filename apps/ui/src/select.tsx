import { Check, ChevronDown } from "lucide-react"
import { Select } from "radix-ui"
import { cn } from "./cn.ts"
import { useFirstOpen, type Opening } from "./first-open.ts"

const TRIGGER_CLASS =
  "inline-flex items-center justify-between gap-2 rounded-control border border-input bg-background px-3 py-2 text-sm text-foreground aria-invalid:border-destructive"

/** How Radix's select trigger opens: these keys, a mouse on pointer down, a tap on its click. */
const SELECT_OPENING: Opening = {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- key names, never shown
  keys: [" ", "Enter", "ArrowUp", "ArrowDown"],
  touch: "click",
}

interface SelectMenuProps<V extends string> {
  readonly id?: string
  readonly labelledBy?: string
  readonly value: V
  readonly options: ReadonlyArray<{ readonly value: V; readonly label: string }>
  readonly onValueChange: (value: V) => void
  readonly className?: string
}

/** Radix's select with the site's look, mounted open by SelectMenu's first press. */
const RadixSelectMenu = <V extends string>({
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
      className={cn(TRIGGER_CLASS, className)}
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

/**
 * A Radix select with the site's look: the trigger names its label (by `id` for a <label
 * htmlFor>, or `labelledBy`), the chosen option carries a check mark. Only the options' values
 * can come back, so `onValueChange` gets a V.
 *
 * Until it is first opened it is a plain button that looks and reads the same (a combobox showing
 * the chosen option); the first press (a mouse's pointer down, a tap, or Space, Enter or an arrow)
 * mounts Radix's select, open (useFirstOpen). Radix's select renders every option, a popper and a collection
 * while closed, on a page's first screen (the gallery's order, issue 20).
 */
export const SelectMenu = <V extends string>(props: SelectMenuProps<V>) => {
  const { opened, trigger } = useFirstOpen(SELECT_OPENING)
  if (opened) return <RadixSelectMenu {...props} />
  const chosen = props.options.find((option) => option.value === props.value)
  return (
    <button
      type="button"
      role="combobox"
      id={props.id}
      aria-labelledby={props.labelledBy}
      aria-autocomplete="none"
      data-slot="select"
      className={cn(TRIGGER_CLASS, props.className)}
      {...trigger}
    >
      <span style={{ pointerEvents: "none" }}>{chosen?.label}</span>
      <span aria-hidden>
        <ChevronDown aria-hidden className="size-4 text-slate-600" />
      </span>
    </button>
  )
}

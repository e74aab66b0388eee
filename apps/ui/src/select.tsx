import { ChevronDown } from "lucide-react"
import { Suspense, type ComponentType } from "react"
import { cn } from "./cn.ts"
import { useFirstOpen, type Opening } from "./first-open.ts"
import { deferred, useIdlePreload } from "./idle-preload.ts"

export const SELECT_TRIGGER_CLASS =
  "inline-flex items-center justify-between gap-2 rounded-control border border-input bg-background px-3 py-2 text-sm text-foreground aria-invalid:border-destructive"

/** How Radix's select trigger opens: these keys, a mouse on pointer down, a tap on its click. */
const SELECT_OPENING: Opening = {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- key names, never shown
  keys: [" ", "Enter", "ArrowUp", "ArrowDown"],
  touch: "click",
}

export interface SelectMenuProps<V extends string> {
  readonly id?: string
  readonly labelledBy?: string
  readonly value: V
  readonly options: ReadonlyArray<{ readonly value: V; readonly label: string }>
  readonly onValueChange: (value: V) => void
  readonly className?: string
}

/**
 * Radix's select in a chunk of its own (select-radix.tsx): a page's first screen loads none of
 * Radix's select, popper and collection code (the gallery's Sort by modulepreloaded six chunks of
 * it, which a phone fetched beside the app's own). It is fetched when the page is idle, or at the
 * first press; until it is there the plain button stays.
 */
const radixSelect = deferred(
  () =>
    import("./select-radix.tsx").then((module) => module.RadixSelectMenu) as Promise<
      ComponentType<SelectMenuProps<string>>
    >,
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
  useIdlePreload(radixSelect.preload)
  const chosen = props.options.find((option) => option.value === props.value)
  const plain = (
    <button
      type="button"
      role="combobox"
      id={props.id}
      aria-labelledby={props.labelledBy}
      aria-autocomplete="none"
      data-slot="select"
      className={cn(SELECT_TRIGGER_CLASS, props.className)}
      {...trigger}
    >
      <span style={{ pointerEvents: "none" }}>{chosen?.label}</span>
      <span aria-hidden>
        <ChevronDown aria-hidden className="size-4 text-slate-600" />
      </span>
    </button>
  )
  if (!opened) return plain
  // Only the options' values come back (RadixSelectMenu), so the one loaded component serves every V.
  const Radix = radixSelect.Component as unknown as ComponentType<SelectMenuProps<V>>
  return (
    <Suspense fallback={plain}>
      <Radix {...props} />
    </Suspense>
  )
}

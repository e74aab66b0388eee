import { Check, Plus } from "lucide-react"
import { DropdownMenu, Toolbar as RadixToolbar } from "radix-ui"
import { useEffect, useState } from "react"
import type { CanvasComponent } from "../api/canvas-api.ts"
import { useEditor, useSession } from "../editing/editor-context.tsx"
import {
  INSERT_POSITION_LABELS,
  type InsertPosition,
  defaultInsertPosition,
  insertPositionsFor,
} from "../editing/insert-position.ts"
import type { NewElementKind } from "../editing/new-elements.ts"
import { excludedComponents } from "../frame/nav-tree.ts"
import { RequiredPropsDialog } from "./RequiredPropsDialog.tsx"
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from "../../../ui/src/menu.tsx"

/**
 * Add element (issue 21): a div, text, a button, an image or any component the app exports (the
 * server lists them all, not only the page's; never the page's root nor one the selection sits
 * inside), put before, after or inside the selected element. While the menu is open the canvas
 * shows where it will go.
 */

const NATIVE: ReadonlyArray<{ readonly kind: NewElementKind; readonly label: string }> = [
  { kind: "div", label: "Div" },
  { kind: "text", label: "Text" },
  { kind: "button", label: "Button" },
  { kind: "image", label: "Image" },
]

const WHERE: Readonly<Record<InsertPosition, string>> = {
  before: "before the selected element",
  after: "after the selected element",
  inside: "inside the selected element, last",
}

export const AddElementMenu = ({
  buttonClass,
  disabled,
}: {
  readonly buttonClass: string
  readonly disabled: boolean
}) => {
  const session = useSession()
  const { selectedKey, nodes, tree, components: listing, besideVerdict } = useEditor()
  const [asking, setAsking] = useState<CanvasComponent | null>(null)
  // A selection whose parent is a component instance: the source says whether it is among the
  // instance's children (before and after offered) or the top of its render (the reason shown).
  useEffect(() => {
    void session.checkBeside(selectedKey)
  }, [session, selectedKey, nodes])
  const verdict = besideVerdict?.key === selectedKey ? besideVerdict : null
  const offered = insertPositionsFor(nodes, selectedKey, verdict)
  const [chosen, setChosen] = useState<InsertPosition | undefined>(undefined)
  const position =
    chosen !== undefined && offered.includes(chosen) ? chosen : defaultInsertPosition(offered)
  // Beside the selection the new element sits in its parent: a component may go next to itself.
  const container =
    (position === "before" || position === "after") && selectedKey !== null
      ? (nodes.get(selectedKey)?.parent ?? selectedKey)
      : selectedKey
  const excluded = excludedComponents(tree, container)
  const components = listing.list.filter((component) => !excluded.has(component.name))
  const sameName = (name: string) => components.filter((other) => other.name === name).length > 1

  const show = (where: InsertPosition | undefined) =>
    session.showInsertIndicator(where === undefined ? null : selectedKey, where ?? "inside")
  const addComponent = (component: CanvasComponent) => {
    if (position === undefined) return
    if (component.requiredProps.length > 0) setAsking(component)
    else session.addElement({ component: component.name, file: component.file }, position)
  }

  return (
    <>
      {asking && position !== undefined && (
        <RequiredPropsDialog
          component={asking}
          position={position}
          onClose={() => setAsking(null)}
        />
      )}
      <Menu
        onOpenChange={(open) => {
          if (open) {
            setChosen(undefined)
            show(defaultInsertPosition(offered))
            void session.loadComponents()
          } else {
            show(undefined)
          }
        }}
      >
        {/* The trigger is told too: pointer events still reach a disabled button. */}
        <MenuTrigger asChild disabled={disabled || offered.length === 0}>
          <RadixToolbar.Button
            className={buttonClass}
            disabled={disabled || offered.length === 0}
            title={!disabled && offered.length === 0 ? (verdict?.reason ?? undefined) : undefined}
          >
            <Plus aria-hidden className="size-4" />
            <span>Add element</span>
          </RadixToolbar.Button>
        </MenuTrigger>
        <MenuContent align="start" className="max-h-[70vh] overflow-y-auto">
          <MenuLabel>Where</MenuLabel>
          <DropdownMenu.RadioGroup
            aria-label="Where"
            value={position ?? ""}
            onValueChange={(value) => {
              const next = offered.find((where) => where === value)
              if (next === undefined) return
              setChosen(next)
              show(next)
            }}
            className="flex gap-1 px-1 pb-1"
          >
            {offered.map((where) => (
              <DropdownMenu.RadioItem
                key={where}
                value={where}
                // The menu stays open: the position is chosen before what to add.
                onSelect={(event) => event.preventDefault()}
                // Pointed at or reached by the arrows, a position shows in the canvas before it
                // is chosen; leaving it shows the chosen one again.
                onFocus={() => show(where)}
                onBlur={() => show(position)}
                className="flex cursor-pointer items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm outline-none select-none data-[highlighted]:bg-accent data-[state=checked]:border-slate-900 data-[state=checked]:font-medium"
              >
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden className="size-3.5" />
                </DropdownMenu.ItemIndicator>
                {INSERT_POSITION_LABELS[where]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          {position !== undefined && (
            <p className="px-2 pb-1 text-xs text-slate-500" aria-live="polite">
              Adds {WHERE[position]}
            </p>
          )}
          {verdict?.status === "checking" && (
            <p className="px-2 pb-1 text-xs text-slate-500">
              Reading the source for before and after…
            </p>
          )}
          {verdict?.status === "refused" && verdict.reason !== null && (
            <p className="max-w-xs px-2 pb-1 text-xs text-slate-600" role="note">
              {verdict.reason}
            </p>
          )}
          <MenuSeparator />
          <MenuLabel>Elements</MenuLabel>
          {NATIVE.map(({ kind, label }) => (
            <MenuItem
              key={kind}
              className="px-2 py-1.5"
              onSelect={() => position !== undefined && session.addElement(kind, position)}
            >
              {label}
            </MenuItem>
          ))}
          <MenuSeparator />
          <MenuLabel>Components of the app</MenuLabel>
          {components.length === 0 && (
            <MenuItem className="px-2 py-1.5" disabled>
              {listing.status === "failed"
                ? `Not listed: ${listing.message ?? "the server did not answer"}`
                : listing.status === "ready"
                  ? "None to add here"
                  : "Listing the app's components…"}
            </MenuItem>
          )}
          {components.map((component) => (
            <MenuItem
              key={`${component.file}#${component.name}`}
              className="px-2 py-1.5"
              onSelect={() => addComponent(component)}
            >
              <span className="font-mono">&lt;{component.name} /&gt;</span>
              {sameName(component.name) && (
                <span className="ml-2 text-xs text-slate-500">{component.file}</span>
              )}
            </MenuItem>
          ))}
        </MenuContent>
      </Menu>
    </>
  )
}

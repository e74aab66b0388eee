import { Check, Plus } from "lucide-react"
import { DropdownMenu, Toolbar as RadixToolbar } from "radix-ui"
import { type PointerEvent as ReactPointerEvent, useEffect, useState } from "react"
import { framePointAt, letPointerThroughFrames } from "../canvas/frame-point.ts"
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

/**
 * A press on a menu item that moves more than a few pixels is a drag onto the canvas: the menu
 * closes, the canvas shows where the element would go under the pointer (its iframes let the
 * pointer through meanwhile, so the moves and the release stay the editor's), and letting go adds
 * it there.
 */
const dragOntoCanvas = (
  event: ReactPointerEvent,
  started: () => void,
  to: {
    readonly over: (point: { clientX: number; clientY: number } | null) => void
    readonly drop: () => void
  },
) => {
  if (event.button !== 0) return
  const doc = event.currentTarget.ownerDocument
  const view = doc.defaultView
  if (!view) return
  const from = { x: event.clientX, y: event.clientY }
  let dragging = false
  let restoreFrames = () => {}
  const move = (moved: PointerEvent) => {
    if (!dragging && Math.hypot(moved.clientX - from.x, moved.clientY - from.y) < DRAG_START_PX) {
      return
    }
    if (!dragging) {
      dragging = true
      restoreFrames = letPointerThroughFrames(doc)
      started()
    }
    to.over(framePointAt(doc, moved.clientX, moved.clientY))
  }
  const up = () => {
    view.removeEventListener("pointermove", move)
    view.removeEventListener("pointerup", up)
    restoreFrames()
    if (dragging) to.drop()
  }
  view.addEventListener("pointermove", move)
  view.addEventListener("pointerup", up)
}

const DRAG_START_PX = 5

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
  const [open, setOpen] = useState(false)
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
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (next) {
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
              className="cursor-grab px-2 py-1.5"
              // Dragged onto the canvas, it goes where the canvas shows as it is let go.
              onPointerDown={(event) => {
                dragOntoCanvas(
                  event,
                  () => {
                    setOpen(false)
                    show(undefined)
                  },
                  {
                    over: (point) => void session.dragNewElementOver(point),
                    drop: () => session.dropNewElement(kind),
                  },
                )
              }}
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

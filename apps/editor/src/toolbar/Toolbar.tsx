import { Copy, Group, Keyboard, Minus, Plus, Redo2, Tag, Trash2, Undo2 } from "lucide-react"
import { Popover, Toolbar as RadixToolbar } from "radix-ui"
import { type ReactNode, useState } from "react"
import { useEditor, useSession } from "../editing/editor-context.tsx"
import { ZOOM_STEPS, codebaseIdOf } from "../editing/editor-snapshot.ts"
import { shortcutKeys } from "../editing/editor-shortcuts.ts"
import { AddElementMenu } from "./AddElementMenu.tsx"
import { PreviewWidthControl } from "./PreviewWidthControl.tsx"
import { Switch } from "../../../ui/src/switch.tsx"
import { LogoMark } from "../../../ui/src/logo.tsx"

/**
 * The toolbar: add an element (div, text, button, image, or one of the app's components) before,
 * after or inside the selected element (AddElementMenu.tsx), delete, duplicate, wrap in a div, change the tag, undo and redo; drive mode;
 * the preview width; zoom. The same commands answer the keyboard in the canvas (Delete, ⌘Z, ⇧⌘Z, ⌘D).
 */

const buttonClass =
  "inline-flex items-center gap-1.5 rounded px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent"

const ToolButton = ({
  label,
  icon,
  disabled,
  onClick,
  shortcut,
}: {
  readonly label: string
  readonly icon: ReactNode
  readonly disabled: boolean
  readonly onClick: () => void
  readonly shortcut?: string
}) => (
  <RadixToolbar.Button
    className={buttonClass}
    disabled={disabled}
    onClick={onClick}
    title={shortcut ? `${label} (${shortcut})` : label}
  >
    {icon}
    <span>{label}</span>
  </RadixToolbar.Button>
)

const ChangeTagButton = ({
  disabled,
  current,
}: {
  readonly disabled: boolean
  readonly current: string
}) => {
  const session = useSession()
  const [open, setOpen] = useState(false)
  const [tag, setTag] = useState(current)
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) setTag(current)
      }}
    >
      <Popover.Trigger asChild>
        <RadixToolbar.Button className={buttonClass} disabled={disabled}>
          <Tag aria-hidden className="size-4" />
          <span>Change tag</span>
        </RadixToolbar.Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={4}
          className="z-50 rounded-md border border-slate-200 bg-white p-3 shadow-lg"
        >
          <form
            className="flex items-center gap-2"
            onSubmit={(event) => {
              event.preventDefault()
              session.changeTag(tag)
              setOpen(false)
            }}
          >
            <label className="text-sm" htmlFor="toolbar-tag">
              New tag
            </label>
            <input
              id="toolbar-tag"
              autoFocus
              className="w-28 rounded border border-slate-300 px-2 py-1 font-mono text-sm"
              value={tag}
              onChange={(event) => setTag(event.target.value)}
            />
            <button
              type="submit"
              className="rounded bg-slate-900 px-2 py-1 text-sm text-white disabled:bg-slate-400"
              disabled={!/^[A-Za-z][A-Za-z0-9_.-]*$/.test(tag) || tag === current}
            >
              Apply
            </button>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

export const Toolbar = ({ canvasId }: { readonly canvasId: string }) => {
  const session = useSession()
  const { selectedKey, multiSelectedKeys, nodes, canUndo, canRedo, driveMode, zoomPerc } =
    useEditor()
  const selectedNode = selectedKey ? nodes.get(selectedKey) : undefined
  const single = multiSelectedKeys.length === 0 && codebaseIdOf(selectedKey) !== undefined
  const any = single || multiSelectedKeys.some((key) => codebaseIdOf(key) !== undefined)
  const zoomIndex = ZOOM_STEPS.indexOf(zoomPerc)

  return (
    <RadixToolbar.Root
      aria-label="Editing tools"
      className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-white px-2 py-1"
    >
      <span className="mr-2 inline-flex items-center gap-1.5 px-1 text-sm font-semibold">
        <LogoMark className="size-5" />
        Colorday editor <span className="font-normal text-slate-500">· {canvasId}</span>
      </span>
      <AddElementMenu buttonClass={buttonClass} disabled={!single} />
      <ToolButton
        label="Delete"
        icon={<Trash2 aria-hidden className="size-4" />}
        disabled={!any}
        onClick={() => session.remove()}
        shortcut={shortcutKeys("delete")}
      />
      <ToolButton
        label="Duplicate"
        icon={<Copy aria-hidden className="size-4" />}
        disabled={!any}
        onClick={() => session.duplicate()}
        shortcut={shortcutKeys("duplicate")}
      />
      <ToolButton
        label="Wrap in div"
        icon={<Group aria-hidden className="size-4" />}
        disabled={!any}
        onClick={() => session.wrapInDiv()}
      />
      <ChangeTagButton
        disabled={!single || selectedNode?.isComponent === true}
        current={selectedNode?.elementTagName ?? ""}
      />
      <RadixToolbar.Separator className="mx-1 h-5 w-px bg-slate-200" />
      <ToolButton
        label="Undo"
        icon={<Undo2 aria-hidden className="size-4" />}
        disabled={!canUndo}
        onClick={() => void session.undo()}
        shortcut={shortcutKeys("undo")}
      />
      <ToolButton
        label="Redo"
        icon={<Redo2 aria-hidden className="size-4" />}
        disabled={!canRedo}
        onClick={() => void session.redo()}
        shortcut={shortcutKeys("redo")}
      />
      <RadixToolbar.Separator className="mx-1 h-5 w-px bg-slate-200" />
      <PreviewWidthControl />
      <ToolButton
        label="Shortcuts"
        icon={<Keyboard aria-hidden className="size-4" />}
        disabled={false}
        onClick={() => session.setShortcutsOpen(true)}
        shortcut={shortcutKeys("shortcuts")}
      />
      <label
        className="ml-auto flex items-center gap-2 px-2 text-sm text-slate-700"
        htmlFor="drive-mode"
      >
        Drive mode
        <Switch
          id="drive-mode"
          size="sm"
          checked={driveMode}
          onCheckedChange={(on) => session.setDriveMode(on)}
        />
      </label>
      <div className="flex items-center gap-1" role="group" aria-label="Zoom">
        <RadixToolbar.Button
          className={buttonClass}
          aria-label="Zoom out"
          disabled={zoomIndex === 0}
          onClick={() => session.setZoom(ZOOM_STEPS[Math.max(0, zoomIndex - 1)] ?? zoomPerc)}
        >
          <Minus aria-hidden className="size-4" />
        </RadixToolbar.Button>
        <output className="w-12 text-center text-sm tabular-nums" aria-label="Zoom level">
          {zoomPerc}%
        </output>
        <RadixToolbar.Button
          className={buttonClass}
          aria-label="Zoom in"
          disabled={zoomIndex === ZOOM_STEPS.length - 1}
          onClick={() =>
            session.setZoom(ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, zoomIndex + 1)] ?? zoomPerc)
          }
        >
          <Plus aria-hidden className="size-4" />
        </RadixToolbar.Button>
      </div>
    </RadixToolbar.Root>
  )
}

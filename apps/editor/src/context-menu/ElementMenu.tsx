import { DropdownMenu } from "radix-ui"
import { useState } from "react"
import { MenuContent, MenuItem, MenuSeparator } from "../../../ui/src/menu.tsx"
import { useEditor, useSession } from "../editing/editor-context.tsx"
import { type ShortcutId, shortcutKeys } from "../editing/editor-shortcuts.ts"
import type { EditorSnapshot } from "../editing/editor-snapshot.ts"
import { codebaseIdOf } from "../editing/editor-snapshot.ts"
import {
  copySelection,
  moveSibling,
  pasteClipboard,
  siblingToPass,
} from "../editing/structure-edits.ts"
import { editableText } from "../frame/nav-tree.ts"
import { EditTextDialog } from "./EditTextDialog.tsx"

/** Where the menu opens, in the editor's viewport: a canvas right-click is in the frame's pixels. */
const anchorOf = (menu: NonNullable<EditorSnapshot["contextMenu"]>, frameZoomPerc: number) => {
  if (menu.from === "editor") return { left: menu.x, top: menu.y }
  const frame = document.querySelector<HTMLIFrameElement>("iframe[data-canvas-frame]")
  const box = frame?.getBoundingClientRect()
  const scale = frameZoomPerc / 100
  return { left: (box?.left ?? 0) + menu.x * scale, top: (box?.top ?? 0) + menu.y * scale }
}

const Shortcut = ({ id }: { readonly id: ShortcutId }) => (
  <span className="ml-auto pl-6 text-xs text-slate-500">{shortcutKeys(id)}</span>
)

/**
 * The element menu: right-click an element in the canvas (the frame's CONTEXT_MENU) or a layer,
 * or Shift+F10 on a focused layer. Each item goes through the edit the keys and the toolbar use;
 * an item that cannot act on the selection is shown disabled. Arrow keys, typeahead and Escape
 * are Radix's.
 */
export const ElementMenu = () => {
  const session = useSession()
  const snapshot = useEditor()
  const { contextMenu, nodes, selectedKey, multiSelectedKeys, clipboard, frameZoomPerc } = snapshot
  const [textKey, setTextKey] = useState<string | null>(null)
  const node = selectedKey === null ? undefined : nodes.get(selectedKey)
  const single = multiSelectedKeys.length === 0
  const inSource = codebaseIdOf(selectedKey) !== undefined
  const text = node && single ? editableText(node) : null
  const anchor = contextMenu ? anchorOf(contextMenu, frameZoomPerc) : null
  return (
    <>
      <DropdownMenu.Root
        open={contextMenu !== null}
        onOpenChange={(open) => {
          if (!open) session.closeContextMenu()
        }}
        modal={false}
      >
        <DropdownMenu.Trigger asChild>
          <span
            aria-hidden
            className="pointer-events-none fixed size-0"
            style={anchor ? { left: anchor.left, top: anchor.top } : { left: 0, top: 0 }}
          />
        </DropdownMenu.Trigger>
        <MenuContent align="start" sideOffset={2}>
          <MenuItem disabled={text === null || !inSource} onSelect={() => setTextKey(selectedKey)}>
            Edit text…
          </MenuItem>
          <MenuSeparator />
          <MenuItem disabled={!inSource || !single} onSelect={() => void copySelection(session)}>
            Copy
            <Shortcut id="copy" />
          </MenuItem>
          <MenuItem
            disabled={clipboard === null || !inSource}
            onSelect={() => pasteClipboard(session, "after")}
          >
            Paste after
            <Shortcut id="paste" />
          </MenuItem>
          <MenuItem
            disabled={clipboard === null || !inSource || (node?.isComponent ?? true)}
            onSelect={() => pasteClipboard(session, "inside")}
          >
            Paste inside
            <Shortcut id="pasteInside" />
          </MenuItem>
          <MenuSeparator />
          <MenuItem disabled={!inSource} onSelect={() => session.duplicate()}>
            Duplicate
            <Shortcut id="duplicate" />
          </MenuItem>
          <MenuItem disabled={!inSource} onSelect={() => session.wrapInDiv()}>
            Wrap in div
          </MenuItem>
          <MenuItem
            disabled={!single || !siblingToPass(nodes, selectedKey, "up")}
            onSelect={() => moveSibling(session, "up")}
          >
            Move up
            <Shortcut id="moveUp" />
          </MenuItem>
          <MenuItem
            disabled={!single || !siblingToPass(nodes, selectedKey, "down")}
            onSelect={() => moveSibling(session, "down")}
          >
            Move down
            <Shortcut id="moveDown" />
          </MenuItem>
          <MenuSeparator />
          <MenuItem variant="danger" disabled={!inSource} onSelect={() => session.remove()}>
            Delete
            <Shortcut id="delete" />
          </MenuItem>
        </MenuContent>
      </DropdownMenu.Root>
      <EditTextDialog elementKey={textKey} onClose={() => setTextKey(null)} />
    </>
  )
}

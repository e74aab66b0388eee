/**
 * Edits of the page's structure made from Layers, the element menu and the keys: moving a layer
 * among its siblings or into another element (MOVE_JSX), and copying an element's JSX to paste it
 * anywhere, in this file or another (ADD_JSX from file contents, which brings its imports). Each
 * goes through the session's edit lifecycle, so undo, redo and the change list see it.
 */
import { CanvasRefusal } from "../api/canvas-api.ts"
import type { TreeNode } from "../frame/nav-tree.ts"
import type { EditorSession } from "./editor-session.ts"
import { codebaseIdOf } from "./editor-snapshot.ts"
import { pastedFileContents } from "./pasted-file.ts"

export type DropPosition = "before" | "after" | "inside"

/** The siblings of a node that the source has (codebase ids), in order. */
const sourceSiblings = (
  nodes: ReadonlyMap<string, TreeNode>,
  node: TreeNode,
): ReadonlyArray<TreeNode> => {
  const parent = node.parent === null ? undefined : nodes.get(node.parent)
  return (parent?.children ?? []).filter((child) => codebaseIdOf(child.key) !== undefined)
}

/** The sibling the selection would move past, up or down; undefined at the end of its list. */
export const siblingToPass = (
  nodes: ReadonlyMap<string, TreeNode>,
  key: string | null,
  direction: "up" | "down",
): TreeNode | undefined => {
  const node = key === null ? undefined : nodes.get(key)
  if (!node) return undefined
  const siblings = sourceSiblings(nodes, node)
  const index = siblings.findIndex((sibling) => sibling.key === node.key)
  if (index < 0) return undefined
  return siblings[direction === "up" ? index - 1 : index + 1]
}

/** Whether `key` is `ancestor` or sits inside it. */
const within = (nodes: ReadonlyMap<string, TreeNode>, key: string, ancestor: string): boolean => {
  for (let at: string | null = key; at !== null; at = nodes.get(at)?.parent ?? null) {
    if (at === ancestor) return true
  }
  return false
}

/**
 * Whether a layer may be dropped at `position` of `target`: never onto itself or into its own
 * subtree, and only where the source has both.
 */
export const canDrop = (
  nodes: ReadonlyMap<string, TreeNode>,
  key: string,
  targetKey: string,
  position: DropPosition,
): boolean => {
  if (codebaseIdOf(key) === undefined || codebaseIdOf(targetKey) === undefined) return false
  if (within(nodes, targetKey, key)) return false
  if (position === "inside") return !(nodes.get(targetKey)?.isComponent ?? true)
  return true
}

/** Moves the layer `key` before, after or into `targetKey` (last), as the source has them. */
export const moveLayer = (
  session: EditorSession,
  key: string,
  targetKey: string,
  position: DropPosition,
): void => {
  const { nodes } = session.getSnapshot()
  const toMove = codebaseIdOf(key)
  const target = codebaseIdOf(targetKey)
  if (!toMove || !target || !canDrop(nodes, key, targetKey, position)) return
  const parent = codebaseIdOf(nodes.get(targetKey)?.parent)
  void session.edit(
    "MOVE_JSX",
    position === "inside"
      ? { codebaseIdToMove: toMove, codebaseIdToMoveTo: target }
      : {
          codebaseIdToMove: toMove,
          // The container; the sibling named says where in it.
          codebaseIdToMoveTo: parent ?? target,
          ...(position === "before" ? { beforeCodebaseId: target } : { afterCodebaseId: target }),
        },
  )
}

/** Moves the selected element past its previous (up) or next (down) sibling. */
export const moveSibling = (session: EditorSession, direction: "up" | "down"): void => {
  const { nodes, selectedKey, multiSelectedKeys } = session.getSnapshot()
  if (selectedKey === null || multiSelectedKeys.length > 0) return
  const sibling = siblingToPass(nodes, selectedKey, direction)
  if (sibling) moveLayer(session, selectedKey, sibling.key, direction === "up" ? "before" : "after")
}

/**
 * Copies the selected element: its JSX and its file's imports, read from the server, kept for
 * ⌘/Ctrl+V in any file; the JSX also goes to the system clipboard, as text.
 */
export const copySelection = async (session: EditorSession): Promise<void> => {
  const { selectedKey, nodes } = session.getSnapshot()
  const id = codebaseIdOf(selectedKey)
  const node = selectedKey === null ? undefined : nodes.get(selectedKey)
  if (!id || !node || !session.readElementSource) return
  try {
    const source = await session.readElementSource(id)
    session.setClipboard({
      path: source.path,
      name: node.name,
      text: source.text,
      imports: source.imports,
    })
    await navigator.clipboard?.writeText(source.text).catch(() => undefined)
  } catch (error) {
    session.reportProblem(
      "Copy",
      error instanceof CanvasRefusal
        ? error
        : new CanvasRefusal(0, "UNEXPECTED", "The element could not be copied"),
    )
  }
}

/** Pastes the copied element after the selection (as its next sibling) or inside it (last). */
export const pasteClipboard = (session: EditorSession, where: "after" | "inside"): void => {
  const { clipboard, selectedKey } = session.getSnapshot()
  const id = codebaseIdOf(selectedKey)
  if (!clipboard || !id) return
  void session.edit(
    "ADD_JSX",
    {
      codebaseIdToAddTo: id,
      ...(where === "after" ? { afterCodebaseId: id } : {}),
      fileContentsToSourceFrom: pastedFileContents(clipboard),
      fileContentsSourceFilename: clipboard.path,
    },
    // What is pasted shows once the source has it.
    { instantUpdate: false },
  )
}

import type { TreeNode } from "../frame/nav-tree.ts"

const CODEBASE_ID = /tempo-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

/**
 * A server's refusal in the words of the page: each codebase id (`tempo-<uuid>`) it names is
 * replaced by the element's name as the Layers panel shows it (`<button>`, `TaskItem`), or by
 * "an element" when the page shows none with that id.
 */
export const refusalText = (message: string, nodes: ReadonlyMap<string, TreeNode>): string => {
  const names = new Map<string, string>()
  for (const node of nodes.values()) {
    if (!names.has(node.codebaseId)) {
      names.set(node.codebaseId, node.isComponent ? node.name : `<${node.name}>`)
    }
  }
  return message.replace(CODEBASE_ID, (id) => names.get(id) ?? "an element")
}

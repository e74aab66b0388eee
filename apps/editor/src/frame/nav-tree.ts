/**
 * The navigation tree as the frame posts it (NAV_TREE, the nodes of the spec's §3), read
 * defensively: it crossed a window boundary, so every field is checked and a malformed node is
 * dropped rather than trusted.
 */
import { elementKeyParts } from "../../../../domain/editing/element-key.ts"

export type PropType = "LITERAL" | "FUNCTION" | "JSON_OBJECT"

export interface NavProp {
  readonly value: unknown
  readonly type: PropType
}

export interface PageBoundingBox {
  readonly pageX: number
  readonly pageY: number
  readonly width: number
  readonly height: number
}

export interface TreeNode {
  readonly key: string
  readonly parent: string | null
  readonly children: ReadonlyArray<TreeNode>
  readonly classList: ReadonlyArray<string>
  /** The classes the source writes (the codebase id and the frame's markers left out). */
  readonly directlySetClassList: ReadonlyArray<string>
  readonly name: string
  readonly elementTagName: string
  readonly isComponent: boolean
  readonly props: Readonly<Record<string, NavProp>>
  readonly literalChildren: ReadonlyArray<string>
  readonly pageBoundingBox: PageBoundingBox
  readonly scope: string | null
  readonly level: number
  /** From the key: the codebase id, the storyboard id and the unique path. */
  readonly codebaseId: string
  readonly storyboardId: string
  readonly uniquePath: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const strings = (value: unknown): ReadonlyArray<string> =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []

const num = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) ? value : 0

const PROP_TYPES: ReadonlyArray<string> = ["LITERAL", "FUNCTION", "JSON_OBJECT"]

const propsOf = (value: unknown): Record<string, NavProp> => {
  const props: Record<string, NavProp> = {}
  if (!isRecord(value)) return props
  for (const [name, prop] of Object.entries(value)) {
    if (isRecord(prop) && typeof prop.type === "string" && PROP_TYPES.includes(prop.type)) {
      props[name] = { value: prop.value, type: prop.type as PropType }
    }
  }
  return props
}

/** Deeper than this, a tree is not a page: the rest is cut off rather than recursed into. */
const MAX_DEPTH = 200

/** The tree the frame sent, or null when it is not one. */
export const readNavTree = (value: unknown, depth = 0): TreeNode | null => {
  if (!isRecord(value) || depth > MAX_DEPTH) return null
  const key = value.tempoElementKey
  if (typeof key !== "string") return null
  const parts = elementKeyParts(key)
  if (!parts) return null
  const box = isRecord(value.pageBoundingBox) ? value.pageBoundingBox : {}
  const children = Array.isArray(value.children) ? value.children : []
  return {
    key,
    parent: typeof value.parent === "string" ? value.parent : null,
    children: children.flatMap((child) => {
      const node = readNavTree(child, depth + 1)
      return node ? [node] : []
    }),
    classList: strings(value.classList),
    directlySetClassList: strings(value.directlySetClassList),
    name: typeof value.name === "string" ? value.name : "element",
    elementTagName: typeof value.elementTagName === "string" ? value.elementTagName : "div",
    isComponent: value.isComponent === true,
    props: propsOf(value.props),
    literalChildren: strings(value.literalChildren),
    pageBoundingBox: {
      pageX: num(box.pageX),
      pageY: num(box.pageY),
      width: num(box.width),
      height: num(box.height),
    },
    scope: typeof value.scope === "string" ? value.scope : null,
    level: num(value.level),
    codebaseId: parts.codebaseId,
    storyboardId: parts.storyboardId,
    uniquePath: parts.uniquePath,
  }
}

/** Every node of the tree, by key. */
export const indexTree = (root: TreeNode | null): ReadonlyMap<string, TreeNode> => {
  const index = new Map<string, TreeNode>()
  const visit = (node: TreeNode) => {
    index.set(node.key, node)
    for (const child of node.children) visit(child)
  }
  if (root) visit(root)
  return index
}

/** The components of the app that the tree shows, by name, each once. */
export const componentNames = (root: TreeNode | null): ReadonlyArray<string> => {
  const names = new Set<string>()
  for (const node of indexTree(root).values()) {
    if (node.isComponent && /^[A-Z][A-Za-z0-9_]*$/.test(node.elementTagName)) {
      names.add(node.elementTagName)
    }
  }
  return [...names].sort()
}

/**
 * The components "Add element" may offer for the selection: the page's, but never the page's own
 * root (App inside itself renders forever) nor a component the selection sits inside (the same
 * loop, one level down).
 */
export const insertableComponents = (
  root: TreeNode | null,
  selectedKey: string | null,
): ReadonlyArray<string> => {
  const excluded = excludedComponents(root, selectedKey)
  return componentNames(root).filter((name) => !excluded.has(name))
}

/** The components never to insert into the selection: the page's root and those it sits inside. */
export const excludedComponents = (
  root: TreeNode | null,
  selectedKey: string | null,
): ReadonlySet<string> => {
  const nodes = indexTree(root)
  const excluded = new Set<string>()
  for (const top of root?.children ?? []) if (top.isComponent) excluded.add(top.elementTagName)
  for (let key = selectedKey; key !== null; key = nodes.get(key)?.parent ?? null) {
    const node = nodes.get(key)
    if (!node) break
    if (node.isComponent) excluded.add(node.elementTagName)
  }
  return excluded
}

/** The element's static text, when it has exactly one piece of it and no element children. */
export const editableText = (node: TreeNode): string | null =>
  !node.isComponent && node.children.length === 0 && node.literalChildren.length === 1
    ? (node.literalChildren[0] ?? null)
    : null

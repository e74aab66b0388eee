/**
 * What a nav tree run works from (a plan): the structure pass's work stack in document order and
 * the nodes it starts from, for a full build (fullPlan) or for an update that builds again only
 * the subtrees a MutationObserver's records touch (updatePlan). nav-tree.ts runs a plan in slices.
 */
import { codebaseIdInClasses, parseKey, ROOT_UNIQUE_PATH, storyboardKey } from "./codebase-ids.ts"
import { fiberOf } from "./react-fiber.ts"
import {
  ZERO_BOX,
  ELEMENT_NODE,
  NO_KEYS,
  classesOf,
  isSkipped,
  inputsOf,
  sameInputs,
  hostNode,
  type NavNode,
  type TreeElement,
  type NavTree,
  type BuildOptions,
} from "./nav-tree-model.ts"

/**
 * The structure pass's work, taken in document order: for each element being read, its child
 * elements as they were when it was read, the next one's index, its unique path and the node its
 * children hang from. Reading an element copies its children's list (one DOM read each); a step
 * takes one child and makes its path then, so no path string or queue entry waits per element.
 */
export class WorkStack {
  private readonly children: Array<Array<Element>> = []
  private readonly next: Array<number> = []
  private readonly paths: Array<string> = []
  private readonly parents: Array<NavNode> = []
  /** What take() answered besides the element: its unique path and the node it hangs from. */
  path = ROOT_UNIQUE_PATH
  parent: NavNode | undefined

  get length(): number {
    return this.children.length
  }

  /** Queues an element's children, read now, to be taken before the siblings queued earlier. */
  pushChildren(element: Element, path: string, parent: NavNode): void {
    const first = element.firstElementChild
    if (first === null) return
    const children: Array<Element> = []
    for (let child: Element | null = first; child !== null; child = child.nextElementSibling) {
      children.push(child)
    }
    this.children.push(children)
    this.next.push(0)
    this.paths.push(path)
    this.parents.push(parent)
  }

  /** The next element in document order (path and parent in the fields above). */
  take(): Element {
    const top = this.children.length - 1
    const children = this.children[top] as Array<Element>
    const index = this.next[top] as number
    const path = this.paths[top] as string
    this.path = `${path}-${index}`
    this.parent = this.parents[top]
    if (index + 1 < children.length) {
      this.next[top] = index + 1
    } else {
      this.children.pop()
      this.next.pop()
      this.paths.pop()
      this.parents.pop()
    }
    return children[index] as Element
  }
}

/** What a run builds: the structure pass's work and the nodes it starts from. */
export interface Plan {
  readonly root: NavNode
  readonly stack: WorkStack
  /** The entries of the nodes this run made (the lookups' form of each node), by node. */
  readonly made: Map<NavNode, TreeElement>
  /** The tree an update starts from: the source of the nodes it keeps. */
  readonly previous: NavTree | undefined
  readonly subtrees: number
  /** An update's changed subtrees, each built in turn by the structure pass. */
  readonly changed: Array<ChangedSubtree>
  /** The node of each changed subtree in `previous`, and the subtree built in its place. */
  readonly replaced: Map<NavNode, ChangedSubtree>
  /** The nodes of `previous` under a changed subtree's node (those left out of the new tree). */
  readonly removed: Set<NavNode>
  /** The nodes of `previous` copied with a new child in place (the changed nodes' ancestors). */
  readonly copies: Map<NavNode, NavNode>
}

/** A changed subtree: its keyed element and the nodes made for it, in the order they were made. */
export interface ChangedSubtree {
  readonly element: Element
  readonly path: string
  readonly root: NavNode
  readonly made: Array<[NavNode, TreeElement]>
}

export const fullPlan = (body: HTMLElement, options: BuildOptions): Plan => {
  const root: NavNode = {
    parent: null,
    children: [],
    classList: classesOf(body),
    directlySetClassList: [],
    name: options.storyboardName ?? "Storyboard",
    elementTagName: "body",
    isComponent: false,
    tempoElementKey: storyboardKey(options.storyboardId),
    props: {},
    literalChildren: [],
    pageBoundingBox: ZERO_BOX,
    scope: null,
    level: 0,
  }
  const stack = new WorkStack()
  stack.pushChildren(body, ROOT_UNIQUE_PATH, root)
  const made = new Map([[root, entryFor(root, "body", [body])]])
  return {
    root,
    stack,
    made,
    previous: undefined,
    subtrees: 0,
    changed: [],
    replaced: new Map(),
    removed: new Set(),
    copies: new Map(),
  }
}

/**
 * The outermost keyed elements whose subtrees hold every change the records name, by their nodes
 * in `previous`; undefined when a change reaches the body itself (only a full build then).
 * A change of an element's class may change its own node, so it counts for the element above;
 * a change of style moves boxes only, which every run measures anew.
 */
export const changedSubtrees = (
  body: HTMLElement,
  previous: NavTree,
  records: ReadonlyArray<MutationRecord>,
): Map<NavNode, Element> | undefined => {
  const found = new Map<NavNode, Element>()
  for (const record of records) {
    if (record.target === body) return undefined
    if (record.type === "attributes" && record.attributeName === "style") continue
    const start = record.type === "childList" ? record.target : record.target.parentNode
    // A node taken out of the page since: its removal is a record of its own.
    if (start === null || start.nodeType !== ELEMENT_NODE || !start.isConnected) continue
    if (!body.contains(start)) continue
    let node: NavNode | undefined
    let keyed: Element | undefined
    let skipped = false
    for (let element = start as Element; element !== body;) {
      if (isSkipped(element)) {
        skipped = true
        break
      }
      node = previous.nodeOfElement.get(element)
      if (node) {
        keyed = element
        break
      }
      const above = element.parentElement
      if (above === null) return undefined
      element = above
    }
    if (skipped) continue
    if (!node || !keyed) return undefined
    found.set(node, keyed)
  }
  // An element moved since the previous build is inside the subtree its new parent's record names.
  const outermost = new Map<NavNode, Element>()
  for (const [node, element] of found) {
    let inner = false
    for (let above = element.parentElement; above !== null && above !== body;) {
      const aboveNode = previous.nodeOfElement.get(above)
      if (aboveNode && found.has(aboveNode)) {
        inner = true
        break
      }
      above = above.parentElement
    }
    if (!inner) outermost.set(node, element)
  }
  return outermost
}

/**
 * An update of `previous`: each changed subtree's keyed element gets a new node whose children
 * the structure pass builds anew; its ancestors are copied with the new child in place, every
 * other node is kept. Undefined when only a full build is exact.
 */
export const updatePlan = (
  body: HTMLElement,
  previous: NavTree,
  records: ReadonlyArray<MutationRecord>,
  options: BuildOptions,
): Plan | undefined => {
  if (previous.nonLocal || !sameInputs(previous.inputs, inputsOf(options))) return undefined
  const subtrees = changedSubtrees(body, previous, records)
  if (subtrees === undefined) return undefined
  const stack = new WorkStack()
  const made = new Map<NavNode, TreeElement>()
  const copies = new Map<NavNode, NavNode>()
  const changed: Array<ChangedSubtree> = []
  const replaced = new Map<NavNode, ChangedSubtree>()
  const removed = new Set<NavNode>()
  let root = previous.root
  for (const [old, element] of subtrees) {
    const codebaseId = previous.lookup.get(old.tempoElementKey)?.codebaseId
    const path = parseKey(old.tempoElementKey)?.uniquePath
    const classList = classesOf(element)
    const parentKey = old.parent
    // A changed class of the element itself is a record for the element above it.
    if (
      codebaseId === undefined ||
      path === undefined ||
      parentKey === null ||
      codebaseIdInClasses(classList) !== codebaseId
    ) {
      return undefined
    }
    const fresh = hostNode(
      element,
      codebaseId,
      classList,
      old.tempoElementKey,
      parentKey,
      old.scope,
      old.level,
      options.names,
      fiberOf(element),
    )
    const entry = entryFor(fresh, codebaseId, [element])
    made.set(fresh, entry)
    const subtree = {
      element,
      path,
      root: fresh,
      made: [[fresh, entry]] as Array<[NavNode, TreeElement]>,
    }
    changed.push(subtree)
    replaced.set(old, subtree)
    for (const under = [...old.children]; under.length > 0;) {
      const node = under.pop() as NavNode
      removed.add(node)
      for (const child of node.children) under.push(child)
    }
    // The path from the changed node up to the root is copied, the rest of the tree is shared.
    let child = old
    let replacement = fresh
    for (;;) {
      const parentKey: string | null = child.parent
      if (parentKey === null) {
        root = replacement
        break
      }
      const parent = previous.nodes.get(parentKey)
      if (!parent) return undefined
      const copied = copies.get(parent)
      const copy = copied ?? { ...parent, children: [...parent.children] }
      const index = copy.children.findIndex((c) => c.tempoElementKey === child.tempoElementKey)
      if (index < 0) return undefined
      copy.children[index] = replacement
      if (copied) break
      copies.set(parent, copy)
      child = parent
      replacement = copy
    }
  }
  return {
    root,
    stack,
    made,
    previous,
    subtrees: subtrees.size,
    changed,
    replaced,
    removed,
    copies,
  }
}

/** A node's lookup entry, its children filled in as the walk reaches them. */
export const entryFor = (
  node: NavNode,
  codebaseId: string,
  elements: Array<Element>,
): TreeElement => ({
  tempoElementKey: node.tempoElementKey,
  codebaseId,
  name: node.name,
  elements,
  parent: node.parent,
  children: NO_KEYS,
  isComponent: node.isComponent,
  pageBoundingBox: node.pageBoundingBox,
})

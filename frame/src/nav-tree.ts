/**
 * The navigation tree (§3): one node per element with a codebase id and per component element,
 * under a storyboard node for the body. Built from the DOM (and React's fibers, for components)
 * in slices of at most NAV_TREE_SLICE_MS, each in a task of its own, so a page of 20,000 elements
 * never blocks the page for long and the browser renders and handles input between slices. A full
 * build is one pass, one step per DOM element: its nodes, their boxes (each element measured once,
 * for its node and any component's box) and the lookups. After DOM changes, updateNavTree builds
 * again only the subtrees the MutationObserver's records touch, then walks the tree to measure
 * every box again and fill the lookups, and answers the tree a full build would.
 */
import {
  codebaseIdInClasses,
  elementKey,
  isCodebaseId,
  parseKey,
  ROOT_UNIQUE_PATH,
  storyboardKey,
} from "./codebase-ids.ts"
import { NAV_TREE_SLICE_MS } from "./constants.ts"
import type { Fiber } from "./react-fiber.ts"
import {
  componentCodebaseId,
  componentFibersOver,
  componentName,
  fiberOf,
  isHostFiberOf,
  propsOf,
} from "./react-fiber.ts"
import {
  ZERO_BOX,
  ELEMENT_NODE,
  NO_KEYS,
  NO_NODES,
  boxIn,
  splitClasses,
  propsForNode,
  classesOf,
  isSkipped,
  inputsOf,
  sameInputs,
  hostNode,
  type NavNode,
  type PageBoundingBox,
  type TreeElement,
  type NavTree,
  type BuildStats,
  type BuildOptions,
  type NavTreeBuild,
} from "./nav-tree-model.ts"

// The tree's shapes and element readers live in nav-tree-model.ts; importers keep this module.
export type {
  PageBoundingBox,
  NavNode,
  TreeElement,
  NavTree,
  BuildInputs,
  BuildStats,
  BuildOptions,
  NavTreeBuild,
} from "./nav-tree-model.ts"
export { pageBoxOf, unionBox } from "./nav-tree-model.ts"

/**
 * The structure pass's work, taken in document order: for each element being read, its child
 * elements as they were when it was read, the next one's index, its unique path and the node its
 * children hang from. Reading an element copies its children's list (one DOM read each); a step
 * takes one child and makes its path then, so no path string or queue entry waits per element.
 */
class WorkStack {
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
interface Plan {
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
interface ChangedSubtree {
  readonly element: Element
  readonly path: string
  readonly root: NavNode
  readonly made: Array<[NavNode, TreeElement]>
}

const fullPlan = (body: HTMLElement, options: BuildOptions): Plan => {
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
const changedSubtrees = (
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
const updatePlan = (
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
    const place = { parent: parentKey, scope: old.scope, level: old.level }
    const fresh = hostNode(
      element,
      codebaseId,
      classList,
      old.tempoElementKey,
      place,
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

/** Builds the tree of `body` from scratch; each slice runs in a task of its own (clock.nextTask). */
export const buildNavTree = (body: HTMLElement, options: BuildOptions): NavTreeBuild =>
  runPlan(body, options, fullPlan(body, options), false)

/**
 * The tree after the DOM changes the records describe, from `previous` (built from the same
 * page with the same options): only the subtrees the records touch are built again, every box is
 * measured again. The tree equals what buildNavTree would answer; where an update could not be
 * exact (a change at the body, a portal, other names), it is a full build.
 */
export const updateNavTree = (
  body: HTMLElement,
  previous: NavTree,
  records: ReadonlyArray<MutationRecord>,
  options: BuildOptions,
): NavTreeBuild => {
  const plan = updatePlan(body, previous, records, options)
  return plan
    ? runPlan(body, options, plan, true)
    : runPlan(body, options, fullPlan(body, options), false)
}

const runPlan = (
  body: HTMLElement,
  options: BuildOptions,
  firstPlan: Plan,
  update: boolean,
): NavTreeBuild => {
  const { clock, storyboardId } = options
  let plan = firstPlan
  let isUpdate = update
  let componentNodes = new Map<Fiber, NavNode>()
  let nonLocal = false
  let elementsSeen = 0
  // The window's scroll, read once per slice.
  let scrollX = 0
  let scrollY = 0

  // The lookups. A full build fills them as it makes each node (document order is the tree's
  // order); an update fills them in its second pass, in tree order, from its own nodes' entries
  // and the previous tree's.
  let nodes = new Map<string, NavNode>()
  let lookup = new Map<string, TreeElement>()
  let scopeLookup = new Map<string, Array<string>>()
  let nodeOfElement = new Map<Element, NavNode>()
  /** Whether the body's node is still to be measured and put in the lookups (a full build's first step). */
  let rootDue = !isUpdate
  /** The changed subtree an update's structure pass is building, and the next one's index. */
  let subtree: ChangedSubtree | undefined
  let nextSubtree = 0

  const register = (node: NavNode, entry: TreeElement) => {
    nodes.set(node.tempoElementKey, node)
    lookup.set(node.tempoElementKey, entry)
    if (node.scope !== null) {
      const inScope = scopeLookup.get(node.scope)
      if (inScope) inScope.push(node.tempoElementKey)
      else scopeLookup.set(node.scope, [node.tempoElementKey])
    }
    const first = entry.elements[0]
    if (!node.isComponent && node.parent !== null && first) nodeOfElement.set(first, node)
  }

  const entryOf = (node: NavNode): TreeElement | undefined =>
    isUpdate ? plan.made.get(node) : lookup.get(node.tempoElementKey)

  /** Hangs a node this run made under `parent`, in the node's and in the entry's children. */
  const attach = (node: NavNode, parent: NavNode, entry: TreeElement) => {
    // A leaf's children are the shared NO_NODES / NO_KEYS until this first child.
    if (parent.children.length === 0) parent.children = [node]
    else parent.children.push(node)
    const parentEntry = entryOf(parent)
    if (parentEntry && parentEntry.children.length === 0) {
      parentEntry.children = [node.tempoElementKey]
    } else parentEntry?.children.push(node.tempoElementKey)
    if (isUpdate) {
      plan.made.set(node, entry)
      subtree?.made.push([node, entry])
    } else register(node, entry)
  }

  const setBox = (node: NavNode, entry: TreeElement, box: PageBoundingBox) => {
    node.pageBoundingBox = box
    entry.pageBoundingBox = box
  }

  /**
   * One step of the structure pass: the element's component nodes, if it is the top of some, and
   * its own node if it has a codebase id. A full build measures the element here, once for its node
   * and every component's box; an update measures in its second pass.
   */
  const process = (element: Element, path: string, outerParent: NavNode) => {
    elementsSeen += 1
    if (isSkipped(element)) return
    const measure = !isUpdate
    let box: PageBoundingBox | undefined
    let parent = outerParent
    const own = fiberOf(element)
    if (own) {
      const { chain, stop } = componentFibersOver(own)
      if (chain.length > 0 && !isHostFiberOf(stop, element.parentElement)) nonLocal = true
      for (const fiber of chain) {
        const codebaseId = componentCodebaseId(fiber)
        if (codebaseId === undefined || !isCodebaseId(codebaseId)) continue
        const known =
          componentNodes.get(fiber) ??
          (fiber.alternate ? componentNodes.get(fiber.alternate) : undefined)
        if (known) {
          const entry = entryOf(known)
          entry?.elements.push(element)
          if (measure && entry) {
            box ??= boxIn(element, scrollX, scrollY)
            setBox(known, entry, unionOfTwo(known.pageBoundingBox, box))
          }
          parent = known
          continue
        }
        const name = componentName(fiber.type)
        const node: NavNode = {
          parent: parent.tempoElementKey,
          children: NO_NODES,
          classList: [],
          directlySetClassList: splitClasses(propsOf(fiber).className),
          name: options.names?.get(codebaseId) ?? name ?? "Component",
          elementTagName: name ?? "Component",
          isComponent: true,
          tempoElementKey: elementKey(codebaseId, storyboardId, path),
          props: propsForNode(fiber),
          literalChildren: [],
          pageBoundingBox: ZERO_BOX,
          scope: scopeOf(parent),
          level: parent.level + 1,
        }
        componentNodes.set(fiber, node)
        const entry = entryFor(node, codebaseId, [element])
        if (measure) {
          box ??= boxIn(element, scrollX, scrollY)
          setBox(node, entry, box)
        }
        attach(node, parent, entry)
        parent = node
      }
    }
    const classList = classesOf(element)
    const codebaseId = codebaseIdInClasses(classList)
    if (codebaseId === undefined) {
      plan.stack.pushChildren(element, path, parent)
      return
    }
    const node = hostNode(
      element,
      codebaseId,
      classList,
      elementKey(codebaseId, storyboardId, path),
      { parent: parent.tempoElementKey, scope: scopeOf(parent), level: parent.level + 1 },
      options.names,
      own,
    )
    const entry = entryFor(node, codebaseId, [element])
    if (measure) setBox(node, entry, box ?? boxIn(element, scrollX, scrollY))
    attach(node, parent, entry)
    plan.stack.pushChildren(element, path, node)
  }

  /** The body's node in a full build: measured and first in the lookups. */
  const registerRoot = () => {
    const entry = plan.made.get(plan.root)
    if (!entry) throw new Error("The nav tree has no entry for the body")
    setBox(plan.root, entry, boxIn(body, scrollX, scrollY))
    register(plan.root, entry)
  }

  // An update's second pass: the previous tree's entries in their order (the order a full build
  // makes nodes in, the page's), each changed subtree's new nodes in place of its old ones.
  let order: Iterator<TreeElement> | undefined
  let walked = false
  let emitting: { readonly made: Array<[NavNode, TreeElement]>; next: number } | undefined

  /** A component whose elements are being measured, one per step: it may have thousands. */
  let measuring:
    | {
        readonly node: NavNode
        readonly entry: TreeElement
        next: number
        left: number
        top: number
        right: number
        bottom: number
      }
    | undefined

  /** A node of the update's tree: in the lookups, and measured (a component over the next steps). */
  const place = (node: NavNode, entry: TreeElement) => {
    register(node, entry)
    if (node.isComponent) {
      const far = Number.POSITIVE_INFINITY
      measuring = { node, entry, next: 0, left: far, top: far, right: -far, bottom: -far }
      return
    }
    const [first] = entry.elements
    setBox(node, entry, first ? boxIn(first, scrollX, scrollY) : ZERO_BOX)
  }

  const walkStep = () => {
    if (emitting) {
      const [node, entry] = emitting.made[emitting.next] as [NavNode, TreeElement]
      emitting.next += 1
      if (emitting.next >= emitting.made.length) emitting = undefined
      place(node, entry)
      return
    }
    const previous = plan.previous
    if (!previous) throw new Error("An update has no previous tree")
    order ??= previous.lookup.values()
    const next = order.next()
    if (next.done === true) {
      walked = true
      return
    }
    const entry = next.value
    const old = previous.nodes.get(entry.tempoElementKey)
    if (!old) throw new Error(`The nav tree has no node for ${entry.tempoElementKey}`)
    const built = plan.replaced.get(old)
    if (built) emitting = { made: built.made, next: 0 }
    else if (!plan.removed.has(old)) place(plan.copies.get(old) ?? old, entry)
  }

  /** One more element of the component being measured: its box is the union of theirs. */
  const measureNext = () => {
    if (!measuring) return
    const element = measuring.entry.elements[measuring.next]
    measuring.next += 1
    if (element) {
      const box = boxIn(element, scrollX, scrollY)
      measuring.left = Math.min(measuring.left, box.pageX)
      measuring.top = Math.min(measuring.top, box.pageY)
      measuring.right = Math.max(measuring.right, box.pageX + box.width)
      measuring.bottom = Math.max(measuring.bottom, box.pageY + box.height)
    }
    if (measuring.next < measuring.entry.elements.length) return
    const { left, top, right, bottom } = measuring
    const union =
      left === Number.POSITIVE_INFINITY
        ? ZERO_BOX
        : { pageX: left, pageY: top, width: right - left, height: bottom - top }
    setBox(measuring.node, measuring.entry, union)
    measuring = undefined
  }

  const step = () => {
    const stack = plan.stack
    if (rootDue) {
      rootDue = false
      registerRoot()
    } else if (stack.length > 0) {
      const element = stack.take()
      process(element, stack.path, stack.parent as NavNode)
      if (nonLocal && isUpdate) {
        // A portal in a changed subtree: its components may reach outside it.
        isUpdate = false
        plan = fullPlan(body, options)
        componentNodes = new Map()
        nodes = new Map()
        lookup = new Map()
        scopeLookup = new Map()
        nodeOfElement = new Map()
        rootDue = true
      }
    } else if (isUpdate && nextSubtree < plan.changed.length) {
      const next = plan.changed[nextSubtree]
      nextSubtree += 1
      if (next) stack.pushChildren(next.element, next.path, next.root)
      subtree = next
    } else if (measuring) {
      measureNext()
    } else {
      walkStep()
    }
  }

  const workLeft = () =>
    rootDue ||
    plan.stack.length > 0 ||
    (isUpdate &&
      (nextSubtree < plan.changed.length ||
        !walked ||
        emitting !== undefined ||
        measuring !== undefined))

  let cancelled = false
  let slices = 0
  let longestSliceMs = 0
  let workMs = 0
  // Steps between two reads of the clock: a read costs about as much as a step, and its
  // resolution may be 0.1 ms, so quick steps are timed in batches that grow while they stay quick.
  let batch = 1
  const started = clock.now()
  const view = body.ownerDocument.defaultView

  const done = new Promise<{ tree: NavTree; stats: BuildStats }>((resolve, reject) => {
    const slice = () => {
      if (cancelled) return
      const sliceStart = clock.now()
      scrollX = view?.scrollX ?? 0
      scrollY = view?.scrollY ?? 0
      let processed = 0
      try {
        // At least one step per slice, then more only while they would end within the budget by
        // the longest step of this slice so far: after a step that took long (a collection, a
        // layout, a big component) the slice stops early rather than overrun. Steps are timed in
        // batches (a step's time is its batch's average), sized to what is left of the budget.
        let batchStart = sliceStart
        let longestStepMs = 0
        let elapsedMs = 0
        do {
          let steps = 0
          for (; steps < batch && workLeft(); steps += 1) step()
          processed += steps
          const now = clock.now()
          const batchMs = now - batchStart
          longestStepMs = Math.max(longestStepMs, batchMs / Math.max(steps, 1))
          batchStart = now
          elapsedMs = now - sliceStart
          if (batchMs < BATCH_QUICK_MS) batch = Math.min(batch * 2, MAX_BATCH)
          else if (batchMs > BATCH_SLOW_MS) batch = Math.max(1, Math.floor(batch / 2))
          if (longestStepMs > 0) {
            const fits = Math.floor((NAV_TREE_SLICE_MS - elapsedMs) / longestStepMs)
            batch = Math.max(1, Math.min(batch, fits))
          }
        } while (
          workLeft() &&
          elapsedMs < NAV_TREE_SLICE_MS &&
          elapsedMs + longestStepMs <= NAV_TREE_SLICE_MS
        )
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
        return
      }
      const sliceMs = clock.now() - sliceStart
      slices += 1
      longestSliceMs = Math.max(longestSliceMs, sliceMs)
      workMs += sliceMs
      options.onSlice?.(processed, sliceMs)
      if (workLeft()) {
        clock.nextTask(slice)
        return
      }
      resolve({
        tree: {
          root: plan.root,
          lookup,
          nodes,
          scopeLookup,
          nodeOfElement,
          nonLocal,
          inputs: inputsOf(options),
        },
        stats: {
          slices,
          longestSliceMs,
          workMs,
          totalMs: clock.now() - started,
          elements: elementsSeen,
          mode: isUpdate ? "update" : "full",
          subtrees: isUpdate ? plan.subtrees : 0,
        },
      })
    }
    clock.nextTask(slice)
  })

  return {
    done,
    cancel: () => {
      cancelled = true
    },
  }
}

/** A batch of steps quicker than this doubles, up to MAX_BATCH; one slower than BATCH_SLOW_MS halves. */
const BATCH_QUICK_MS = 0.5
const BATCH_SLOW_MS = 1
const MAX_BATCH = 64

const entryFor = (node: NavNode, codebaseId: string, elements: Array<Element>): TreeElement => ({
  tempoElementKey: node.tempoElementKey,
  codebaseId,
  name: node.name,
  elements,
  parent: node.parent,
  children: NO_KEYS,
  isComponent: node.isComponent,
  pageBoundingBox: node.pageBoundingBox,
})

const unionOfTwo = (a: PageBoundingBox, b: PageBoundingBox): PageBoundingBox => {
  const left = Math.min(a.pageX, b.pageX)
  const top = Math.min(a.pageY, b.pageY)
  const right = Math.max(a.pageX + a.width, b.pageX + b.width)
  const bottom = Math.max(a.pageY + a.height, b.pageY + b.height)
  return { pageX: left, pageY: top, width: right - left, height: bottom - top }
}

const scopeOf = (parent: NavNode): string | null =>
  parent.isComponent ? parent.tempoElementKey : parent.scope

/** The tree as posted to the parent: plain data (no elements, no cycles). */
export const serialisableTree = (tree: NavTree): NavNode => tree.root

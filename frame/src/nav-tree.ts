/**
 * The navigation tree (§3): one node per element with a codebase id and per component element,
 * under a storyboard node for the body. Built from the DOM (and React's fibers, for components)
 * in slices of at most NAV_TREE_SLICE_MS, each in a task of its own, so a page of 20,000 elements
 * never blocks the page for long and the browser renders and handles input between slices (the
 * loop aims at NAV_TREE_SLICE_AIM_MS, leaving room for a pause it cannot foresee). A full
 * build is one pass, one step per DOM element: its nodes, their boxes (each element measured once,
 * for its node and any component's box) and the lookups. After DOM changes, updateNavTree builds
 * again only the subtrees the MutationObserver's records touch, then walks the tree to measure
 * every box again and fill the lookups, and answers the tree a full build would.
 */
import { codebaseIdInClasses, elementKey, isCodebaseId } from "./codebase-ids.ts"
import { NAV_TREE_SLICE_AIM_MS } from "./constants.ts"
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
  NO_NODES,
  boxIn,
  splitClasses,
  propsForNode,
  classesOf,
  isSkipped,
  inputsOf,
  hostNode,
  KeyedNodes,
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
import { entryFor, fullPlan, updatePlan, type ChangedSubtree, type Plan } from "./nav-tree-plan.ts"

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
  let keyed = new KeyedNodes()
  let scopeLookup = new Map<string, Array<string>>()
  let nodeOfElement = new Map<Element, NavNode>()
  /** Whether the body's node is still to be measured and put in the lookups (a full build's first step). */
  let rootDue = !isUpdate
  /** The changed subtree an update's structure pass is building, and the next one's index. */
  let subtree: ChangedSubtree | undefined
  let nextSubtree = 0

  const register = (node: NavNode, entry: TreeElement) => {
    keyed.add(node, entry)
    if (node.scope !== null) {
      const inScope = scopeLookup.get(node.scope)
      if (inScope) inScope.push(node.tempoElementKey)
      else scopeLookup.set(node.scope, [node.tempoElementKey])
    }
    const first = entry.elements[0]
    if (!node.isComponent && node.parent !== null && first) nodeOfElement.set(first, node)
  }

  const entryOf = (node: NavNode): TreeElement | undefined =>
    isUpdate ? plan.made.get(node) : keyed.lookup.get(node.tempoElementKey)

  // The children of a keyed element's node all come from the element's subtree, which the
  // structure pass reads in one stretch: they are gathered here while it is read, then copied into
  // arrays of their exact length when it is done. Arrays that grew a child at a time (copied while
  // short, then pushed to) made 46 B of young garbage per element at 20,000 (issue 20). The open
  // nodes are those whose subtrees are being read, innermost last, each with its entry, the work
  // stack's length once its children were queued (its subtree is done when the stack is shorter)
  // and where its children start in the gathered ones; in parallel arrays, no object per node.
  let openNodes: Array<NavNode> = []
  let openEntries: Array<TreeElement> = []
  let openDepths: Array<number> = []
  let openStarts: Array<number> = []
  let gatheredNodes: Array<NavNode> = []
  let gatheredKeys: Array<string> = []
  let gathered = 0

  /** Queues the children of a keyed element, whose node `node` is, to be gathered for it. */
  const openNode = (element: Element, path: string, node: NavNode, entry: TreeElement) => {
    const stack = plan.stack
    const depth = stack.length
    stack.pushChildren(element, path, node)
    if (stack.length === depth) return
    openNodes.push(node)
    openEntries.push(entry)
    openDepths.push(stack.length)
    openStarts.push(gathered)
  }

  /** Gives the nodes whose subtrees have been read (all of them when `all`) their children. */
  const closeNodes = (all: boolean) => {
    const length = plan.stack.length
    for (let top = openNodes.length - 1; top >= 0; top -= 1) {
      if (!all && (openDepths[top] as number) <= length) return
      const node = openNodes.pop() as NavNode
      const entry = openEntries.pop() as TreeElement
      const start = openStarts.pop() as number
      openDepths.pop()
      if (gathered > start) {
        node.children = gatheredNodes.slice(start, gathered)
        entry.children = gatheredKeys.slice(start, gathered)
        gathered = start
      }
    }
  }

  /** Hangs a node this run made under `parent`, in the node's and in the entry's children. */
  const attach = (node: NavNode, parent: NavNode, entry: TreeElement) => {
    if (openNodes.length > 0 && openNodes[openNodes.length - 1] === parent) {
      gatheredNodes[gathered] = node
      gatheredKeys[gathered] = node.tempoElementKey
      gathered += 1
    } else {
      // The body's and components' children (a component's elements may be siblings of its
      // parent's), and a leaf's shared NO_NODES / NO_KEYS until its first child.
      parent.children = appended(parent.children, node)
      const parentEntry = entryOf(parent)
      if (parentEntry) parentEntry.children = appended(parentEntry.children, node.tempoElementKey)
    }
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
      for (let i = 0; i < chain.length; i += 1) {
        const fiber = chain[i] as Fiber
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
      parent.tempoElementKey,
      scopeOf(parent),
      parent.level + 1,
      options.names,
      own,
    )
    const entry = entryFor(node, codebaseId, [element])
    if (measure) setBox(node, entry, box ?? boxIn(element, scrollX, scrollY))
    attach(node, parent, entry)
    openNode(element, path, node, entry)
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
    closeNodes(false)
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
        keyed = new KeyedNodes()
        scopeLookup = new Map()
        nodeOfElement = new Map()
        openNodes = []
        openEntries = []
        openDepths = []
        openStarts = []
        gatheredNodes = []
        gatheredKeys = []
        gathered = 0
        rootDue = true
      }
    } else if (isUpdate && nextSubtree < plan.changed.length) {
      const next = plan.changed[nextSubtree]
      nextSubtree += 1
      subtree = next
      if (next) {
        const entry = plan.made.get(next.root)
        if (!entry) throw new Error("The nav tree has no entry for a changed subtree")
        openNode(next.element, next.path, next.root, entry)
      }
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
        // At least one step per slice, then more only while they would end within the aim by
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
            const fits = Math.floor((NAV_TREE_SLICE_AIM_MS - elapsedMs) / longestStepMs)
            batch = Math.max(1, Math.min(batch, fits))
          }
        } while (
          workLeft() &&
          elapsedMs < NAV_TREE_SLICE_AIM_MS &&
          elapsedMs + longestStepMs <= NAV_TREE_SLICE_AIM_MS
        )
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
        return
      }
      const last = !workLeft()
      // The last nodes' children are given out in the last slice, and timed with it.
      if (last) closeNodes(true)
      const sliceMs = clock.now() - sliceStart
      slices += 1
      longestSliceMs = Math.max(longestSliceMs, sliceMs)
      workMs += sliceMs
      options.onSlice?.(processed, sliceMs)
      if (!last) {
        clock.nextTask(slice)
        return
      }
      resolve({
        tree: {
          root: plan.root,
          lookup: keyed.lookup,
          nodes: keyed.nodes,
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

const unionOfTwo = (a: PageBoundingBox, b: PageBoundingBox): PageBoundingBox => {
  const left = Math.min(a.pageX, b.pageX)
  const top = Math.min(a.pageY, b.pageY)
  const right = Math.max(a.pageX + a.width, b.pageX + b.width)
  const bottom = Math.max(a.pageY + a.height, b.pageY + b.height)
  return { pageX: left, pageY: top, width: right - left, height: bottom - top }
}

/**
 * `list` with `item` after its last: a new array of the exact length while the list is short (most
 * nodes have a few children, and push would give the first array room for 17 for the tree's life),
 * then the same array pushed to.
 */
const appended = <A>(list: Array<A>, item: A): Array<A> => {
  const length = list.length
  if (length >= COPIED_CHILDREN) {
    list.push(item)
    return list
  }
  const longer = new Array<A>(length + 1)
  for (let i = 0; i < length; i += 1) longer[i] = list[i] as A
  longer[length] = item
  return longer
}
const COPIED_CHILDREN = 4

const scopeOf = (parent: NavNode): string | null =>
  parent.isComponent ? parent.tempoElementKey : parent.scope

/** The tree as posted to the parent: plain data (no elements, no cycles). */
export const serialisableTree = (tree: NavTree): NavNode => tree.root

/**
 * The navigation tree (§3): one node per element with a codebase id and per component element,
 * under a storyboard node for the body. Built from the DOM (and React's fibers, for components)
 * in slices of at most NAV_TREE_SLICE_MS per animation frame, so a page of 20,000 elements never
 * blocks the frame for long. Two sliced passes: the structure (one step per DOM element), then the
 * index (one step per node: its box, the lookups). After DOM changes, updateNavTree rebuilds only
 * the subtrees the MutationObserver's records touch and answers the tree a full build would.
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
  boxIn,
  splitClasses,
  propsForNode,
  classesOf,
  isSkipped,
  inputsOf,
  sameInputs,
  hostNode,
  type NavNode,
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

/** Where a node's codebase id and elements come from: this run, or the previous tree. */
interface NodeSource {
  readonly codebaseId: string
  readonly elements: Array<Element>
}

/** What a run builds: the structure pass's work, then the index pass over `root`. */
interface Plan {
  readonly root: NavNode
  readonly stack: WorkStack
  readonly sources: Map<NavNode, NodeSource>
  /** The tree an update starts from: the source of the nodes it keeps. */
  readonly previous: NavTree | undefined
  readonly subtrees: number
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
  const sources = new Map([[root, { codebaseId: "body", elements: [body] as Array<Element> }]])
  return { root, stack, sources, previous: undefined, subtrees: 0 }
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
  const sources = new Map<NavNode, NodeSource>()
  const copies = new Map<NavNode, NavNode>()
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
    sources.set(fresh, { codebaseId, elements: [element] })
    stack.pushChildren(element, path, fresh)
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
  return { root, stack, sources, previous, subtrees: subtrees.size }
}

/** Builds the tree of `body` from scratch; each slice runs in its own animation frame. */
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

  const attachComponent = (node: NavNode, parent: NavNode, element: Element, id: string) => {
    parent.children.push(node)
    plan.sources.set(node, { codebaseId: id, elements: [element] })
  }

  const process = (element: Element, path: string, outerParent: NavNode) => {
    elementsSeen += 1
    if (isSkipped(element)) return
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
          plan.sources.get(known)?.elements.push(element)
          parent = known
          continue
        }
        const name = componentName(fiber.type)
        const node: NavNode = {
          parent: parent.tempoElementKey,
          children: [],
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
        attachComponent(node, parent, element, codebaseId)
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
    parent.children.push(node)
    plan.sources.set(node, { codebaseId, elements: [element] })
    plan.stack.pushChildren(element, path, node)
  }

  // The index pass: every node in tree order, measured, in the lookups.
  const nodes = new Map<string, NavNode>()
  const lookup = new Map<string, TreeElement>()
  const scopeLookup = new Map<string, Array<string>>()
  const nodeOfElement = new Map<Element, NavNode>()
  let indexStack: Array<NavNode> | undefined

  const sourceOf = (node: NavNode): NodeSource => {
    const source = plan.sources.get(node) ?? plan.previous?.lookup.get(node.tempoElementKey)
    if (!source) throw new Error(`The nav tree has no elements for ${node.tempoElementKey}`)
    return source
  }

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

  const index = (node: NavNode, scrollX: number, scrollY: number) => {
    const { codebaseId, elements } = sourceOf(node)
    const [first] = elements
    const box = !node.isComponent && first ? boxIn(first, scrollX, scrollY) : ZERO_BOX
    node.pageBoundingBox = box
    const count = node.children.length
    const children = new Array<string>(count)
    for (let i = count - 1; i >= 0; i -= 1) {
      const child = node.children[i] as NavNode
      indexStack?.push(child)
      children[i] = child.tempoElementKey
    }
    const entry: TreeElement = {
      tempoElementKey: node.tempoElementKey,
      codebaseId,
      name: node.name,
      elements,
      parent: node.parent,
      children,
      isComponent: node.isComponent,
      pageBoundingBox: box,
    }
    nodes.set(node.tempoElementKey, node)
    lookup.set(node.tempoElementKey, entry)
    if (node.scope !== null) {
      const inScope = scopeLookup.get(node.scope)
      if (inScope) inScope.push(node.tempoElementKey)
      else scopeLookup.set(node.scope, [node.tempoElementKey])
    }
    if (node.isComponent) {
      const far = Number.POSITIVE_INFINITY
      measuring = { node, entry, next: 0, left: far, top: far, right: -far, bottom: -far }
    } else if (node.parent !== null && first) nodeOfElement.set(first, node)
  }

  /** One more element of the component being measured: its box is the union of theirs. */
  const measureNext = (scrollX: number, scrollY: number) => {
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
    measuring.node.pageBoundingBox = union
    measuring.entry.pageBoundingBox = union
    measuring = undefined
  }

  const workLeft = () =>
    plan.stack.length > 0 ||
    indexStack === undefined ||
    indexStack.length > 0 ||
    measuring !== undefined

  let cancelled = false
  let slices = 0
  let longestSliceMs = 0
  const started = clock.now()
  const view = body.ownerDocument.defaultView

  const done = new Promise<{ tree: NavTree; stats: BuildStats }>((resolve, reject) => {
    const slice = () => {
      if (cancelled) return
      const sliceStart = clock.now()
      const scrollX = view?.scrollX ?? 0
      const scrollY = view?.scrollY ?? 0
      let processed = 0
      try {
        // At least one step per slice, then another only while it would end within the budget by
        // the longest step of this slice so far: after a step that took long (a collection, a
        // layout, a big component) the slice stops early rather than overrun.
        let stepStart = sliceStart
        let longestStepMs = 0
        let elapsedMs = 0
        do {
          const stack = plan.stack
          if (stack.length > 0) {
            const element = stack.take()
            process(element, stack.path, stack.parent as NavNode)
            if (nonLocal && isUpdate) {
              // A portal in a changed subtree: its components may reach outside it.
              isUpdate = false
              plan = fullPlan(body, options)
              componentNodes = new Map()
            }
          } else if (measuring) {
            measureNext(scrollX, scrollY)
          } else {
            indexStack ??= [plan.root]
            const node = indexStack.pop()
            if (node) index(node, scrollX, scrollY)
          }
          processed += 1
          const now = clock.now()
          longestStepMs = Math.max(longestStepMs, now - stepStart)
          stepStart = now
          elapsedMs = now - sliceStart
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
      options.onSlice?.(processed, sliceMs)
      if (workLeft()) {
        clock.requestFrame(slice)
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
          totalMs: clock.now() - started,
          elements: elementsSeen,
          mode: isUpdate ? "update" : "full",
          subtrees: isUpdate ? plan.subtrees : 0,
        },
      })
    }
    clock.requestFrame(slice)
  })

  return {
    done,
    cancel: () => {
      cancelled = true
    },
  }
}

const scopeOf = (parent: NavNode): string | null =>
  parent.isComponent ? parent.tempoElementKey : parent.scope

/** The tree as posted to the parent: plain data (no elements, no cycles). */
export const serialisableTree = (tree: NavTree): NavNode => tree.root

/**
 * The navigation tree (§3): one node per element with a codebase id and per component element,
 * under a storyboard node for the body. Built from the DOM (and React's fibers, for components)
 * in slices of at most NAV_TREE_SLICE_MS per animation frame, so a page of 20,000 elements never
 * blocks the frame for long.
 */
import type { FrameClock } from "./clock.ts"
import {
  codebaseIdInClassList,
  elementKey,
  isCodebaseId,
  storyboardKey,
  uniquePath,
} from "./codebase-ids.ts"
import { FRAME_OWNED_ATTRIBUTE, NAV_TREE_SLICE_MS } from "./constants.ts"
import type { Fiber } from "./react-fiber.ts"
import {
  componentCodebaseId,
  componentFibersAbove,
  componentName,
  fiberOf,
  propsOf,
} from "./react-fiber.ts"
import { isTemporaryClass } from "./temporary.ts"
import { type NavProp, navProp } from "./values.ts"

export interface PageBoundingBox {
  readonly pageX: number
  readonly pageY: number
  readonly width: number
  readonly height: number
}

export interface NavNode {
  parent: string | null
  children: Array<NavNode>
  classList: Array<string>
  directlySetClassList: Array<string>
  name: string
  elementTagName: string
  isComponent: boolean
  tempoElementKey: string
  props: Record<string, NavProp>
  literalChildren: Array<string>
  pageBoundingBox: PageBoundingBox
  /** The key of the nearest component element whose output holds this node, or null. */
  scope: string | null
  level: number
}

/** The reduced form kept in memory (§3), with the DOM elements the node stands for. */
export interface TreeElement {
  readonly tempoElementKey: string
  readonly codebaseId: string
  readonly name: string
  /** The element itself; for a component, the top elements of its output. */
  readonly elements: Array<Element>
  readonly parent: string | null
  readonly children: Array<string>
  readonly isComponent: boolean
  pageBoundingBox: PageBoundingBox
}

export interface NavTree {
  readonly root: NavNode
  readonly lookup: ReadonlyMap<string, TreeElement>
  readonly nodes: ReadonlyMap<string, NavNode>
  /** Component key → the keys of the nodes in its scope. */
  readonly scopeLookup: ReadonlyMap<string, ReadonlyArray<string>>
}

export interface BuildStats {
  readonly slices: number
  readonly longestSliceMs: number
  readonly totalMs: number
  readonly elements: number
}

export interface BuildOptions {
  readonly storyboardId: string
  readonly storyboardName?: string | undefined
  readonly clock: FrameClock
  /** Names the parent knows for codebase ids (setNewLookups), used before React's. */
  readonly names?: ReadonlyMap<string, string> | undefined
  readonly onSlice?: ((processed: number, ms: number) => void) | undefined
}

export interface NavTreeBuild {
  readonly done: Promise<{ readonly tree: NavTree; readonly stats: BuildStats }>
  cancel(): void
}

const SKIPPED_TAGS = new Set(["SCRIPT", "STYLE", "LINK", "META", "NOSCRIPT", "TEMPLATE"])
const ZERO_BOX: PageBoundingBox = { pageX: 0, pageY: 0, width: 0, height: 0 }

export const pageBoxOf = (element: Element): PageBoundingBox => {
  const rect = element.getBoundingClientRect()
  const view = element.ownerDocument.defaultView
  return {
    pageX: rect.left + (view?.scrollX ?? 0),
    pageY: rect.top + (view?.scrollY ?? 0),
    width: rect.width,
    height: rect.height,
  }
}

export const unionBox = (boxes: ReadonlyArray<PageBoundingBox>): PageBoundingBox => {
  const [first, ...rest] = boxes
  if (!first) return ZERO_BOX
  let left = first.pageX
  let top = first.pageY
  let right = first.pageX + first.width
  let bottom = first.pageY + first.height
  for (const box of rest) {
    left = Math.min(left, box.pageX)
    top = Math.min(top, box.pageY)
    right = Math.max(right, box.pageX + box.width)
    bottom = Math.max(bottom, box.pageY + box.height)
  }
  return { pageX: left, pageY: top, width: right - left, height: bottom - top }
}

const splitClasses = (value: unknown): Array<string> =>
  typeof value === "string" ? value.split(/\s+/).filter((name) => name !== "") : []

const propsForNode = (fiber: Fiber | undefined): Record<string, NavProp> => {
  const props: Record<string, NavProp> = {}
  if (!fiber) return props
  for (const [name, value] of Object.entries(propsOf(fiber))) {
    if (name === "children") continue
    props[name] = navProp(value)
  }
  return props
}

interface WorkItem {
  readonly element: Element
  readonly indexes: ReadonlyArray<number>
  readonly parent: NavNode
}

/** Starts building the tree of `body`; each slice runs in its own animation frame. */
export const buildNavTree = (body: HTMLElement, options: BuildOptions): NavTreeBuild => {
  const { clock, storyboardId } = options
  const rootKey = storyboardKey(storyboardId)
  const root: NavNode = {
    parent: null,
    children: [],
    classList: [...body.classList],
    directlySetClassList: [],
    name: options.storyboardName ?? "Storyboard",
    elementTagName: "body",
    isComponent: false,
    tempoElementKey: rootKey,
    props: {},
    literalChildren: [],
    pageBoundingBox: ZERO_BOX,
    scope: null,
    level: 0,
  }
  const nodes = new Map<string, NavNode>([[rootKey, root]])
  const lookup = new Map<string, TreeElement>()
  lookup.set(rootKey, {
    tempoElementKey: rootKey,
    codebaseId: "body",
    name: root.name,
    elements: [body],
    parent: null,
    children: [],
    isComponent: false,
    pageBoundingBox: ZERO_BOX,
  })
  const componentNodes = new Map<Fiber, NavNode>()
  const scopeLookup = new Map<string, Array<string>>()

  const stack: Array<WorkItem> = []
  const pushChildren = (element: Element, indexes: ReadonlyArray<number>, parent: NavNode) => {
    const children = element.children
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index]
      if (child) stack.push({ element: child, indexes: [...indexes, index], parent })
    }
  }
  pushChildren(body, [], root)

  const attach = (node: NavNode, elements: Array<Element>, codebaseId: string) => {
    const parent = node.parent === null ? undefined : nodes.get(node.parent)
    parent?.children.push(node)
    nodes.set(node.tempoElementKey, node)
    lookup.get(node.parent ?? "")?.children.push(node.tempoElementKey)
    lookup.set(node.tempoElementKey, {
      tempoElementKey: node.tempoElementKey,
      codebaseId,
      name: node.name,
      elements,
      parent: node.parent,
      children: [],
      isComponent: node.isComponent,
      pageBoundingBox: node.pageBoundingBox,
    })
    if (node.scope !== null) {
      const inScope = scopeLookup.get(node.scope) ?? []
      inScope.push(node.tempoElementKey)
      scopeLookup.set(node.scope, inScope)
    }
  }

  const scopeOf = (parent: NavNode): string | null =>
    parent.isComponent ? parent.tempoElementKey : parent.scope

  let elementsSeen = 0
  const process = ({ element, indexes, parent: outerParent }: WorkItem) => {
    elementsSeen += 1
    if (SKIPPED_TAGS.has(element.tagName) || element.hasAttribute(FRAME_OWNED_ATTRIBUTE)) return
    const path = uniquePath(indexes)
    let parent = outerParent
    for (const fiber of componentFibersAbove(element)) {
      const codebaseId = componentCodebaseId(fiber)
      if (codebaseId === undefined || !isCodebaseId(codebaseId)) continue
      const known =
        componentNodes.get(fiber) ??
        (fiber.alternate ? componentNodes.get(fiber.alternate) : undefined)
      if (known) {
        lookup.get(known.tempoElementKey)?.elements.push(element)
        parent = known
        continue
      }
      const key = elementKey(codebaseId, storyboardId, path)
      const node: NavNode = {
        parent: parent.tempoElementKey,
        children: [],
        classList: [],
        directlySetClassList: splitClasses(propsOf(fiber).className),
        name: options.names?.get(codebaseId) ?? componentName(fiber.type) ?? "Component",
        elementTagName: componentName(fiber.type) ?? "Component",
        isComponent: true,
        tempoElementKey: key,
        props: propsForNode(fiber),
        literalChildren: [],
        pageBoundingBox: ZERO_BOX,
        scope: scopeOf(parent),
        level: parent.level + 1,
      }
      componentNodes.set(fiber, node)
      attach(node, [element], codebaseId)
      parent = node
    }
    const classList = [...element.classList]
    const codebaseId = codebaseIdInClassList(classList)
    if (codebaseId === undefined) {
      pushChildren(element, indexes, parent)
      return
    }
    const fiber = fiberOf(element)
    const literalChildren: Array<string> = []
    for (const child of element.childNodes) {
      const text = child.nodeType === 3 ? (child.textContent ?? "").trim() : ""
      if (text !== "") literalChildren.push(text)
    }
    const ownClasses = fiber ? splitClasses(propsOf(fiber).className) : classList
    const node: NavNode = {
      parent: parent.tempoElementKey,
      children: [],
      classList,
      directlySetClassList: ownClasses.filter(
        (name) => !isCodebaseId(name) && !isTemporaryClass(name),
      ),
      name: options.names?.get(codebaseId) ?? element.tagName.toLowerCase(),
      elementTagName: element.tagName.toLowerCase(),
      isComponent: false,
      tempoElementKey: elementKey(codebaseId, storyboardId, path),
      props: propsForNode(fiber),
      literalChildren,
      pageBoundingBox: pageBoxOf(element),
      scope: scopeOf(parent),
      level: parent.level + 1,
    }
    attach(node, [element], codebaseId)
    pushChildren(element, indexes, node)
  }

  let cancelled = false
  let slices = 0
  let longestSliceMs = 0
  const started = clock.now()

  const done = new Promise<{ tree: NavTree; stats: BuildStats }>((resolve) => {
    const slice = () => {
      if (cancelled) return
      const sliceStart = clock.now()
      let processed = 0
      // At least one element per slice, then only while the slice is under its budget.
      do {
        const item = stack.pop()
        if (!item) break
        process(item)
        processed += 1
      } while (stack.length > 0 && clock.now() - sliceStart < NAV_TREE_SLICE_MS)
      if (stack.length === 0) {
        // The last pass, in the last slice and counted in its time: components' boxes are the
        // union of their elements', known only now.
        for (const node of nodes.values()) {
          if (!node.isComponent) continue
          const entry = lookup.get(node.tempoElementKey)
          if (!entry) continue
          node.pageBoundingBox = unionBox(entry.elements.map(pageBoxOf))
          entry.pageBoundingBox = node.pageBoundingBox
        }
        root.pageBoundingBox = pageBoxOf(body)
        const rootEntry = lookup.get(rootKey)
        if (rootEntry) rootEntry.pageBoundingBox = root.pageBoundingBox
      }
      const sliceMs = clock.now() - sliceStart
      slices += 1
      longestSliceMs = Math.max(longestSliceMs, sliceMs)
      options.onSlice?.(processed, sliceMs)
      if (stack.length > 0) {
        clock.requestFrame(slice)
        return
      }
      resolve({
        tree: { root, lookup, nodes, scopeLookup },
        stats: { slices, longestSliceMs, totalMs: clock.now() - started, elements: elementsSeen },
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

/** The tree as posted to the parent: plain data (no elements, no cycles). */
export const serialisableTree = (tree: NavTree): NavNode => tree.root

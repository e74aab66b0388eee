/**
 * The navigation tree's shapes (§3) and how one DOM element is read into a node: its box on the
 * page, its classes, its literal text, its props. nav-tree.ts builds and updates the tree from these.
 */
import type { FrameClock } from "./clock.ts"
import { isCodebaseId } from "./codebase-ids.ts"
import { FRAME_OWNED_ATTRIBUTE } from "./constants.ts"
import type { Fiber } from "./react-fiber.ts"
import { propsOf } from "./react-fiber.ts"
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
  /** NO_KEYS until the first child (nav-tree.ts's attach). */
  children: Array<string>
  readonly isComponent: boolean
  pageBoundingBox: PageBoundingBox
}

export interface NavTree {
  readonly root: NavNode
  readonly lookup: ReadonlyMap<string, TreeElement>
  readonly nodes: ReadonlyMap<string, NavNode>
  /** Component key → the keys of the nodes in its scope. */
  readonly scopeLookup: ReadonlyMap<string, ReadonlyArray<string>>
  /** The node each keyed element stands for: where an update finds the subtree a change is in. */
  readonly nodeOfElement: ReadonlyMap<Element, NavNode>
  /**
   * Whether some component's elements hang from a host other than their DOM parent (a portal):
   * a change could then reach outside the subtree it is in, so only a full build is exact.
   */
  readonly nonLocal: boolean
  /** What the build was asked for: an update with other names or storyboard builds anew. */
  readonly inputs: BuildInputs
}

export interface BuildInputs {
  readonly storyboardId: string
  readonly storyboardName: string | undefined
  readonly names: ReadonlyMap<string, string> | undefined
}

export interface BuildStats {
  readonly slices: number
  readonly longestSliceMs: number
  /** The slices' time together: the build's own work, without the waits between slices. */
  readonly workMs: number
  readonly totalMs: number
  readonly elements: number
  /** "update": only the subtrees the records touched were rebuilt; "full": the whole page. */
  readonly mode: "full" | "update"
  /** The subtrees an update rebuilt (0 for a full build). */
  readonly subtrees: number
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

export const SKIPPED_TAGS = new Set(["SCRIPT", "STYLE", "LINK", "META", "NOSCRIPT", "TEMPLATE"])
export const ZERO_BOX: PageBoundingBox = { pageX: 0, pageY: 0, width: 0, height: 0 }
export const ELEMENT_NODE = 1
export const TEXT_NODE = 3

/** An element's box on the page, given the window's scroll (read once per slice). */
export const boxIn = (element: Element, scrollX: number, scrollY: number): PageBoundingBox => {
  const rect = element.getBoundingClientRect()
  return {
    pageX: rect.left + scrollX,
    pageY: rect.top + scrollY,
    width: rect.width,
    height: rect.height,
  }
}

export const pageBoxOf = (element: Element): PageBoundingBox => {
  const view = element.ownerDocument.defaultView
  return boxIn(element, view?.scrollX ?? 0, view?.scrollY ?? 0)
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

export const splitClasses = (value: unknown): Array<string> =>
  typeof value === "string" ? value.split(/\s+/).filter((name) => name !== "") : []

// What the many nodes without props, text or children hold, shared: each node's own empty object
// or array would live as long as the tree, and the NAV_TREE post would copy each (a shared one is
// copied once). Frozen, as nothing changes them; a first child replaces NO_NODES / NO_KEYS.
const NO_PROPS: Record<string, NavProp> = Object.freeze({})
const NO_TEXTS = Object.freeze([]) as unknown as Array<string>
export const NO_NODES = Object.freeze([]) as unknown as Array<NavNode>
export const NO_KEYS = Object.freeze([]) as unknown as Array<string>

export const propsForNode = (fiber: Fiber | undefined): Record<string, NavProp> => {
  if (!fiber) return NO_PROPS
  let props: Record<string, NavProp> | undefined
  for (const [name, value] of Object.entries(propsOf(fiber))) {
    if (name === "children") continue
    props ??= {}
    props[name] = navProp(value)
  }
  return props ?? NO_PROPS
}

/** An element's classes as its classList holds them (each once, in order), read off the attribute. */
export const classesOf = (element: Element): Array<string> => {
  const value = element.getAttribute("class")
  if (value === null || value === "") return []
  const classes: Array<string> = []
  // One scan of the attribute, no regex: a name runs until the next ASCII whitespace (tab, line
  // feed, form feed, carriage return, space: DOMTokenList's separators).
  const length = value.length
  let start = -1
  for (let i = 0; i <= length; i += 1) {
    const code = i < length ? value.charCodeAt(i) : 32
    const separator = code === 32 || code === 9 || code === 10 || code === 12 || code === 13
    if (!separator) {
      if (start < 0) start = i
      continue
    }
    if (start < 0) continue
    const name = start === 0 && i === length ? value : value.slice(start, i)
    start = -1
    if (!classes.includes(name)) classes.push(name)
  }
  return classes
}

export const literalChildrenOf = (element: Element): Array<string> => {
  let texts: Array<string> | undefined
  for (let child = element.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType !== TEXT_NODE) continue
    const text = (child.nodeValue ?? "").trim()
    if (text === "") continue
    if (texts) texts.push(text)
    else texts = [text]
  }
  return texts ?? NO_TEXTS
}

export const isSkipped = (element: Element): boolean =>
  SKIPPED_TAGS.has(element.tagName) || element.hasAttribute(FRAME_OWNED_ATTRIBUTE)

export const inputsOf = (options: BuildOptions): BuildInputs => ({
  storyboardId: options.storyboardId,
  storyboardName: options.storyboardName,
  names: options.names,
})

export const sameNames = (
  a: ReadonlyMap<string, string> | undefined,
  b: ReadonlyMap<string, string> | undefined,
): boolean => {
  if ((a?.size ?? 0) !== (b?.size ?? 0)) return false
  for (const [id, name] of a ?? []) if (b?.get(id) !== name) return false
  return true
}

export const sameInputs = (a: BuildInputs, b: BuildInputs): boolean =>
  a.storyboardId === b.storyboardId &&
  a.storyboardName === b.storyboardName &&
  sameNames(a.names, b.names)

// Tag names in lower case, each lowered once (a page has a few dozen, and thousands of elements).
const lowerTagNames = new Map<string, string>()
const lowerTagName = (tagName: string): string => {
  let lower = lowerTagNames.get(tagName)
  if (lower === undefined) {
    lower = tagName.toLowerCase()
    lowerTagNames.set(tagName, lower)
  }
  return lower
}

/** The node of a keyed DOM element (everything but where it hangs, which the caller gives). */
export const hostNode = (
  element: Element,
  codebaseId: string,
  classList: Array<string>,
  key: string,
  place: { readonly parent: string; readonly scope: string | null; readonly level: number },
  names: ReadonlyMap<string, string> | undefined,
  fiber: Fiber | undefined,
): NavNode => {
  const ownClasses = fiber ? splitClasses(propsOf(fiber).className) : classList
  const tagName = lowerTagName(element.tagName)
  const directlySet: Array<string> = []
  for (const name of ownClasses) {
    // The element's own id is one (known without its regex); other ids and temporaries are not set.
    if (name !== codebaseId && !isTemporaryClass(name) && !isCodebaseId(name)) {
      directlySet.push(name)
    }
  }
  return {
    parent: place.parent,
    children: NO_NODES,
    classList,
    directlySetClassList: directlySet,
    name: names?.get(codebaseId) ?? tagName,
    elementTagName: tagName,
    isComponent: false,
    tempoElementKey: key,
    props: propsForNode(fiber),
    literalChildren: literalChildrenOf(element),
    pageBoundingBox: ZERO_BOX,
    scope: place.scope,
    level: place.level,
  }
}

/**
 * The navigation tree's shapes (§3) and how one DOM element is read into a node: its box on the
 * page, its classes, its literal text, its props. nav-tree.ts builds and updates the tree from these.
 */
import type { FrameClock } from "./clock.ts"
import { CODEBASE_ID_PREFIX, isCodebaseId } from "./codebase-ids.ts"
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

/** A className prop's names, split where `/\s+/` would split it (no name twice is not checked). */
export const splitClasses = (value: unknown): Array<string> =>
  typeof value === "string" && value !== "" ? scanNames(value, isJsSpace, false) : []

// What the many nodes without props, text or children hold, shared: each node's own empty object
// or array would live as long as the tree, and the NAV_TREE post would copy each (a shared one is
// copied once). Frozen, as nothing changes them; a first child replaces NO_NODES / NO_KEYS.
const NO_PROPS: Record<string, NavProp> = Object.freeze({})
const NO_TEXTS = Object.freeze([]) as unknown as Array<string>
export const NO_NODES = Object.freeze([]) as unknown as Array<NavNode>
export const NO_KEYS = Object.freeze([]) as unknown as Array<string>

export const propsForNode = (fiber: Fiber | undefined): Record<string, NavProp> => {
  if (!fiber) return NO_PROPS
  const all = propsOf(fiber)
  // Keys, not entries: an element's props cost one array here rather than a pair more per prop.
  const names = Object.keys(all)
  let props: Record<string, NavProp> | undefined
  for (let i = 0; i < names.length; i += 1) {
    const name = names[i] as string
    if (name === "children") continue
    props ??= {}
    props[name] = navProp(all[name])
  }
  return props ?? NO_PROPS
}

// Names are gathered here, then copied into an array of their exact number: a list grown by push
// holds room for 17, and a node keeps its lists as long as the tree (issue 20: the young
// generation's collections, each copying what is still alive, landed inside slices). It is never
// emptied (an empty array gives up its room): past `count` it holds names of earlier calls.
const scratch: Array<string> = []

/** The first `count` names gathered in `scratch`, in an array of their exact length. */
const takeScratch = (count: number): Array<string> => (count === 0 ? [] : scratch.slice(0, count))

// Lists of names set directly (an element's classes less its id) recur as its names do: the items
// of a list, the cells of a table. One read before with the same names, kept here by a hash of
// their lengths and characters, is shared rather than a new array made; frozen, as NO_PROPS.
// A clash only costs a new array.
const LIST_SLOTS = 256
const NO_NAMES = Object.freeze([]) as unknown as Array<string>
const lists: Array<Array<string>> = Array.from({ length: LIST_SLOTS }, () => NO_NAMES)

/** The first `count` names gathered in `scratch`, as a shared frozen array of the same names. */
const sharedScratch = (count: number): Array<string> => {
  if (count === 0) return NO_NAMES
  let hash = count
  for (let i = 0; i < count; i += 1) {
    const name = scratch[i] as string
    const length = name.length
    hash =
      (hash * 31 + length * 7 + name.charCodeAt(0) * 3 + name.charCodeAt(length - 1)) & 0xffffff
  }
  const slot = hash & (LIST_SLOTS - 1)
  const known = lists[slot] as Array<string>
  if (known.length === count) {
    let same = true
    for (let i = 0; i < count && same; i += 1) same = known[i] === scratch[i]
    if (same) return known
  }
  const list = Object.freeze(scratch.slice(0, count)) as Array<string>
  lists[slot] = list
  return list
}

/** Whether `name` is among the first `count` names in `scratch`. */
const inScratch = (name: string, count: number): boolean => {
  for (let i = 0; i < count; i += 1) if (scratch[i] === name) return true
  return false
}

// The same class names recur all over a page (utility classes): a name read is looked up here by
// its length and three of its characters, and an equal string read before is used again rather
// than a new one made. Codebase ids, one per element, are left out. A clash only costs a copy.
const NAME_SLOTS = 1024
const names: Array<string> = Array.from({ length: NAME_SLOTS }, () => "")

const nameIn = (value: string, start: number, end: number): string => {
  if (start === 0 && end === value.length) return value
  const length = end - start
  if (value.startsWith(CODEBASE_ID_PREFIX, start)) return value.slice(start, end)
  const slot =
    (length * 31 +
      value.charCodeAt(start) * 7 +
      value.charCodeAt(start + (length >> 1)) * 3 +
      value.charCodeAt(end - 1)) &
    (NAME_SLOTS - 1)
  const known = names[slot] as string
  if (known.length === length && value.startsWith(known, start)) return known
  const name = value.slice(start, end)
  names[slot] = name
  return name
}

/** DOMTokenList's separators: tab, line feed, form feed, carriage return, space. */
const isAsciiSpace = (code: number): boolean =>
  code === 32 || code === 9 || code === 10 || code === 12 || code === 13

/** What `\s` matches in a regex (splitClasses splits className props as `/\s+/` did). */
const isJsSpace = (code: number): boolean =>
  isAsciiSpace(code) ||
  code === 11 ||
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x2028 ||
  code === 0x2029 ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000 ||
  code === 0xfeff

/** The names in `value` between separators, in order (each once when `once`), no regex. */
const scanNames = (
  value: string,
  isSeparator: (code: number) => boolean,
  once: boolean,
): Array<string> => {
  let count = 0
  const length = value.length
  let start = -1
  for (let i = 0; i <= length; i += 1) {
    if (i < length && !isSeparator(value.charCodeAt(i))) {
      if (start < 0) start = i
      continue
    }
    if (start < 0) continue
    const name = nameIn(value, start, i)
    start = -1
    if (!once || !inScratch(name, count)) {
      scratch[count] = name
      count += 1
    }
  }
  return takeScratch(count)
}

/** An element's classes as its classList holds them (each once, in order), read off the attribute. */
export const classesOf = (element: Element): Array<string> => {
  const value = element.getAttribute("class")
  return value === null || value === "" ? [] : scanNames(value, isAsciiSpace, true)
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
  parent: string,
  scope: string | null,
  level: number,
  names: ReadonlyMap<string, string> | undefined,
  fiber: Fiber | undefined,
): NavNode => {
  const ownClasses = fiber ? splitClasses(propsOf(fiber).className) : classList
  const tagName = lowerTagName(element.tagName)
  let count = 0
  for (let i = 0; i < ownClasses.length; i += 1) {
    const name = ownClasses[i] as string
    // The element's own id is one (known without its regex); other ids and temporaries are not set.
    if (name !== codebaseId && !isTemporaryClass(name) && !isCodebaseId(name)) {
      scratch[count] = name
      count += 1
    }
  }
  return {
    parent,
    children: NO_NODES,
    classList,
    directlySetClassList: sharedScratch(count),
    name: names?.get(codebaseId) ?? tagName,
    elementTagName: tagName,
    isComponent: false,
    tempoElementKey: key,
    props: propsForNode(fiber),
    literalChildren: literalChildrenOf(element),
    pageBoundingBox: ZERO_BOX,
    scope,
    level,
  }
}

/**
 * A tree's nodes and their entries by key, over one Map from key to an index into two arrays:
 * a Map grows by copying its table, and at 20,000 nodes each of the two Maps this replaces made
 * megabytes of young garbage (issue 20). `nodes` and `lookup` read as Maps, in the order added.
 */
export class KeyedNodes {
  readonly #index = new Map<string, number>()
  readonly #nodes: Array<NavNode> = []
  readonly #entries: Array<TreeElement> = []
  readonly nodes: ReadonlyMap<string, NavNode> = new IndexedView(this.#index, this.#nodes)
  readonly lookup: ReadonlyMap<string, TreeElement> = new IndexedView(this.#index, this.#entries)

  /** Adds a node and its entry, or replaces those of its key (in place, as Map.set does). */
  add(node: NavNode, entry: TreeElement): void {
    const key = node.tempoElementKey
    const known = this.#index.get(key)
    if (known !== undefined) {
      this.#nodes[known] = node
      this.#entries[known] = entry
      return
    }
    this.#index.set(key, this.#nodes.length)
    this.#nodes.push(node)
    this.#entries.push(entry)
  }
}

/** The values of one array of KeyedNodes, read as a Map by key. */
class IndexedView<V> implements ReadonlyMap<string, V> {
  readonly #index: ReadonlyMap<string, number>
  readonly #values: ReadonlyArray<V>

  constructor(index: ReadonlyMap<string, number>, values: ReadonlyArray<V>) {
    this.#index = index
    this.#values = values
  }

  get size(): number {
    return this.#index.size
  }

  get(key: string): V | undefined {
    const at = this.#index.get(key)
    return at === undefined ? undefined : this.#values[at]
  }

  has(key: string): boolean {
    return this.#index.has(key)
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [key, at] of this.#index) callback(this.#values[at] as V, key, this)
  }

  *entries(): MapIterator<[string, V]> {
    for (const [key, at] of this.#index) yield [key, this.#values[at] as V]
  }

  keys(): MapIterator<string> {
    return this.#index.keys()
  }

  *values(): MapIterator<V> {
    for (const at of this.#index.values()) yield this.#values[at] as V
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries()
  }
}

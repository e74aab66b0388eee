/** From element keys and codebase ids to DOM elements, and back. */
import {
  CODEBASE_ID_PREFIX,
  STORYBOARD_TOP_CONSTANT,
  codebaseIdInClassList,
  elementKey,
  parseKey,
  uniquePath,
} from "./codebase-ids.ts"
import type { NavTree } from "./nav-tree.ts"

/** Elements carrying a codebase id as a class (host elements) or as the component attribute. */
export const elementsWithCodebaseId = (doc: Document, codebaseId: string): Array<Element> => {
  if (codebaseId === "body") return [doc.body]
  if (codebaseId === "root" || codebaseId === "__next") {
    const element = doc.getElementById(codebaseId)
    return element ? [element] : []
  }
  const escaped = CSS.escape(codebaseId)
  return [...doc.querySelectorAll(`.${escaped}, [data-codebase-id="${escaped}"]`)]
}

/** The DOM elements of a codebase id: from the nav tree (components too), else by class. */
export const elementsForCodebaseId = (
  doc: Document,
  tree: NavTree | undefined,
  codebaseId: string,
): Array<Element> => {
  const fromDom = elementsWithCodebaseId(doc, codebaseId)
  if (fromDom.length > 0 || !tree) return fromDom
  const found: Array<Element> = []
  for (const entry of tree.lookup.values()) {
    if (entry.codebaseId === codebaseId) found.push(...entry.elements.filter((e) => e.isConnected))
  }
  return found
}

/** The child indexes from the body down to an element, or undefined when it is not in the body. */
export const childIndexes = (element: Element): Array<number> | undefined => {
  const body = element.ownerDocument.body
  const indexes: Array<number> = []
  let current: Element | null = element
  while (current && current !== body) {
    const parent: Element | null = current.parentElement
    if (!parent) return undefined
    indexes.unshift([...parent.children].indexOf(current))
    current = parent
  }
  return current === body ? indexes : undefined
}

export const hostKeyOf = (element: Element, storyboardId: string): string | undefined => {
  if (element === element.ownerDocument.body) {
    return elementKey(STORYBOARD_TOP_CONSTANT, storyboardId, "0")
  }
  const codebaseId = codebaseIdInClassList(element.classList)
  const indexes = childIndexes(element)
  if (codebaseId === undefined || indexes === undefined) return undefined
  return elementKey(codebaseId, storyboardId, uniquePath(indexes))
}

/** The nearest element (itself or an ancestor) with a codebase id class, and its key. */
export const nearestKeyed = (
  target: Element,
  storyboardId: string,
): { readonly element: Element; readonly key: string } | undefined => {
  for (let element: Element | null = target; element; element = element.parentElement) {
    if (element === element.ownerDocument.body) return undefined
    const key = hostKeyOf(element, storyboardId)
    if (key) return { element, key }
  }
  return undefined
}

/** The DOM elements an element key stands for, now. */
export const elementsForKey = (
  doc: Document,
  tree: NavTree | undefined,
  key: string,
): Array<Element> => {
  const entry = tree?.lookup.get(key)
  if (entry && entry.elements.every((element) => element.isConnected)) return entry.elements
  const parts = parseKey(key)
  if (!parts) return []
  if (parts.codebaseId === STORYBOARD_TOP_CONSTANT) return [doc.body]
  // The path first (two elements may share an id), checked against the id; else the id alone.
  let element: Element | undefined = doc.body
  for (const index of parts.uniquePath.split("-").slice(1).map(Number)) {
    element = element?.children[index]
  }
  if (element?.classList.contains(parts.codebaseId)) return [element]
  if (!parts.codebaseId.startsWith(CODEBASE_ID_PREFIX)) return []
  const byId = elementsForCodebaseId(doc, tree, parts.codebaseId)
  return byId.slice(0, 1)
}

/** A key still naming an element after the DOM changed: itself, else the first with its id. */
export const reresolveKey = (
  doc: Document,
  tree: NavTree | undefined,
  key: string,
): string | undefined => {
  if (tree?.lookup.has(key)) return key
  const parts = parseKey(key)
  if (!parts) return undefined
  if (tree) {
    for (const entry of tree.lookup.values()) {
      if (entry.codebaseId === parts.codebaseId) return entry.tempoElementKey
    }
    return undefined
  }
  const element = elementsForKey(doc, tree, key)[0]
  return element ? hostKeyOf(element, parts.storyboardId) : undefined
}

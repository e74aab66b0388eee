/**
 * The frame controller's lookups: from an element key or codebase id to the page's elements, their
 * box, name and text, read from the frame's memory (the nav tree first, then the parent's lookups).
 */
import { codebaseIdOfKey } from "./codebase-ids.ts"
import { elementsForCodebaseId, elementsForKey, hostKeyOf } from "./elements.ts"
import { type PageBoundingBox, pageBoxOf, unionBox } from "./nav-tree.ts"
import { fiberOf, propsOf } from "./react-fiber.ts"
import type { FrameState } from "./state.ts"
import { textFromExpression } from "./dynamic-text.ts"

export interface FrameLookups {
  readonly elementsOfKey: (key: string) => Array<Element>
  readonly elementsOfId: (codebaseId: string) => Array<Element>
  readonly keyOf: (element: Element) => string | undefined
  readonly isComponentKey: (key: string) => boolean
  readonly boxOfKey: (key: string) => PageBoundingBox | undefined
  readonly nameOfKey: (key: string) => string
  /** Whether the selected element's text can be edited in place, and whether it has text. */
  readonly textOf: (key: string) => { readonly hasText: boolean; readonly editable: boolean }
}

export const createFrameLookups = (doc: Document, state: FrameState): FrameLookups => {
  const elementsOfKey = (key: string) => elementsForKey(doc, state.navTree, key)
  const elementsOfId = (codebaseId: string) => elementsForCodebaseId(doc, state.navTree, codebaseId)
  const keyOf = (element: Element) => hostKeyOf(element, state.storyboardId)
  const isComponentKey = (key: string) => {
    const node = state.navTree?.nodes.get(key)
    if (node) return node.isComponent
    const id = codebaseIdOfKey(key)
    return id !== undefined && state.lookups.get(id)?.isComponent === true
  }
  const boxOfKey = (key: string) => {
    const elements = elementsOfKey(key)
    return elements.length > 0 ? unionBox(elements.map(pageBoxOf)) : undefined
  }
  const nameOfKey = (key: string): string => {
    const node = state.navTree?.nodes.get(key)
    if (node) return node.name
    const id = codebaseIdOfKey(key)
    const known = id === undefined ? undefined : state.lookups.get(id)?.name
    return known ?? elementsOfKey(key)[0]?.tagName.toLowerCase() ?? "element"
  }

  const textOf = (key: string) => {
    const element = elementsOfKey(key)[0]
    if (!element || isComponentKey(key) || element === doc.body) {
      return { hasText: false, editable: false }
    }
    const onlyText = [...element.childNodes].every((node) => node.nodeType === 3)
    const hasText = onlyText && (element.textContent ?? "").trim() !== ""
    const fiber = fiberOf(element)
    const children = fiber ? propsOf(fiber).children : element.textContent
    const literal = typeof children === "string" || typeof children === "number"
    const id = codebaseIdOfKey(key)
    const dynamic =
      (id !== undefined && state.lookups.get(id)?.dynamicText === true) ||
      textFromExpression(children, element)
    return { hasText, editable: hasText && literal && !dynamic }
  }

  return { elementsOfKey, elementsOfId, keyOf, isComponentKey, boxOfKey, nameOfKey, textOf }
}

/**
 * Instant updates (§3, §4): the preview of a change, applied to the page at once, while the
 * server rewrites the source. Previews are reversible (undo) and temporary: the arb89- classes,
 * their rules and the placeholders go once the hot reload that carries the real change arrives.
 *
 * React owns the app's DOM, so the frame never detaches an element React rendered: a removed
 * element is hidden by a temporary class, a moved one hidden and shown by a copy. Only elements
 * the frame inserted itself (placeholders, copies) are ever taken out of the DOM.
 */
import type {
  InstantUpdateData,
  StoredChangeItem,
} from "../../domain/editing/change-fields.schema.ts"
import {
  ADD_JSX_PLACEHOLDER_PREFIX,
  codebaseIdInClassList,
  isPlaceholderCodebaseId,
  parseKey,
} from "./codebase-ids.ts"
import { type ClassCss, classWithModifiers, createPreviewSheet, ruleFor } from "./preview-rules.ts"
import { type FileVersionMap, createTemporaries } from "./preview-temporaries.ts"
import {
  PLACEHOLDER_CLASS,
  REMOVED_CLASS,
  TEMPORARY_CLASS_PREFIX,
  TEMPORARY_STYLING_CLASS,
  isTemporaryClass,
  sanitiseClassName,
  tempMoveName,
} from "./temporary.ts"
import type { INSTANT_CHANGE_TYPES } from "../../domain/editing/change-types.ts"

export { INSTANT_CHANGE_TYPES } from "../../domain/editing/change-types.ts"
export type InstantChangeType = (typeof INSTANT_CHANGE_TYPES)[number]

export interface InstantUpdateResult {
  readonly changeId: string
  readonly successful: boolean
  readonly instantUpdateData?: InstantUpdateData
}

export interface InstantUpdateDeps {
  readonly doc: Document
  /** The DOM elements of a codebase id (components through the nav tree). */
  readonly elementsFor: (codebaseId: string) => Array<Element>
  readonly elementsForKey: (key: string) => Array<Element>
  readonly keyOf: (element: Element) => string | undefined
  /** A fresh suffix for placeholder ids. */
  readonly nextId: () => string
}

type ChangeItem = Pick<StoredChangeItem, "id" | "type" | "changeFields" | "instantUpdateData">

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)
const strings = (value: unknown): Array<string> =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []

export interface InstantUpdates {
  /** Applies a change's preview (or an undo's or redo's) and says what it did. */
  apply(item: ChangeItem, css?: ClassCss): InstantUpdateResult
  /** setIsFlushing(true): every queued temporary goes after the next hot reload. */
  markQueueForDeletion(): void
  /**
   * A hot reload arrived (the versions announced so far). A marked temporary whose change's file
   * versions are known is due once the page has them all; one whose versions are not known is
   * due only when the parent never names versions (`legacy`): otherwise the hot reload of an
   * earlier edit, arriving late, would take a newer preview away before its own change shows.
   */
  hotReloaded(versions: FileVersionMap, legacy: boolean): void
  /**
   * The parent says which file versions carry the marked temporaries' change (the files the server
   * wrote). If the page has them already, they are due at `dueAt`; answers whether any became due.
   */
  awaitVersions(
    files: ReadonlyArray<readonly [string, string]>,
    versions: FileVersionMap,
    dueAt: number,
  ): boolean
  /** Removes the due temporaries whose time has come; true when any went. */
  cleanupDue(now?: number): boolean
  /** Removes every temporary at once (the frame shuts down). */
  cleanupAll(): void
  pending(): number
  /** Queues another temporary change (a temporary move, an added div) for the same cleanup. */
  track(changeId: string, cleanup: () => void): void
  /** The frame's own style sheet, for other temporary rules. */
  sheet(): CSSStyleSheet | null
}

export const createInstantUpdates = (deps: InstantUpdateDeps): InstantUpdates => {
  const { doc } = deps
  const { sheet, addRule, removeRulesFor } = createPreviewSheet(doc)
  const temporaries = createTemporaries(doc)
  const remember = temporaries.remember

  const removeClassEverywhere = (className: string) => {
    for (const element of doc.querySelectorAll(`.${CSS.escape(className)}`)) {
      element.classList.remove(className)
    }
  }

  const removeInserted = (codebaseIds: ReadonlyArray<string>) => {
    for (const id of codebaseIds) {
      for (const element of doc.querySelectorAll(`.${CSS.escape(id)}.${PLACEHOLDER_CLASS}`)) {
        element.remove()
      }
    }
  }

  // ---- forward previews ------------------------------------------------------------------

  const removeJsx = (changeId: string, fields: Record<string, unknown>): InstantUpdateResult => {
    const ids = [...new Set(strings(fields.codebaseIdsToRemove))]
    const removed: Record<string, Array<{ elementKeyRemoved: string; outerHTML: string }>> = {}
    const hidden: Array<Element> = []
    for (const id of ids) {
      const elements = deps.elementsFor(id)
      if (elements.length === 0) {
        console.error("Could not find component element for instant update", id)
        continue
      }
      for (const element of elements) {
        const key = deps.keyOf(element)
        const parent = element.parentElement
        const parentKey = parent ? nearestKey(parent) : undefined
        if (key && parentKey) {
          const list = removed[parentKey] ?? []
          list.push({ elementKeyRemoved: key, outerHTML: element.outerHTML })
          removed[parentKey] = list
        }
        if (element.classList.contains(PLACEHOLDER_CLASS)) {
          element.remove() // our own: it can go for good
        } else {
          element.classList.add(REMOVED_CLASS)
          hidden.push(element)
        }
      }
    }
    remember(changeId, () => {
      for (const element of hidden) element.classList.remove(REMOVED_CLASS)
    })
    return {
      changeId,
      successful: hidden.length > 0 || Object.keys(removed).length > 0,
      instantUpdateData: { codebaseIdsToRemove: ids, parentToElementKeysRemoved: removed },
    }
  }

  const nearestKey = (element: Element): string | undefined => {
    for (let current: Element | null = element; current; current = current.parentElement) {
      const key = deps.keyOf(current)
      if (key) return key
    }
    return undefined
  }

  const addClass = (
    changeId: string,
    fields: Record<string, unknown>,
    css: ClassCss | undefined,
  ): InstantUpdateResult => {
    const codebaseId = str(fields.codebaseIdToAddClass)
    const className = str(fields.className)
    if (codebaseId === undefined || className === undefined) return { changeId, successful: false }
    const modifiers = strings(fields.modifiers)
    const added = classWithModifiers(className, modifiers, fields.stylingFramework === "Tailwind")
    const elements = deps.elementsFor(codebaseId)
    for (const element of elements) element.classList.add(added)
    // Until the hot reload brings the class's own CSS, a temporary class carries what it does.
    if (css && Object.keys(css).length > 0) {
      const temporary = `${TEMPORARY_CLASS_PREFIX}${sanitiseClassName(added)}`
      if (addRule(ruleFor(temporary, css, modifiers))) {
        for (const element of elements) element.classList.add(temporary)
        remember(changeId, () => {
          removeClassEverywhere(temporary)
          removeRulesFor(temporary)
        })
      } else {
        console.error("Error adding class CSS rule", added)
      }
    }
    return {
      changeId,
      successful: elements.length > 0,
      instantUpdateData: {
        codebaseIdToAddClass: codebaseId,
        addedClass: added,
        codebaseAddedClass: codebaseId,
      },
    }
  }

  let stylingCount = 0
  const styling = (changeId: string, fields: Record<string, unknown>): InstantUpdateResult => {
    const codebaseId = str(fields.codebaseId)
    const changes = fields.stylingChanges
    if (codebaseId === undefined || !isRecord(changes)) return { changeId, successful: false }
    const declarations: Record<string, string | number | null> = {}
    for (const [property, value] of Object.entries(changes)) {
      if (typeof value === "string" || typeof value === "number" || value === null) {
        declarations[property] = value
      }
    }
    stylingCount += 1
    const added = `${TEMPORARY_STYLING_CLASS}-${sanitiseClassName(changeId)}-${stylingCount}`
    if (!addRule(ruleFor(added, declarations, strings(fields.modifiers)))) {
      console.error("Error adding class CSS rule", added)
      return { changeId, successful: false }
    }
    const elements = deps.elementsFor(codebaseId)
    for (const element of elements) element.classList.add(TEMPORARY_STYLING_CLASS, added)
    remember(changeId, () => {
      for (const element of elements) element.classList.remove(TEMPORARY_STYLING_CLASS, added)
      removeClassEverywhere(added)
      removeRulesFor(added)
    })
    return {
      changeId,
      successful: elements.length > 0,
      instantUpdateData: { addedClass: added, codebaseAddedClass: codebaseId },
    }
  }

  const setClasses = (
    element: Element,
    remove: ReadonlyArray<string>,
    add: ReadonlyArray<string>,
  ) => {
    for (const name of remove) {
      // The codebase id and the frame's own markers are never the user's classes.
      if (codebaseIdInClassList([name]) === undefined && !isTemporaryClass(name)) {
        element.classList.remove(name)
      }
    }
    for (const name of add) element.classList.add(name)
  }

  const userClasses = (element: Element): Array<string> =>
    [...element.classList].filter(
      (name) => codebaseIdInClassList([name]) === undefined && !isTemporaryClass(name),
    )

  const updateClasses = (
    changeId: string,
    fields: Record<string, unknown>,
  ): InstantUpdateResult => {
    const codebaseId = str(fields.codebaseIdToUpdateClass)
    if (codebaseId === undefined) return { changeId, successful: false }
    const newClasses = strings(fields.newClasses)
    const elements = deps.elementsFor(codebaseId)
    const oldClasses = elements[0] ? userClasses(elements[0]) : strings(fields.oldClasses)
    for (const element of elements) {
      setClasses(
        element,
        userClasses(element).filter((name) => !newClasses.includes(name)),
        newClasses,
      )
    }
    return {
      changeId,
      successful: elements.length > 0,
      instantUpdateData: { codebaseIdToUpdateClass: codebaseId, newClasses, oldClasses },
    }
  }

  const insertAt = (parent: Element, element: Element, before: Element | null) => {
    parent.insertBefore(element, before && before.parentElement === parent ? before : null)
  }

  const addJsx = (changeId: string, fields: Record<string, unknown>): InstantUpdateResult => {
    const parentId = str(fields.codebaseIdToAddTo)
    if (parentId === undefined) return { changeId, successful: false }
    const given = str(fields.addCodebaseId)
    const placeholderId =
      given !== undefined && isPlaceholderCodebaseId(given)
        ? given
        : `${ADD_JSX_PLACEHOLDER_PREFIX}${deps.nextId()}`
    const parents = deps.elementsFor(parentId)
    const addedIds: Array<string> = []
    if (parents.length === 0) {
      console.error("Could not find new parent element for instant update", parentId)
    }
    const props = isRecord(fields.propsToSet) ? fields.propsToSet : {}
    const componentName = str(fields.componentName)
    const tag = str(fields.addNativeTag) ?? "div"
    for (const parent of parents) {
      let element: Element
      try {
        element = doc.createElement(componentName === undefined ? tag : "div")
      } catch {
        element = doc.createElement("div")
      }
      element.classList.add(placeholderId, PLACEHOLDER_CLASS)
      for (const name of strings(
        typeof props.className === "string" ? props.className.split(/\s+/) : [],
      )) {
        if (name !== "") element.classList.add(name)
      }
      for (const [name, value] of Object.entries(props)) {
        if (name === "className" || name === "children") continue
        if (typeof value === "string" && /^[A-Za-z][A-Za-z0-9-]*$/.test(name)) {
          element.setAttribute(name, value)
        }
      }
      if (typeof props.children === "string") element.textContent = props.children
      else if (componentName !== undefined) element.textContent = `<${componentName} />`
      const beforeId = str(fields.beforeCodebaseId)
      const afterId = str(fields.afterCodebaseId)
      let before: Element | null = null
      if (beforeId !== undefined) {
        before = [...parent.children].find((child) => child.classList.contains(beforeId)) ?? null
        if (!before) console.warn("Cannot find element to insert before", beforeId)
      } else if (afterId !== undefined) {
        const after = [...parent.children].find((child) => child.classList.contains(afterId))
        before = after ? after.nextElementSibling : null
      }
      insertAt(parent, element, before)
      addedIds.push(placeholderId)
    }
    const unique = [...new Set(addedIds)]
    remember(changeId, () => removeInserted(unique))
    return { changeId, successful: unique.length > 0, instantUpdateData: { addedIds: unique } }
  }

  const forward = (
    changeId: string,
    type: string,
    fields: unknown,
    css?: ClassCss,
  ): InstantUpdateResult => {
    const record = isRecord(fields) ? fields : {}
    switch (type) {
      case "REMOVE_JSX":
        return removeJsx(changeId, record)
      case "ADD_CLASS":
        return addClass(changeId, record, css)
      case "STYLING":
        return styling(changeId, record)
      case "UPDATE_CLASSES":
        return updateClasses(changeId, record)
      case "ADD_JSX":
        return addJsx(changeId, record)
      default:
        return { changeId, successful: false }
    }
  }

  // ---- reversing a preview (undo) ------------------------------------------------------------

  const reinsert = (
    changeId: string,
    parentKey: string,
    entry: { elementKeyRemoved: string; outerHTML: string },
  ) => {
    const still = deps
      .elementsForKey(entry.elementKeyRemoved)
      .find((e) => e.classList.contains(REMOVED_CLASS))
    if (still) {
      still.classList.remove(REMOVED_CLASS)
      return true
    }
    const parent = deps.elementsForKey(parentKey)[0]
    if (!parent) {
      console.error("Could not find new parent element for instant update", parentKey)
      return false
    }
    const template = doc.createElement("template")
    template.innerHTML = entry.outerHTML
    const copy = template.content.firstElementChild
    if (!copy) return false
    copy.classList.remove(REMOVED_CLASS)
    copy.classList.add(PLACEHOLDER_CLASS)
    const index = Number(parseKey(entry.elementKeyRemoved)?.uniquePath.split("-").at(-1) ?? NaN)
    insertAt(parent, copy, Number.isInteger(index) ? (parent.children[index] ?? null) : null)
    remember(changeId, () => copy.remove())
    return true
  }

  /**
   * An in-place text edit's preview is the text typed into the element: it goes back to the old
   * text (the server refused it, or undo). Only an element still showing the new text, holding no
   * elements, is touched; its text node keeps its identity, which React still holds.
   */
  const revertText = (changeId: string, target: ChangeItem): InstantUpdateResult => {
    const fields = isRecord(target.changeFields) ? target.changeFields : {}
    const { codebaseIdToEditText: id, oldText, newText } = fields
    if (typeof id !== "string" || typeof oldText !== "string" || typeof newText !== "string") {
      return { changeId, successful: false }
    }
    let successful = false
    for (const element of deps.elementsFor(id)) {
      if (element.textContent !== newText || element.children.length > 0) continue
      const nodes = [...element.childNodes]
      const only = nodes[0]
      if (nodes.length === 1 && only?.nodeType === Node.TEXT_NODE) only.nodeValue = oldText
      else element.textContent = oldText
      successful = true
    }
    return { changeId, successful }
  }

  /** A move's preview is the frame's temporary move (tempMoveElement): it is taken back. */
  const revertMove = (changeId: string, target: ChangeItem): InstantUpdateResult => {
    const fields = isRecord(target.changeFields) ? target.changeFields : {}
    const id = fields.codebaseIdToMove
    if (typeof id !== "string") return { changeId, successful: false }
    const successful = temporaries.takeBack((name) => name.startsWith(tempMoveName(`TE_${id}_`)))
    return { changeId, successful }
  }

  const reverse = (changeId: string, target: ChangeItem): InstantUpdateResult => {
    if (target.type === "EDIT_TEXT") return revertText(changeId, target)
    if (target.type === "MOVE_JSX") return revertMove(changeId, target)
    const data = target.instantUpdateData
    if (!data) return { changeId, successful: false }
    let successful = false
    switch (target.type) {
      case "REMOVE_JSX":
        for (const [parentKey, entries] of Object.entries(data.parentToElementKeysRemoved ?? {})) {
          for (const entry of entries)
            successful = reinsert(changeId, parentKey, entry) || successful
        }
        break
      case "ADD_CLASS":
      case "STYLING": {
        const { addedClass, codebaseAddedClass } = data
        if (addedClass === undefined) break
        const elements = codebaseAddedClass ? deps.elementsFor(codebaseAddedClass) : []
        for (const element of elements) element.classList.remove(addedClass)
        const carrier = `${TEMPORARY_CLASS_PREFIX}${sanitiseClassName(addedClass)}`
        removeClassEverywhere(carrier)
        removeRulesFor(carrier)
        if (isTemporaryClass(addedClass)) {
          removeClassEverywhere(addedClass)
          removeRulesFor(addedClass)
          for (const element of elements) element.classList.remove(TEMPORARY_STYLING_CLASS)
        }
        successful = elements.length > 0 || isTemporaryClass(addedClass)
        break
      }
      case "UPDATE_CLASSES": {
        const id = data.codebaseIdToUpdateClass
        if (id === undefined) break
        const oldClasses = data.oldClasses ?? []
        const newClasses = data.newClasses ?? []
        const elements = deps.elementsFor(id)
        for (const element of elements) {
          setClasses(
            element,
            newClasses.filter((name) => !oldClasses.includes(name)),
            oldClasses,
          )
        }
        successful = elements.length > 0
        break
      }
      case "ADD_JSX": {
        const ids = data.addedIds ?? []
        for (const id of ids) {
          for (const element of deps.elementsFor(id)) {
            if (element.classList.contains(PLACEHOLDER_CLASS)) element.remove()
            else element.classList.add(REMOVED_CLASS)
          }
        }
        successful = ids.length > 0
        break
      }
      default:
        break
    }
    return { changeId, successful, instantUpdateData: data }
  }

  const asChangeItem = (value: unknown): ChangeItem | undefined => {
    if (!isRecord(value) || typeof value.id !== "string" || typeof value.type !== "string")
      return undefined
    return value as unknown as ChangeItem
  }

  return {
    apply: (item, css) => {
      const fields = isRecord(item.changeFields) ? item.changeFields : {}
      if (item.type === "UNDO") {
        const target = asChangeItem(fields.changeToUndo)
        return target ? reverse(item.id, target) : { changeId: item.id, successful: false }
      }
      if (item.type === "REDO") {
        const target = asChangeItem(fields.changeToRedo)
        return target
          ? forward(item.id, target.type, target.changeFields, css)
          : { changeId: item.id, successful: false }
      }
      return forward(item.id, item.type, item.changeFields, css)
    },
    markQueueForDeletion: temporaries.markQueueForDeletion,
    hotReloaded: temporaries.hotReloaded,
    awaitVersions: temporaries.awaitVersions,
    cleanupDue: temporaries.cleanupDue,
    cleanupAll: temporaries.cleanupAll,
    pending: temporaries.pending,
    track: remember,
    sheet,
  }
}

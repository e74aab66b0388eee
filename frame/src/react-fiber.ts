/**
 * Reading React's fibers off DOM elements (React 17–19 keep them under `__reactFiber$<random>`).
 * Everything here is duck-typed and read-only: the frame never writes into React's state.
 */
import { CODEBASE_ID_PROP } from "./codebase-ids.ts"

export interface Fiber {
  readonly tag: number
  readonly type: unknown
  readonly memoizedProps: unknown
  readonly memoizedState: unknown
  readonly stateNode: unknown
  readonly return: Fiber | null
  readonly alternate: Fiber | null
}

// React's work tags for the fibers the frame cares about.
const HOST_ROOT = 3
const HOST_TAGS = new Set([5, 26, 27]) // HostComponent, HostHoistable, HostSingleton
const CLASS_COMPONENT = 1

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null

const asFiber = (value: unknown): Fiber | undefined =>
  isObject(value) && typeof value.tag === "number" && "return" in value
    ? (value as unknown as Fiber)
    : undefined

/** The key the last fiber was found under: one React root uses one for all its elements. */
let lastFiberKey: string | undefined

export const fiberOf = (element: Element): Fiber | undefined => {
  const fields = element as unknown as Record<string, unknown>
  if (lastFiberKey !== undefined && lastFiberKey in fields) return asFiber(fields[lastFiberKey])
  // Indexed: for-of made an iterator per element (on a page without React, every element).
  const keys = Object.keys(element)
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i] as string
    if (key.startsWith("__reactFiber$") || key.startsWith("__reactInternalInstance$")) {
      lastFiberKey = key
      return asFiber(fields[key])
    }
  }
  return undefined
}

export const propsOf = (fiber: Fiber): Record<string, unknown> =>
  isObject(fiber.memoizedProps) ? fiber.memoizedProps : {}

/** A component's name: displayName, the function's name, or that of a memo/forwardRef inner. */
export const componentName = (type: unknown, depth = 0): string | undefined => {
  if (depth > 3) return undefined
  if (typeof type === "function") {
    const named = type as { displayName?: unknown; name?: unknown }
    if (typeof named.displayName === "string" && named.displayName !== "") return named.displayName
    return typeof named.name === "string" && named.name !== "" ? named.name : undefined
  }
  if (isObject(type)) {
    if (typeof type.displayName === "string" && type.displayName !== "") return type.displayName
    return componentName(type.type ?? type.render, depth + 1)
  }
  return undefined
}

export const isComponentFiber = (fiber: Fiber): boolean =>
  typeof fiber.type === "function" || (isObject(fiber.type) && fiber.tag !== HOST_ROOT)

export const isHostFiber = (fiber: Fiber): boolean => HOST_TAGS.has(fiber.tag)

/** The codebase id the Vite plugin put on a component element, from its props. */
export const componentCodebaseId = (fiber: Fiber): string | undefined => {
  const value = propsOf(fiber)[CODEBASE_ID_PROP]
  return typeof value === "string" ? value : undefined
}

/**
 * The component fibers between a DOM element and its nearest host ancestor, outermost first:
 * the component elements that rendered this element as (part of) their output.
 */
export const componentFibersAbove = (element: Element): ReadonlyArray<Fiber> =>
  componentFibersOver(fiberOf(element)).chain

/** The chain of an element no component rendered directly (most of them): one shared array. */
const NO_FIBERS: ReadonlyArray<Fiber> = Object.freeze([])

/**
 * The component fibers above an element's own fiber, outermost first, and the fiber the walk
 * stopped at: the nearest host fiber (or the root) above them, null when the walk ran out.
 */
export const componentFibersOver = (
  own: Fiber | undefined,
): { readonly chain: ReadonlyArray<Fiber>; readonly stop: Fiber | null } => {
  let chain: Array<Fiber> | undefined
  let fiber = own?.return ?? null
  for (; fiber !== null; fiber = fiber.return) {
    if (isHostFiber(fiber) || fiber.tag === HOST_ROOT) break
    if (isComponentFiber(fiber)) (chain ??= []).push(fiber)
  }
  return { chain: chain ? chain.reverse() : NO_FIBERS, stop: fiber }
}

/**
 * Whether `stop` (from componentFibersOver) stands for the DOM element `parent`: its host fiber,
 * or the root whose container it is. Not so for a portal's elements, whose component fibers
 * belong to a host elsewhere in the page.
 */
export const isHostFiberOf = (stop: Fiber | null, parent: Element | null): boolean => {
  if (stop === null || parent === null) return false
  if (stop.tag === HOST_ROOT) {
    const root = stop.stateNode
    return isObject(root) && root.containerInfo === parent
  }
  const own = fiberOf(parent)
  return own !== undefined && (own === stop || own === stop.alternate || own.alternate === stop)
}

/** Every component fiber from the element up to the root, nearest first. */
export const componentAncestors = (element: Element): Array<Fiber> => {
  const chain: Array<Fiber> = []
  for (let fiber = fiberOf(element)?.return ?? null; fiber !== null; fiber = fiber.return) {
    if (isComponentFiber(fiber)) chain.push(fiber)
  }
  return chain
}

/** The values of a component's state: useState/useReducer hooks, or a class's this.state. */
export const stateOf = (fiber: Fiber): unknown => {
  if (fiber.tag === CLASS_COMPONENT && isObject(fiber.stateNode)) return fiber.stateNode.state
  const states: Array<unknown> = []
  let hook: unknown = fiber.memoizedState
  for (let guard = 0; isObject(hook) && guard < 1000; guard += 1) {
    // Hooks with a dispatch queue are state hooks; effects, refs and memos have none.
    if (isObject(hook.queue) && "dispatch" in hook.queue) states.push(hook.memoizedState)
    hook = hook.next
  }
  return states
}

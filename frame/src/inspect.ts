/** inspectElement (§7): a component's props and state, as the parent's inspector shows them. */
import { INSPECT_ERRORS } from "./protocol.ts"
import {
  componentAncestors,
  componentCodebaseId,
  componentName,
  fiberOf,
  propsOf,
  stateOf,
} from "./react-fiber.ts"
import { toInspectValue } from "./values.ts"

export interface InspectRequest {
  readonly componentName?: unknown
  readonly isComponent?: unknown
  readonly tempoElementID?: unknown
  readonly componentElementId?: unknown
}

export type InspectReply =
  | { readonly id: string; readonly props: Record<string, unknown>; readonly state: unknown }
  | { readonly error: string }

const mapValues = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(toInspectValue)
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, toInspectValue(item)]),
    )
  }
  return toInspectValue(value)
}

export const inspectElement = (
  request: InspectRequest,
  findElements: (id: string) => Array<Element>,
): InspectReply => {
  const name = request.componentName
  if (typeof name !== "string" || name === "") return { error: INSPECT_ERRORS.noComponentName }
  const elementId = typeof request.tempoElementID === "string" ? request.tempoElementID : ""
  const element = elementId === "" ? undefined : findElements(elementId)[0]
  if (!element) return { error: INSPECT_ERRORS.noElement }
  if (!fiberOf(element)) return { error: INSPECT_ERRORS.noComponentFound }
  const wanted =
    typeof request.componentElementId === "string" ? request.componentElementId : undefined
  const candidates = componentAncestors(element).filter(
    (fiber) => componentName(fiber.type) === name,
  )
  const exact = wanted ? candidates.filter((fiber) => componentCodebaseId(fiber) === wanted) : []
  const pool = exact.length > 0 ? exact : candidates
  const fiber = pool[0]
  if (!fiber) return { error: INSPECT_ERRORS.noComponent }
  if (pool.length > 1) console.warn("Warning: more than 1 component found", name)
  const props: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(propsOf(fiber))) {
    if (key !== "children") props[key] = toInspectValue(value)
  }
  return {
    id: componentCodebaseId(fiber) ?? wanted ?? elementId,
    props,
    state: mapValues(stateOf(fiber)),
  }
}

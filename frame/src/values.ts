import { FUNCTION_MARKER, OBJECT_MARKER } from "./protocol.ts"

export type PropType = "LITERAL" | "FUNCTION" | "JSON_OBJECT"
export interface NavProp {
  readonly value: unknown
  readonly type: PropType
}

/** How much of a prop value is copied for the nav tree and inspectElement. */
const PROP_LIMITS = { maxDepth: 4, maxKeys: 50 }

/** A copy safe to post and to print: functions and deep or cyclic parts become markers. */
export const toPlainValue = (
  value: unknown,
  depth = 0,
  seen = new Set<object>(),
  limits: { readonly maxDepth: number; readonly maxKeys: number } = PROP_LIMITS,
): unknown => {
  if (typeof value === "function") return FUNCTION_MARKER
  if (typeof value === "bigint" || typeof value === "symbol") return String(value)
  if (typeof value !== "object" || value === null) return value
  if (depth >= limits.maxDepth || seen.has(value) || value instanceof Node) return OBJECT_MARKER
  seen.add(value)
  if (Array.isArray(value)) {
    return value.slice(0, limits.maxKeys).map((item) => toPlainValue(item, depth + 1, seen, limits))
  }
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value).slice(0, limits.maxKeys)) {
    // React elements point at their owner fiber: a walk up the whole tree.
    if (key === "_owner" || key === "_store") continue
    copy[key] = toPlainValue((value as Record<string, unknown>)[key], depth + 1, seen, limits)
  }
  return copy
}

/** Inspect replies (§3): object values become the object marker, functions the function marker. */
export const toInspectValue = (value: unknown): unknown => {
  if (typeof value === "function") return FUNCTION_MARKER
  if (typeof value === "object" && value !== null) return OBJECT_MARKER
  return value
}

export const navProp = (value: unknown): NavProp => {
  if (typeof value === "function") {
    const name = (value as { name?: unknown }).name
    return {
      value: typeof name === "string" && name !== "" ? name : FUNCTION_MARKER,
      type: "FUNCTION",
    }
  }
  if (typeof value === "object" && value !== null) {
    return { value: toPlainValue(value), type: "JSON_OBJECT" }
  }
  return { value: toPlainValue(value), type: "LITERAL" }
}

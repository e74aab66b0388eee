/**
 * The answers the server wrote into the page for its first screen (adapters/http/first-screen.ts):
 * `GET path?query` → the route's status and body. Each is used once, by the first call for it made while
 * the page is starting; later calls (a refetch, a page opened much later) go to the API.
 */

/** The element's id, as the server writes it. */
export const FIRST_SCREEN_ID = "colorday-first-screen"

/** How long after the page started its answers count as current. */
export const FIRST_SCREEN_FRESH_MS = 10_000

export interface InPageAnswer {
  readonly status: number
  readonly body: unknown
}

let answers: Map<string, InPageAnswer> | undefined

const read = (): Map<string, InPageAnswer> => {
  const found = new Map<string, InPageAnswer>()
  const element = typeof document === "undefined" ? null : document.getElementById(FIRST_SCREEN_ID)
  if (!element?.textContent) return found
  try {
    const parsed = JSON.parse(element.textContent) as Record<string, InPageAnswer>
    for (const [path, answer] of Object.entries(parsed)) {
      if (typeof answer?.status === "number") found.set(path, answer)
    }
  } catch {
    // A damaged block is no answer: the page asks the API.
  }
  element.remove()
  return found
}

/**
 * Whether the answer written under `key` (the path, then the query as the server wrote it) is the
 * one for this call: the same path and the same query values, whatever their order; a value the
 * call leaves empty is one it does not send.
 */
const isAnswerFor = (
  key: string,
  path: string,
  query: Readonly<Record<string, unknown>> | undefined,
) => {
  const written = new URL(key, "http://in-page.invalid")
  if (written.pathname !== path) return false
  const sent = Object.entries(query ?? {}).filter(([, value]) => value != null && value !== "")
  return (
    sent.length === [...written.searchParams.keys()].length &&
    sent.every(([name, value]) => written.searchParams.get(name) === String(value))
  )
}

/** The page's answer for `GET path` with this query, once; undefined when there is none (any more). */
export const takeInPageAnswer = (
  method: string,
  path: string,
  query: Readonly<Record<string, unknown>> | undefined,
): InPageAnswer | undefined => {
  if (method !== "GET") return undefined
  answers ??= read()
  for (const [key, answer] of answers) {
    if (!isAnswerFor(key, path, query)) continue
    answers.delete(key)
    return performance.now() <= FIRST_SCREEN_FRESH_MS ? answer : undefined
  }
  return undefined
}

/**
 * The answers the server wrote into the page for its first screen (adapters/http/first-screen.ts):
 * `GET path` → the route's status and body. Each is used once, by the first call for it made while
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

/** The page's answer for `GET path` without a query, once; undefined when there is none (any more). */
export const takeInPageAnswer = (
  method: string,
  path: string,
  query: Readonly<Record<string, unknown>> | undefined,
): InPageAnswer | undefined => {
  if (method !== "GET" || Object.values(query ?? {}).some((value) => value != null && value !== ""))
    return undefined
  answers ??= read()
  const answer = answers.get(path)
  if (answer === undefined) return undefined
  answers.delete(path)
  return performance.now() <= FIRST_SCREEN_FRESH_MS ? answer : undefined
}

/**
 * How the frame is switched on and which URL flags it honours (§2).
 *
 * Activation needs an allowed parent origin, from (first match wins):
 * 1. the global `window.__COLORDAY_FRAME__ = { parentOrigin: "http://localhost:4100" }`, set by
 *    the page before the frame module runs (the Vite plugin or the app's index.html);
 * 2. the query flag `colordayParentOrigin=<origin>` on the iframe's URL, honoured only for a
 *    loopback origin (localhost, 127.0.0.1, [::1]): a URL anyone can write must not let a remote
 *    site embed a developer's app and read its tree.
 * and the page must be in an iframe whose parent is at that origin (`location.ancestorOrigins`,
 * else the referrer's origin). Otherwise the frame does nothing at all.
 */

export const PARENT_ORIGIN_FLAG = "colordayParentOrigin"

export interface FrameGlobalConfig {
  readonly parentOrigin?: string
}

declare global {
  interface Window {
    __COLORDAY_FRAME__?: FrameGlobalConfig
  }
}

export interface UrlFlags {
  /** framework=VITE: errors go to Vite's development error overlay. */
  readonly viteOverlay: boolean
  /** storyboard=true: the root element fills the viewport. */
  readonly storyboard: boolean
  /** type=STORY or type=COMPONENT: transparent body and document, overflow hidden. */
  readonly transparent: boolean
  readonly debugLog: boolean
  /** Storyboard id for element keys (the query flag storyboardId, else "app"). */
  readonly storyboardId: string
}

export const DEFAULT_STORYBOARD_ID = "app"

export const readUrlFlags = (search: string): UrlFlags => {
  const query = new URLSearchParams(search)
  const type = query.get("type")
  const storyboardId = query.get("storyboardId")
  return {
    viteOverlay: query.get("framework") === "VITE",
    storyboard: query.get("storyboard") === "true",
    transparent: type === "STORY" || type === "COMPONENT",
    debugLog: query.get("debugLog") === "true",
    storyboardId:
      storyboardId !== null && /^[A-Za-z0-9-]+$/.test(storyboardId)
        ? storyboardId
        : DEFAULT_STORYBOARD_ID,
  }
}

const originOf = (url: string): string | undefined => {
  try {
    const origin = new URL(url).origin
    return origin === "null" ? undefined : origin
  } catch {
    return undefined
  }
}

export const isLoopbackOrigin = (origin: string): boolean => {
  try {
    const { hostname, protocol } = new URL(origin)
    return (
      (protocol === "http:" || protocol === "https:") &&
      (hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]")
    )
  } catch {
    return false
  }
}

/** The parent origin the frame may talk to, or undefined when none is configured. */
export const allowedParentOrigin = (
  global: FrameGlobalConfig | undefined,
  search: string,
): string | undefined => {
  const configured = global?.parentOrigin
  if (typeof configured === "string") return originOf(configured)
  const flag = new URLSearchParams(search).get(PARENT_ORIGIN_FLAG)
  if (flag === null) return undefined
  const origin = originOf(flag)
  return origin !== undefined && isLoopbackOrigin(origin) ? origin : undefined
}

/** What the page can tell of its parent's origin, or undefined when it cannot tell. */
export const observedParentOrigin = (win: Window): string | undefined => {
  const ancestors = win.location.ancestorOrigins as DOMStringList | undefined
  const first = ancestors && ancestors.length > 0 ? ancestors.item(0) : null
  if (first !== null) return originOf(first)
  return win.document.referrer === "" ? undefined : originOf(win.document.referrer)
}

export interface Activation {
  readonly parentOrigin: string
  readonly flags: UrlFlags
}

/**
 * Where the query that switched the frame on is kept for the tab (session storage, the app's
 * origin): an app with a router drops the query at its first navigation, and a reload after that
 * (the editor's refresh, a Vite full reload) must still find the frame's settings.
 */
export const ACTIVATION_KEY = "colorday-frame:activation"

const storage = (win: Window): Storage | undefined => {
  try {
    return win.sessionStorage
  } catch {
    return undefined // storage refused (sandboxed frame, privacy settings)
  }
}

/** The query the frame was last switched on with in this tab, if any. */
const storedSearch = (win: Window): string | undefined => {
  try {
    const value = storage(win)?.getItem(ACTIVATION_KEY)
    return value?.startsWith("?") ? value : undefined
  } catch {
    return undefined
  }
}

/** The frame's settings when it should run in this window, else undefined (touching nothing). */
export const activation = (win: Window): Activation | undefined => {
  if (win.parent === win) return undefined
  const fromUrl = allowedParentOrigin(undefined, win.location.search) !== undefined
  // This URL's query, else the one kept from this tab's first load (see ACTIVATION_KEY).
  const search = fromUrl ? win.location.search : (storedSearch(win) ?? win.location.search)
  const parentOrigin = allowedParentOrigin(win.__COLORDAY_FRAME__, search)
  if (parentOrigin === undefined) return undefined
  if (observedParentOrigin(win) !== parentOrigin) return undefined
  if (fromUrl) {
    try {
      storage(win)?.setItem(ACTIVATION_KEY, win.location.search)
    } catch {
      // Without storage the frame still runs; only a later reload without the query will not.
    }
  }
  return { parentOrigin, flags: readUrlFlags(search) }
}

export type DebugLog = (...args: ReadonlyArray<unknown>) => void

export const debugLogger =
  (enabled: boolean): DebugLog =>
  (...args) => {
    if (enabled) console.debug("[colorday frame]", ...args)
  }

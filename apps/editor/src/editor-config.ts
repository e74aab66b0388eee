/**
 * What the editor is opened on, from its own URL (the one `colorday editor` prints):
 *
 *   /editor/?canvas=sample&app=http%3A%2F%2F127.0.0.1%3A5173%2F#token=…
 *
 * - `canvas`: the canvas id the server's /canvases API knows;
 * - `app`: the address of the app's dev server, shown in the iframe (http or https only);
 * - `#token`: the editor token, in the fragment so that it never reaches a server log or a
 *   Referer header. It is kept in session storage (this tab only) and taken off the address bar
 *   at once. Without a token the editor calls the API with the admin session's cookie.
 */

export const TOKEN_STORAGE_KEY = "colorday-editor:token"

export interface EditorConfig {
  readonly canvasId: string
  /** The app's URL as the iframe loads it (with the frame's flags). */
  readonly appUrl: string
  /** The app's origin: the only origin messages go to and are accepted from. */
  readonly appOrigin: string
  readonly token: string | null
}

export type ConfigProblem = { readonly problem: string }

const CANVAS_ID = /^[A-Za-z0-9_-]+$/

const storage = (win: Window): Storage | undefined => {
  try {
    return win.sessionStorage
  } catch {
    return undefined
  }
}

/** The app's URL with the flags the frame reads: our origin (to talk to) and Vite's overlay. */
export const frameUrl = (app: URL, parentOrigin: string): string => {
  const url = new URL(app.href)
  url.searchParams.set("colordayParentOrigin", parentOrigin)
  url.searchParams.set("framework", "VITE")
  return url.href
}

export const readEditorConfig = (win: Window): EditorConfig | ConfigProblem => {
  const query = new URLSearchParams(win.location.search)
  const fragment = new URLSearchParams(win.location.hash.replace(/^#/, ""))
  const store = storage(win)
  const given = fragment.get("token")
  if (given !== null) {
    store?.setItem(TOKEN_STORAGE_KEY, given)
    // Off the address bar (and out of history) now that it is kept.
    win.history.replaceState(
      win.history.state,
      "",
      `${win.location.pathname}${win.location.search}`,
    )
  }
  const token = given ?? store?.getItem(TOKEN_STORAGE_KEY) ?? null

  const canvasId = query.get("canvas")
  if (canvasId === null || !CANVAS_ID.test(canvasId)) {
    return {
      problem:
        "No canvas to edit. Open the editor from the address `colorday editor` prints (it ends in ?canvas=…&app=…).",
    }
  }
  const appText = query.get("app")
  let app: URL | undefined
  try {
    app = appText === null ? undefined : new URL(appText)
  } catch {
    app = undefined
  }
  if (!app || (app.protocol !== "http:" && app.protocol !== "https:")) {
    return { problem: "The address has no app to show (app=http://… of its dev server)." }
  }
  return {
    canvasId,
    appUrl: frameUrl(app, win.location.origin),
    appOrigin: app.origin,
    token: token === "" ? null : token,
  }
}

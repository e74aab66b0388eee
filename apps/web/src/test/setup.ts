import "fake-indexeddb/auto"
import { IDBFactory } from "fake-indexeddb"
import { cleanup, configure } from "@testing-library/react"
import { afterAll, afterEach, beforeAll } from "vitest"
import { server } from "./server.ts"
// The apps' catalogs, as their main.tsx loads them; every test starts in English.
import { i18n } from "../../../ui/src/i18n.tsx"
import "../i18n.ts"
import "../../../admin/src/i18n.ts"

// findBy… and waitFor wait up to 5 s, not 1: on a loaded 2-core machine a lazily loaded part (a
// toast's view, a dialog) can take longer than a second to compile the first time. A screen that
// never shows the text still fails.
configure({ asyncUtilTimeout: 5000 })

// Every request a screen makes must be answered by a handler the test set: an unexpected call fails.
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  cleanup()
  i18n.activate("en")
  server.resetHandlers()
  window.localStorage.clear()
  window.sessionStorage.clear()
  // A fresh, empty IndexedDB (a photo kept for a checkout must not reach the next test).
  globalThis.indexedDB = new IDBFactory()
})
afterAll(() => server.close())

// The web tier runs its files in one document per worker (vitest.config.ts, isolate: false): each
// file starts as it would in a fresh one, at /, with an empty body and no attributes a page or a
// dialog left (the page's language, Radix's scroll lock).
beforeAll(() => {
  window.history.replaceState(null, "", "/")
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name)
  }
  document.body.replaceChildren()
  document.title = ""
})

// The parts the apps load in chunks of their own when a page is idle (apps/ui/src/idle-preload.ts):
// transformed once before the tests, so a toast or a dialog shows as soon as it opens instead of
// waiting for Vite to compile its module on a busy machine.
// jsdom has no requestIdleCallback: "idle" is the next turn here, so those chunks are there before
// a test opens what they hold.
window.requestIdleCallback = (callback) =>
  window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 }), 0)
window.cancelIdleCallback = (handle) => window.clearTimeout(handle)
beforeAll(async () => {
  await Promise.all([
    import("../../../ui/src/toast-view.tsx"),
    import("../screens/home/SubmissionFlow.tsx"),
    import("../screens/home/DownloadDialog.tsx"),
    import("../screens/home/BelowTheFold.tsx"),
  ])
})

// jsdom lays nothing out: scrolling is a no-op that screens may still call.
window.scrollTo = () => {}
Element.prototype.scrollIntoView = function scrollIntoView() {}

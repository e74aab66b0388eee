import "fake-indexeddb/auto"
import { IDBFactory } from "fake-indexeddb"
import { cleanup } from "@testing-library/react"
import { afterAll, afterEach, beforeAll } from "vitest"
import { server } from "./server.ts"

// Every request a screen makes must be answered by a handler the test set: an unexpected call fails.
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  window.localStorage.clear()
  window.sessionStorage.clear()
  // A fresh, empty IndexedDB (a photo kept for a checkout must not reach the next test).
  globalThis.indexedDB = new IDBFactory()
})
afterAll(() => server.close())

// jsdom lays nothing out: scrolling is a no-op that screens may still call.
window.scrollTo = () => {}
Element.prototype.scrollIntoView = function scrollIntoView() {}

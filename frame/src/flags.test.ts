import { describe, expect, it } from "vitest"
import { activation, allowedParentOrigin, readUrlFlags } from "./flags.ts"

const fakeWindow = (options: {
  inFrame?: boolean
  search?: string
  ancestor?: string
  referrer?: string
  global?: { parentOrigin?: string }
  storage?: Map<string, string>
}): Window => {
  const stored = options.storage ?? new Map<string, string>()
  const win: Record<string, unknown> = {
    location: {
      search: options.search ?? "",
      ancestorOrigins:
        options.ancestor === undefined
          ? undefined
          : { length: 1, item: () => options.ancestor, contains: () => true },
    },
    document: { referrer: options.referrer ?? "" },
    __COLORDAY_FRAME__: options.global,
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
  }
  win.parent = options.inFrame === false ? win : {}
  return win as unknown as Window
}

describe("activation", () => {
  it("runs inside an iframe whose parent is at the origin the page was given", () => {
    const win = fakeWindow({
      global: { parentOrigin: "https://editor.example/" },
      ancestor: "https://editor.example",
    })
    expect(activation(win)?.parentOrigin).toBe("https://editor.example")
  })

  it("does nothing on a normal page load, or under a parent at another origin", () => {
    const config = { parentOrigin: "https://editor.example" }
    expect(
      activation(
        fakeWindow({ inFrame: false, global: config, ancestor: "https://editor.example" }),
      ),
    ).toBeUndefined()
    expect(
      activation(fakeWindow({ global: config, ancestor: "https://evil.example" })),
    ).toBeUndefined()
    expect(
      activation(fakeWindow({ global: config, referrer: "https://evil.example/page" })),
    ).toBeUndefined()
    // Nothing to tell the parent's origin by: not run.
    expect(activation(fakeWindow({ global: config }))).toBeUndefined()
    // No allowed origin configured at all.
    expect(activation(fakeWindow({ ancestor: "https://editor.example" }))).toBeUndefined()
  })

  it("falls back to the referrer's origin where ancestorOrigins is missing", () => {
    const win = fakeWindow({
      global: { parentOrigin: "http://localhost:4100" },
      referrer: "http://localhost:4100/editor?x=1",
    })
    expect(activation(win)?.parentOrigin).toBe("http://localhost:4100")
  })

  it("takes the query flag only for a loopback origin, and the global over it", () => {
    const flag = (origin: string) => `?colordayParentOrigin=${encodeURIComponent(origin)}`
    expect(allowedParentOrigin(undefined, flag("http://localhost:4100"))).toBe(
      "http://localhost:4100",
    )
    expect(allowedParentOrigin(undefined, flag("http://127.0.0.1:9"))).toBe("http://127.0.0.1:9")
    expect(allowedParentOrigin(undefined, flag("https://evil.example"))).toBeUndefined()
    expect(allowedParentOrigin(undefined, flag("not a url"))).toBeUndefined()
    expect(
      allowedParentOrigin({ parentOrigin: "https://editor.example" }, flag("http://localhost:1")),
    ).toBe("https://editor.example")
  })
})

describe("activation after the app's router dropped the query", () => {
  const editor = "http://127.0.0.1:3000"
  const query = `?colordayParentOrigin=${encodeURIComponent(editor)}&framework=VITE&debugLog=true`

  it("keeps the query it was switched on with for the tab, flags included", () => {
    const tab = new Map<string, string>()
    expect(activation(fakeWindow({ search: query, ancestor: editor, storage: tab }))).toBeDefined()
    // A client-side navigation to /tasks/2, then a reload: no query any more.
    const again = activation(fakeWindow({ search: "", ancestor: editor, storage: tab }))
    expect(again?.parentOrigin).toBe(editor)
    expect(again?.flags).toMatchObject({ viteOverlay: true, debugLog: true })
  })

  it("still needs the parent at that origin, and a tab that was never switched on stays off", () => {
    const tab = new Map<string, string>()
    activation(fakeWindow({ search: query, ancestor: editor, storage: tab }))
    expect(
      activation(fakeWindow({ search: "", ancestor: "http://127.0.0.1:9999", storage: tab })),
    ).toBeUndefined()
    expect(activation(fakeWindow({ search: "", ancestor: editor }))).toBeUndefined()
    expect(activation(fakeWindow({ inFrame: false, search: "", storage: tab }))).toBeUndefined()
  })

  it("runs without session storage, switched on by the query alone", () => {
    const win = fakeWindow({ search: query, ancestor: editor })
    Object.defineProperty(win, "sessionStorage", {
      get: () => {
        throw new Error("SecurityError")
      },
    })
    expect(activation(win)?.parentOrigin).toBe(editor)
  })
})

describe("URL flags", () => {
  it("reads framework=VITE, storyboard=true, type=STORY|COMPONENT and debugLog=true", () => {
    expect(readUrlFlags("?framework=VITE&storyboard=true&type=STORY&debugLog=true")).toEqual({
      viteOverlay: true,
      storyboard: true,
      transparent: true,
      debugLog: true,
      storyboardId: "app",
    })
    expect(readUrlFlags("?type=COMPONENT").transparent).toBe(true)
    expect(readUrlFlags("?type=PAGE&framework=NEXT&storyboard=1&debugLog=yes")).toEqual({
      viteOverlay: false,
      storyboard: false,
      transparent: false,
      debugLog: false,
      storyboardId: "app",
    })
    expect(readUrlFlags("?storyboardId=home-1").storyboardId).toBe("home-1")
    expect(readUrlFlags("?storyboardId=bad_id!").storyboardId).toBe("app")
  })
})

describe("the entry on a normal page load", () => {
  it("touches nothing: no overlay, no style, no listeners answering messages", async () => {
    const before = document.documentElement.outerHTML
    await import("./main.ts")
    expect(document.documentElement.outerHTML).toBe(before)
    expect(document.querySelector("[data-colorday-frame]")).toBeNull()
  })
})

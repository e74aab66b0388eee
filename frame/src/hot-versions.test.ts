import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { readUrlFlags } from "./flags.ts"
import { type FrameController, startFrame } from "./frame.ts"
import { codebaseId, fakeClock, setBox } from "./frame.test-support.ts"
import {
  AFTER_UPDATE_EVENT,
  FILE_VERSION_EVENT,
  REFRESH_RENDER_WAIT_MS,
  UNNAMED_VERSION_WAIT_MS,
  updatedPaths,
} from "./hot-versions.ts"
import type { FrameMessage } from "./protocol.ts"

/**
 * The frame and a hot reload under way: the file's new version is announced as it changes on disk,
 * while the page still shows the old one until Vite has applied the module and React rendered it.
 * What the frame tells the parent in between must be true of the page, and the selection must
 * survive it; a click on an element the tree does not have yet brings a tree that has it at once.
 */

const PARENT_ORIGIN = "http://localhost:4100"
const MAIN = codebaseId(1)
const TITLE = codebaseId(2)
const NOTE = codebaseId(3)
const key = (id: string, path: string) => `TE_${id}_app_${path}`
const APP = "src/App.tsx"

let parentFrame: HTMLIFrameElement
let posted: Array<FrameMessage>
let frame: FrameController
let time: ReturnType<typeof fakeClock>
let hotHandlers: Map<string, (data: unknown) => void>

const sent = (type: string) => posted.filter((message) => message.type === type)
const last = (type: string) => sent(type).at(-1)
const el = (id: string) => document.querySelector<HTMLElement>(`.${id}`)!
const treeVersions = () =>
  (last("NAV_TREE")?.payload as { fileVersions: Record<string, string> } | undefined)?.fileVersions
const treeKeys = () => JSON.stringify((last("NAV_TREE")?.payload as { navTree: unknown }).navTree)
/** Lets the MutationObserver report (a microtask), then runs the build's animation frames. */
const settle = async () => {
  await Promise.resolve()
  for (let i = 0; i < 5 && time.pendingFrames() > 0; i += 1) time.runFrame()
  await frame.navTreeSettled()
}
const click = (element: Element) =>
  element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }))

const announce = (hash: string) => hotHandlers.get(FILE_VERSION_EVENT)?.({ path: APP, hash })
const applied = () =>
  hotHandlers.get(AFTER_UPDATE_EVENT)?.({
    type: "update",
    updates: [{ type: "js-update", path: `/${APP}`, acceptedPath: `/${APP}?t=1` }],
  })

beforeEach(async () => {
  document.body.innerHTML = `
    <div id="root">
      <main class="${MAIN}">
        <h1 class="${TITLE}">Title</h1>
        <p class="${NOTE}">Note</p>
      </main>
    </div>`
  parentFrame = document.createElement("iframe")
  document.documentElement.appendChild(parentFrame)
  posted = []
  vi.spyOn(parentFrame.contentWindow!, "postMessage").mockImplementation((message: unknown) => {
    posted.push(message as FrameMessage)
  })
  setBox(el(TITLE), { x: 0, y: 0, width: 400, height: 40 })
  setBox(el(NOTE), { x: 0, y: 50, width: 400, height: 20 })
  time = fakeClock()
  hotHandlers = new Map()
  frame = startFrame({
    win: window,
    parent: parentFrame.contentWindow!,
    parentOrigin: PARENT_ORIGIN,
    flags: readUrlFlags(""),
    clock: time.clock,
    hot: { on: (event, callback) => hotHandlers.set(event, callback) },
  })
  await settle()
})

afterEach(() => {
  frame.dispose()
  parentFrame.remove()
  vi.restoreAllMocks()
})

describe("a file's new version", () => {
  it("labels no tree until the page shows it: Vite applied its module and React rendered", async () => {
    announce("v2")
    // The page changes for another reason meanwhile, and its tree is built.
    el(NOTE).textContent = "Note!"
    time.advance(300)
    await settle()
    expect(treeVersions()).toEqual({})
    applied()
    time.advance(REFRESH_RENDER_WAIT_MS)
    time.advance(300)
    await settle()
    expect(treeVersions()).toEqual({ [APP]: "v2" })
  })

  it("counts as shown after a while when no update names it (a file the page does not import)", async () => {
    announce("v2")
    time.advance(UNNAMED_VERSION_WAIT_MS + 300)
    await settle()
    expect(treeVersions()).toEqual({ [APP]: "v2" })
  })

  it("keeps a selection renamed to the ids it brings through a tree built before it shows", async () => {
    click(el(NOTE))
    expect(frame.state.selectedElementKey).toBe(key(NOTE, "0-0-0-1"))
    const renamed = codebaseId(70)
    // The edit renamed the note; its hot reload is under way when the server's answer comes.
    announce("v2")
    frame.functions.updateCodebaseIds({ [NOTE]: renamed }, [{ path: APP, fileHash: "v2" }])
    // The page is left to React, which writes the new ids; the keys are renamed already.
    expect(el(NOTE).textContent).toBe("Note")
    expect(frame.state.selectedElementKey).toBe(key(renamed, "0-0-0-1"))
    await settle() // updateCodebaseIds builds a tree at once, on the page as it still is
    expect(treeKeys()).not.toContain(renamed)
    expect(frame.state.selectedElementKey).toBe(key(renamed, "0-0-0-1"))
    expect(sent("SELECTED_ELEMENT_KEY").map((message) => message.payload)).not.toContainEqual({
      elementKey: null,
    })
    // React renders the new version: the note, moved above the title, with its new id.
    const note = el(NOTE)
    note.classList.replace(NOTE, renamed)
    note.parentElement!.insertBefore(note, el(TITLE))
    applied()
    time.advance(REFRESH_RENDER_WAIT_MS + 300)
    await settle()
    expect(treeVersions()).toEqual({ [APP]: "v2" })
    expect(frame.state.selectedElementKey).toBe(key(renamed, "0-0-0-0"))
    expect(last("SELECTED_ELEMENT_KEY")?.payload).toEqual({
      elementKey: key(renamed, "0-0-0-0"),
    })
  })
})

describe("a click on an element the tree does not have yet", () => {
  it("brings a tree that has it at once, not after the rebuild delay", async () => {
    const added = codebaseId(80)
    const p = document.createElement("p")
    p.className = added
    p.textContent = "New"
    el(MAIN).appendChild(p)
    await Promise.resolve() // the MutationObserver schedules the usual rebuild, 300 ms away
    const trees = sent("NAV_TREE").length
    click(p)
    expect(last("SELECTED_ELEMENT_KEY")?.payload).toEqual({ elementKey: key(added, "0-0-0-2") })
    await settle()
    expect(sent("NAV_TREE")).toHaveLength(trees + 1)
    expect(treeKeys()).toContain(key(added, "0-0-0-2"))
  })

  it("builds nothing more when the tree has it", async () => {
    const trees = sent("NAV_TREE").length
    click(el(TITLE))
    await settle()
    expect(sent("NAV_TREE")).toHaveLength(trees)
  })
})

describe("updatedPaths", () => {
  it("reads the canvas paths of an afterUpdate payload, without query or leading slash", () => {
    expect(
      updatedPaths({
        updates: [{ path: "/src/App.tsx", acceptedPath: "/src/components/Header.tsx?t=12" }],
      }),
    ).toEqual(["src/App.tsx", "src/components/Header.tsx"])
    expect(updatedPaths({ type: "update" })).toEqual([])
    expect(updatedPaths(null)).toEqual([])
  })
})

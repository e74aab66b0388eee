import { compressToBase64 } from "lz-string"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { DRIVE_MODE_KEY } from "./drive-mode.ts"
import { readUrlFlags } from "./flags.ts"
import { FILE_VERSION_EVENT, type FrameController, startFrame } from "./frame.ts"
import { AFTER_UPDATE_EVENT, REFRESH_RENDER_WAIT_MS } from "./hot-versions.ts"
import { attachFiber, codebaseId, fakeClock, fiber, setBox } from "./frame.test-support.ts"
import { buildNavTree } from "./nav-tree.ts"
import type { FrameMessage } from "./protocol.ts"

const PARENT_ORIGIN = "http://localhost:4100"
const MAIN = codebaseId(1)
const TITLE = codebaseId(2)
const NOTE = codebaseId(3)
const BUTTON = codebaseId(4)
const INNER = codebaseId(5)
const key = (id: string, path: string) => `TE_${id}_app_${path}`
const MAIN_KEY = key(MAIN, "0-0-0")
const TITLE_KEY = key(TITLE, "0-0-0-0")
const NOTE_KEY = key(NOTE, "0-0-0-1")
const INNER_KEY = key(INNER, "0-0-0-2-1")

let parentFrame: HTMLIFrameElement
let parent: Window
let posted: Array<{ message: FrameMessage; origin: string }>
let frame: FrameController
let time: ReturnType<typeof fakeClock>
let hotHandlers: Map<string, (data: unknown) => void>
let appClicks: number

/** A hot reload of a file as the page goes through it: announced, its module applied, rendered. */
const hotReload = (path: string, hash: string) => {
  hotHandlers.get(FILE_VERSION_EVENT)?.({ path, hash })
  hotHandlers.get(AFTER_UPDATE_EVENT)?.({ type: "update", updates: [{ path: `/${path}` }] })
  time.advance(REFRESH_RENDER_WAIT_MS)
}

const sent = (type: string) => posted.filter((p) => p.message.type === type).map((p) => p.message)
const last = (type: string) => sent(type).at(-1)
const el = (id: string) => document.querySelector<HTMLElement>(`.${id}`)!

const start = () => {
  frame = startFrame({
    win: window,
    parent,
    parentOrigin: PARENT_ORIGIN,
    flags: readUrlFlags(""),
    clock: time.clock,
    hot: { on: (event, callback) => hotHandlers.set(event, callback) },
  })
  // The first nav tree: built in animation frames.
  for (let i = 0; i < 5 && time.pendingFrames() > 0; i += 1) time.runFrame()
}

beforeEach(async () => {
  document.body.innerHTML = `
    <div id="root">
      <main class="${MAIN} flex">
        <h1 class="${TITLE} text-xl">Title</h1>
        <p class="${NOTE}">Note</p>
        <section><button class="${BUTTON}">Go</button><span class="${INNER}">x</span></section>
      </main>
    </div>`
  parentFrame = document.createElement("iframe")
  document.documentElement.appendChild(parentFrame)
  parent = parentFrame.contentWindow!
  posted = []
  vi.spyOn(parent, "postMessage").mockImplementation((message: unknown, origin?: unknown) => {
    posted.push({ message: message as FrameMessage, origin: String(origin) })
  })
  setBox(el(MAIN), { x: 0, y: 0, width: 400, height: 300 })
  setBox(el(TITLE), { x: 0, y: 0, width: 400, height: 40 })
  setBox(el(NOTE), { x: 0, y: 50, width: 400, height: 20 })
  appClicks = 0
  el(TITLE).addEventListener("click", () => (appClicks += 1))
  time = fakeClock()
  hotHandlers = new Map()
  sessionStorage.clear()
  start()
  await frame.navTreeSettled()
})

afterEach(() => {
  frame.dispose()
  parentFrame.remove()
  vi.restoreAllMocks()
})

const click = (target: Element, init: MouseEventInit = {}) => {
  target.dispatchEvent(
    new MouseEvent("mousedown", { bubbles: true, button: 0, buttons: 1, ...init }),
  )
  target.dispatchEvent(new MouseEvent("mouseup", { bubbles: true, button: 0, ...init }))
  target.dispatchEvent(new MouseEvent("click", { bubbles: true, button: 0, ...init }))
}

const fromParent = (data: unknown, origin = PARENT_ORIGIN, source: Window = parent) =>
  window.dispatchEvent(new MessageEvent("message", { data, origin, source }))

const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve()
}

describe("messages", () => {
  it("posts to the parent at the allowed origin only, and says it is ready", () => {
    expect(posted.length).toBeGreaterThan(0)
    expect(posted.every((p) => p.origin === PARENT_ORIGIN)).toBe(true)
    expect(sent("FRAME_READY")).toHaveLength(1)
    expect(last("NAV_TREE")?.payload).toMatchObject({ outerHTML: document.body.outerHTML })
  })

  it("runs a listed function and replies with its result", async () => {
    fromParent({
      id: "m1",
      type: "executeFunction",
      payload: { functionName: "setZoomPerc", args: [50] },
    })
    await settle()
    expect(frame.state.zoomPerc).toBe(50)
    expect(last("EXECUTE_FUNCTION_RESULT")).toMatchObject({
      replyTo: "m1",
      payload: { result: 50 },
    })
  })

  it("replies with a preview's whole data, however deep, so the editor can undo it", async () => {
    fromParent({
      id: "m5",
      type: "executeFunction",
      payload: {
        functionName: "applyChangeItemToDocument",
        args: [{ id: "c9", type: "REMOVE_JSX", changeFields: { codebaseIdsToRemove: [TITLE] } }],
      },
    })
    await settle()
    expect(last("EXECUTE_FUNCTION_RESULT")?.payload).toMatchObject({
      result: {
        instantUpdateData: {
          parentToElementKeysRemoved: {
            [MAIN_KEY]: [
              {
                elementKeyRemoved: TITLE_KEY,
                outerHTML: expect.stringContaining("Title") as string,
              },
            ],
          },
        },
      },
    })
  })

  it("decodes lz-string compressed arguments", async () => {
    const compressedArgs = compressToBase64(JSON.stringify([true]))
    fromParent({
      id: "m2",
      type: "executeFunction",
      payload: { functionName: "setAiContext", compressedArgs },
    })
    await settle()
    expect(frame.state.aiContext).toBe(true)
  })

  it("refuses any function not on the list", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined)
    for (const functionName of ["eval", "toString", "constructor", "__proto__", "alert", 42]) {
      fromParent({
        id: `x-${String(functionName)}`,
        type: "executeFunction",
        payload: { functionName },
      })
    }
    await settle()
    const replies = sent("EXECUTE_FUNCTION_RESULT")
    expect(replies).toHaveLength(6)
    for (const reply of replies) {
      expect(reply.payload).toEqual({ error: "INNER FRAME ERROR: Function to execute not found" })
    }
    expect(error).toHaveBeenCalledWith("INNER FRAME ERROR: Function to execute not found", "eval")
  })

  it("ignores messages from another origin or window, and those without id or payload", async () => {
    const call = { type: "executeFunction", payload: { functionName: "setZoomPerc", args: [10] } }
    fromParent({ id: "f1", ...call }, "http://evil.example")
    fromParent({ id: "f2", ...call }, PARENT_ORIGIN, window)
    fromParent({ ...call })
    fromParent({ id: "f3", type: "executeFunction" })
    fromParent({ id: "f4", type: "executeFunction", payload: "setZoomPerc" })
    fromParent("setZoomPerc")
    await settle()
    expect(frame.state.zoomPerc).toBe(100)
    expect(sent("EXECUTE_FUNCTION_RESULT")).toHaveLength(0)
  })

  it("answers inspectElement with props and state, or the catalogue's errors", () => {
    function Card() {
      return null
    }
    const cardFiber = fiber({
      tag: 0,
      type: Card,
      memoizedProps: {
        "data-codebase-id": codebaseId(50),
        title: "Hi",
        onPick: () => 1,
        tags: ["a"],
      },
      memoizedState: {
        memoizedState: 3,
        queue: { dispatch: () => 1 },
        next: { memoizedState: { open: true }, queue: { dispatch: () => 1 }, next: null },
      },
      return: fiber({ tag: 3, type: null }),
    })
    attachFiber(el(NOTE), fiber({ return: cardFiber }))
    const inspect = (payload: Record<string, unknown>) => {
      fromParent({ id: `i${posted.length}`, type: "inspectElement", payload })
      return last("INSPECT_ELEMENT_RESULT")?.payload
    }
    expect(inspect({ tempoElementID: NOTE_KEY })).toEqual({ error: "No component name" })
    expect(inspect({ componentName: "Card", tempoElementID: key(codebaseId(60), "0-9") })).toEqual({
      error: "Could not find element",
    })
    expect(inspect({ componentName: "Card", tempoElementID: TITLE_KEY })).toEqual({
      error: "No component found",
    })
    expect(inspect({ componentName: "Other", tempoElementID: NOTE_KEY })).toEqual({
      error: "Could not find component",
    })
    expect(inspect({ componentName: "Card", tempoElementID: NOTE_KEY })).toEqual({
      id: codebaseId(50),
      props: {
        "data-codebase-id": codebaseId(50),
        title: "Hi",
        onPick: "__COLORDAY_FUNCTION__",
        tags: "__COLORDAY_OBJECT__",
      },
      state: [3, "__COLORDAY_OBJECT__"],
    })
  })
})

describe("selection", () => {
  it("selects the clicked element, tells the parent, and keeps the click from the app", () => {
    click(el(TITLE))
    expect(frame.state.selectedElementKey).toBe(TITLE_KEY)
    expect(last("SELECTED_ELEMENT_KEY")?.payload).toEqual({ elementKey: TITLE_KEY })
    expect(appClicks).toBe(0)
    expect(document.querySelector('[data-outline="primary"]')).not.toBeNull()
  })

  it("a press in the canvas gives the frame the keys, though it keeps the press from the app", () => {
    const focus = vi.spyOn(window, "focus")
    click(el(NOTE))
    expect(focus).toHaveBeenCalled()
  })

  it("shift-click adds a sibling and ignores a non-sibling", () => {
    click(el(TITLE))
    click(el(NOTE), { shiftKey: true })
    expect(frame.state.multiSelectedElementKeys).toEqual([TITLE_KEY, NOTE_KEY])
    expect(last("MULTI_SELECTED_ELEMENT_KEYS")?.payload).toEqual({
      elementKeys: [TITLE_KEY, NOTE_KEY],
    })
    expect(document.querySelector('[data-label="multi-select"]')?.textContent).toBe("2 Elements")
    click(el(MAIN), { shiftKey: true }) // their parent: not a sibling, ignored
    expect(frame.state.multiSelectedElementKeys).toEqual([TITLE_KEY, NOTE_KEY])
    // The <section> has no codebase id, so in the nav tree its keyed child is a sibling.
    click(el(INNER), { shiftKey: true })
    expect(frame.state.multiSelectedElementKeys).toEqual([TITLE_KEY, NOTE_KEY, INNER_KEY])
  })

  it("a second click on selected text only selects it; Delete then removes nothing of its text", () => {
    click(el(TITLE))
    click(el(TITLE))
    expect(sent("START_EDITING_TEXT")).toHaveLength(0)
    expect(el(TITLE).hasAttribute("contenteditable")).toBe(false)
  })

  it("Enter on the selection edits its text; Escape puts the old text back", () => {
    click(el(TITLE))
    el(TITLE).dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, key: "Enter" }))
    expect(last("START_EDITING_TEXT")?.payload).toEqual({ elementKey: TITLE_KEY })
    expect(el(TITLE).getAttribute("contenteditable")).toBe("plaintext-only")
    el(TITLE).textContent = "Changed"
    el(TITLE).dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, key: "Escape" }))
    expect(el(TITLE).textContent).toBe("Title")
  })

  it("a double-click on text edits it in place; blur sends new and old text", () => {
    click(el(TITLE))
    click(el(TITLE))
    el(TITLE).dispatchEvent(new MouseEvent("dblclick", { bubbles: true, button: 0 }))
    expect(last("START_EDITING_TEXT")?.payload).toEqual({ elementKey: TITLE_KEY })
    expect(el(TITLE).getAttribute("contenteditable")).toBe("plaintext-only")
    el(TITLE).textContent = "New title"
    el(TITLE).dispatchEvent(new FocusEvent("focusout", { bubbles: true }))
    expect(last("EDITED_TEXT")?.payload).toEqual({
      elementKey: TITLE_KEY,
      codebaseId: TITLE,
      newText: "New title",
      oldText: "Title",
    })
    expect(el(TITLE).hasAttribute("contenteditable")).toBe(false)
  })

  it("offers Edit Dynamic Text for text that comes from an expression", () => {
    attachFiber(el(NOTE), fiber({ memoizedProps: { children: ["Note", 1] } }))
    click(el(NOTE))
    const button = document.querySelector<HTMLButtonElement>('[data-label="edit-dynamic-text"]')
    expect(button).not.toBeNull()
    button?.click()
    expect(last("EDIT_DYNAMIC_TEXT")?.payload).toEqual({ elementKey: NOTE_KEY })
    click(el(NOTE))
    el(NOTE).dispatchEvent(new MouseEvent("dblclick", { bubbles: true, button: 0 }))
    el(NOTE).dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, key: "Enter" }))
    expect(sent("START_EDITING_TEXT")).toHaveLength(0)
  })

  it("draws a thinner secondary outline on another element with the same codebase id", () => {
    const twin = document.createElement("p")
    twin.className = NOTE
    el(MAIN).appendChild(twin)
    click(el(NOTE))
    expect(document.querySelectorAll('[data-outline="secondary"]')).toHaveLength(1)
  })
})

describe("drag", () => {
  const move = (x: number, buttons = 1) =>
    el(NOTE).dispatchEvent(
      new MouseEvent("mousemove", { bubbles: true, clientX: x, clientY: 60, buttons }),
    )
  const down = () =>
    el(NOTE).dispatchEvent(
      new MouseEvent("mousedown", {
        bubbles: true,
        clientX: 10,
        clientY: 60,
        button: 0,
        buttons: 1,
      }),
    )

  it("starts at 20px (divided by the zoom) and ends on mouse up with a drop position", () => {
    down()
    move(29)
    expect(sent("DRAG_START")).toHaveLength(0)
    move(30)
    expect(last("DRAG_START")?.payload).toEqual({ elementKey: NOTE_KEY })
    expect(document.querySelector('[data-outline="move"]')).not.toBeNull()
    el(NOTE).dispatchEvent(new MouseEvent("mouseup", { bubbles: true, clientX: 30, clientY: 60 }))
    expect(last("DRAG_END")?.payload).toMatchObject({
      elementKey: NOTE_KEY,
      parentElementKey: MAIN_KEY,
    })
    // The drop position is computed before the drag ends, so it is a real index among siblings.
    expect((last("DRAG_END")?.payload as { index: number | null }).index).not.toBeNull()
  })

  it("needs twice the distance at 50% zoom, and none at all in AI context", () => {
    frame.functions.setZoomPerc(50)
    down()
    move(45)
    expect(sent("DRAG_START")).toHaveLength(0)
    move(50)
    expect(sent("DRAG_START")).toHaveLength(1)
    frame.functions.triggerDragCancel()
    frame.functions.setAiContext(true)
    down()
    move(200)
    expect(sent("DRAG_START")).toHaveLength(1)
  })

  it("cancels when the button was lost", () => {
    down()
    move(40)
    move(45, 0)
    expect(last("DRAG_CANCEL")?.payload).toEqual({ elementKey: NOTE_KEY })
    expect(frame.state.dragContext).toBeUndefined()
  })
})

describe("drive mode", () => {
  it("keeps its state in session storage, clears outlines and lets the app have its clicks", () => {
    click(el(TITLE))
    frame.functions.enableDriveMode()
    expect(sessionStorage.getItem(DRIVE_MODE_KEY)).toBe("true")
    expect(document.querySelector("[data-outline]")).toBeNull()
    expect(frame.state.hoveredElementKey).toBeNull()
    click(el(NOTE))
    expect(frame.state.selectedElementKey).toBe(TITLE_KEY)
    expect(appClicks).toBe(0)
    click(el(TITLE))
    expect(appClicks).toBe(1)

    // A reload of the app inside the editor stays in drive mode.
    frame.dispose()
    start()
    expect(frame.state.driveMode).toBe(true)
    frame.functions.disableDriveMode()
    expect(sessionStorage.getItem(DRIVE_MODE_KEY)).toBeNull()
    expect(document.documentElement.style.cursor).toBe("default")
  })
})

describe("events forwarded to the parent", () => {
  it("forwards keys, wheel and the context menu", () => {
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "z", metaKey: true }))
    window.dispatchEvent(new KeyboardEvent("keyup", { key: "z" }))
    el(NOTE).dispatchEvent(new WheelEvent("wheel", { bubbles: true, deltaY: 30, ctrlKey: true }))
    const menu = new MouseEvent("contextmenu", {
      bubbles: true,
      cancelable: true,
      clientX: 5,
      clientY: 55,
    })
    el(NOTE).dispatchEvent(menu)
    expect(last("KEY_DOWN")?.payload).toMatchObject({ key: "z", metaKey: true })
    expect(last("KEY_UP")?.payload).toMatchObject({ key: "z" })
    expect(last("WHEEL")?.payload).toMatchObject({ deltaY: 30, ctrlKey: true })
    expect(last("CONTEXT_MENU")?.payload).toMatchObject({ elementKey: NOTE_KEY, clientX: 5 })
    expect(menu.defaultPrevented).toBe(true)
  })
})

describe("nav tree after DOM changes", () => {
  it("updates only where the page changed and sends the tree a full build gives", async () => {
    const before = frame.state.navTree!
    el(TITLE).firstChild!.nodeValue = "New title"
    await settle()
    time.advance(300)
    for (let i = 0; i < 5 && time.pendingFrames() > 0; i += 1) time.runFrame()
    const after = (await frame.navTreeSettled())!
    // The title's subtree was built again; the note's node is the one from before.
    expect(after.nodes.get(TITLE_KEY)?.literalChildren).toEqual(["New title"])
    expect(after.nodes.get(NOTE_KEY)).toBe(before.nodes.get(NOTE_KEY))
    const full = buildNavTree(document.body, { storyboardId: "app", clock: time.clock })
    time.runFrame()
    const sentTree = (last("NAV_TREE")?.payload as { navTree: unknown }).navTree
    expect(sentTree).toEqual((await full.done).tree.root)
  })
})

describe("instant updates through the frame", () => {
  it("previews, tells the parent, keeps the selection, and cleans up after the hot reload", async () => {
    click(el(TITLE))
    posted = []
    const result = frame.functions.applyChangeItemToDocument({
      id: "c1",
      type: "STYLING",
      changeFields: { codebaseId: TITLE, stylingChanges: { color: "red" } },
    })
    expect(result).toMatchObject({ successful: true })
    expect(last("INSTANT_UPDATE_DONE")?.payload).toMatchObject({ changeId: "c1", successful: true })
    expect(last("SELECTED_ELEMENT_KEY")?.payload).toEqual({ elementKey: TITLE_KEY })
    expect(el(TITLE).classList.contains("arb89-temp-styling")).toBe(true)

    frame.functions.setIsFlushing(true)
    hotReload("src/App.tsx", "abc")
    time.advance(299)
    expect(el(TITLE).classList.contains("arb89-temp-styling")).toBe(true)
    time.advance(1)
    expect(el(TITLE).classList.contains("arb89-temp-styling")).toBe(false)
    time.runFrame()
    await frame.navTreeSettled()
    expect(last("NAV_TREE")).toBeDefined()
    expect(frame.state.selectedElementKey).toBe(TITLE_KEY)
  })

  it("drops a preview with the hot reload of the versions its change wrote, not an earlier one", () => {
    const styled = () => el(TITLE).classList.contains("arb89-temp-styling")
    const hot = (hash: string) => hotReload("src/App.tsx", hash)
    // A first edit, answered with the versions it wrote: this parent names them.
    frame.functions.updateCodebaseIds({}, [{ path: "src/App.tsx", fileHash: "v1" }])
    frame.functions.applyChangeItemToDocument({
      id: "c2",
      type: "STYLING",
      changeFields: { codebaseId: TITLE, stylingChanges: { color: "red" } },
    })
    frame.functions.setIsFlushing(true)
    frame.functions.setIsFlushing(false)
    hot("v1") // the first edit's hot reload, late
    time.advance(300)
    expect(styled()).toBe(true)
    frame.functions.updateCodebaseIds({}, [{ path: "src/App.tsx", fileHash: "v2" }])
    time.advance(300)
    expect(styled()).toBe(true)
    hot("v2")
    time.advance(300)
    expect(styled()).toBe(false)
  })

  it("drops a preview whose hot reload came before the server answered, after the render delay", () => {
    const styled = () => el(TITLE).classList.contains("arb89-temp-styling")
    frame.functions.updateCodebaseIds({}, [{ path: "src/App.tsx", fileHash: "v1" }])
    frame.functions.applyChangeItemToDocument({
      id: "c3",
      type: "STYLING",
      changeFields: { codebaseId: TITLE, stylingChanges: { color: "red" } },
    })
    frame.functions.setIsFlushing(true)
    hotReload("src/App.tsx", "v2")
    time.advance(300)
    expect(styled()).toBe(true)
    frame.functions.updateCodebaseIds({}, [{ path: "src/App.tsx", fileHash: "v2" }])
    time.advance(299)
    expect(styled()).toBe(true)
    time.advance(1)
    expect(styled()).toBe(false)
  })

  it("restores the selection by codebase id when a removal shifts the paths", async () => {
    click(el(NOTE))
    frame.functions.applyChangeItemToDocument({
      id: "c2",
      type: "REMOVE_JSX",
      changeFields: { codebaseIdsToRemove: [TITLE] },
    })
    el(TITLE).remove() // what the hot reload does
    await settle() // the MutationObserver reports in a microtask
    time.advance(299)
    time.runFrame()
    expect(frame.state.selectedElementKey).toBe(NOTE_KEY)
    time.advance(1)
    time.runFrame()
    await frame.navTreeSettled()
    expect(frame.state.selectedElementKey).toBe(key(NOTE, "0-0-0-0"))
    expect(last("SELECTED_ELEMENT_KEY")?.payload).toEqual({ elementKey: key(NOTE, "0-0-0-0") })
  })

  it("keeps a selection made while the nav tree was being rebuilt", async () => {
    click(el(TITLE))
    el(INNER).remove() // a hot reload's DOM change starts a rebuild 300 ms later
    await settle()
    time.advance(300)
    click(el(NOTE)) // before the rebuild's slices have run
    time.runFrame()
    await frame.navTreeSettled()
    expect(frame.state.selectedElementKey).toBe(NOTE_KEY)
    expect(last("SELECTED_ELEMENT_KEY")?.payload).toEqual({ elementKey: NOTE_KEY })
  })

  it("keeps codebase ids renamed while the nav tree was being rebuilt", async () => {
    click(el(NOTE))
    el(INNER).remove()
    await settle()
    time.advance(300)
    const renamed = codebaseId(71)
    frame.functions.updateCodebaseIds({ [NOTE]: renamed, [TITLE]: NOTE })
    time.runFrame()
    await frame.navTreeSettled()
    // The old id of the note now names the title: the selection must follow the note.
    expect(frame.state.selectedElementKey).toBe(key(renamed, "0-0-0-1"))
  })

  it("leaves alone a page the hot reload of the written file has already redone", () => {
    click(el(NOTE))
    // The edit gave the note the title's old id, and the title a new one; the hot reload of
    // that version came first, and React wrote the new ids into the page.
    const renamed = codebaseId(72)
    hotHandlers.get(FILE_VERSION_EVENT)?.({ path: "src/App.tsx", hash: "v2" })
    el(TITLE).classList.replace(TITLE, renamed)
    el(NOTE).classList.replace(NOTE, TITLE)
    const written = [{ path: "src/App.tsx", fileHash: "v2" }]
    frame.functions.updateCodebaseIds({ [TITLE]: renamed, [NOTE]: TITLE }, written)
    // Renaming again would have given the note the title's new id.
    expect(document.querySelector(`.${renamed}`)?.textContent).toBe("Title")
    expect(document.querySelector(`.${TITLE}`)?.textContent).toBe("Note")
    // The keys, taken before the new tree, still follow the note.
    expect(frame.state.selectedElementKey).toBe(key(TITLE, "0-0-0-1"))
    expect(last("SELECTED_ELEMENT_KEY")?.payload).toEqual({ elementKey: key(TITLE, "0-0-0-1") })
  })

  it("renames a page still on the old version, though an older version of the file was seen", () => {
    hotHandlers.get(FILE_VERSION_EVENT)?.({ path: "src/App.tsx", hash: "v1" })
    click(el(NOTE))
    const renamed = codebaseId(73)
    frame.functions.updateCodebaseIds({ [NOTE]: renamed }, [
      { path: "src/App.tsx", fileHash: "v2" },
    ])
    expect(document.querySelector(`.${renamed}`)?.textContent).toBe("Note")
    expect(frame.state.selectedElementKey).toBe(key(renamed, "0-0-0-1"))
  })

  it("renames codebase ids in the page and in the selection", () => {
    click(el(NOTE))
    const renamed = codebaseId(70)
    frame.functions.updateCodebaseIds({ [NOTE]: renamed })
    expect(document.querySelector(`.${renamed}`)?.textContent).toBe("Note")
    expect(frame.state.selectedElementKey).toBe(key(renamed, "0-0-0-1"))
  })
})

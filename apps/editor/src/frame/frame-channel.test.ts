import LZString from "lz-string"
import { afterEach, describe, expect, it, vi } from "vitest"
import { COMPRESS_OVER_CHARS, FrameCallError, createFrameChannel } from "./frame-channel.ts"

const APP = "http://127.0.0.1:5173"

const setup = () => {
  const iframe = document.createElement("iframe")
  document.body.appendChild(iframe)
  const frameWindow = iframe.contentWindow!
  const posted: Array<{ message: unknown; origin: string }> = []
  vi.spyOn(frameWindow, "postMessage").mockImplementation(((message: unknown, origin: string) => {
    posted.push({ message, origin })
  }) as typeof frameWindow.postMessage)
  const channel = createFrameChannel({
    win: window,
    frameWindow: () => frameWindow,
    frameOrigin: APP,
    timeoutMs: 1000,
  })
  const deliver = (data: unknown, origin = APP, source: Window | null = frameWindow) =>
    window.dispatchEvent(new MessageEvent("message", { data, origin, source }))
  return { iframe, frameWindow, channel, posted, deliver }
}

afterEach(() => {
  vi.restoreAllMocks()
  document.body.innerHTML = ""
})

describe("the parent's side of the frame messages", () => {
  it("posts executeFunction to the app's origin only, and settles it with the frame's reply", async () => {
    const { channel, posted, deliver } = setup()
    const result = channel.execute("setZoomPerc", [50])
    expect(posted).toEqual([
      {
        message: {
          id: "editor-1",
          type: "executeFunction",
          payload: { functionName: "setZoomPerc", args: [50] },
        },
        origin: APP,
      },
    ])
    deliver({
      source: "colorday-frame",
      id: "frame-9",
      type: "EXECUTE_FUNCTION_RESULT",
      replyTo: "editor-1",
      payload: { result: 50 },
    })
    await expect(result).resolves.toBe(50)
    channel.dispose()
  })

  it("rejects with the frame's error text", async () => {
    const { channel, deliver } = setup()
    const result = channel.execute("refresh")
    deliver({
      source: "colorday-frame",
      id: "frame-1",
      type: "EXECUTE_FUNCTION_RESULT",
      replyTo: "editor-1",
      payload: { error: "INNER FRAME ERROR: Function to execute not found" },
    })
    await expect(result).rejects.toEqual(
      new FrameCallError("INNER FRAME ERROR: Function to execute not found"),
    )
    channel.dispose()
  })

  it("compresses long argument lists with lz-string", () => {
    const { channel, posted } = setup()
    const big = { text: "x".repeat(COMPRESS_OVER_CHARS) }
    void channel.execute("applyChangeItemToDocument", [big]).catch(() => undefined)
    const payload = (posted[0]?.message as { payload: { compressedArgs: string } }).payload
    expect(JSON.parse(LZString.decompressFromBase64(payload.compressedArgs))).toEqual([big])
    channel.dispose()
  })

  it("ignores messages from a foreign origin, from another window, or not from the frame", () => {
    const { channel, deliver } = setup()
    const seen: Array<unknown> = []
    channel.subscribe((message) => seen.push(message.type))
    const selected = {
      source: "colorday-frame",
      id: "f1",
      type: "SELECTED_ELEMENT_KEY",
      payload: { elementKey: null },
    }
    deliver(selected, "http://evil.example")
    deliver(selected, APP, window)
    deliver({ ...selected, source: "someone-else" })
    deliver("SELECTED_ELEMENT_KEY")
    expect(seen).toEqual([])
    deliver(selected)
    expect(seen).toEqual(["SELECTED_ELEMENT_KEY"])
    channel.dispose()
  })

  it("does not let a foreign origin answer a call", async () => {
    const { channel, deliver } = setup()
    const result = channel.execute("getCssEvals")
    deliver(
      {
        source: "colorday-frame",
        id: "x",
        type: "EXECUTE_FUNCTION_RESULT",
        replyTo: "editor-1",
        payload: { result: "forged" },
      },
      "http://evil.example",
    )
    deliver({
      source: "colorday-frame",
      id: "y",
      type: "EXECUTE_FUNCTION_RESULT",
      replyTo: "editor-1",
      payload: { result: "real" },
    })
    await expect(result).resolves.toBe("real")
    channel.dispose()
  })
})

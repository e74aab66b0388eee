import { describe, expect, it } from "vitest"
import type { FrameChannel, FrameMessage, FrameMessageType } from "./frame-channel.ts"
import { type FrameIndex, createFramePair } from "./frame-pair.ts"

/** A frame's channel that records calls, answers with its own name, and lets a test send. */
const fakeChannel = (name: string) => {
  const calls: Array<readonly [string, ReadonlyArray<unknown>]> = []
  const listeners = new Set<(message: FrameMessage) => void>()
  const channel: FrameChannel = {
    execute: (functionName, args = []) => {
      calls.push([functionName, args])
      return Promise.resolve(name)
    },
    inspect: () => Promise.resolve(name),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose: () => listeners.clear(),
  }
  let counter = 0
  const send = (type: FrameMessageType, payload: unknown = {}) => {
    counter += 1
    for (const listener of listeners) {
      listener({ source: "colorday-frame", id: `${name}-${counter}`, type, payload })
    }
  }
  return { channel, calls, send }
}

const setUp = () => {
  const phone = fakeChannel("phone")
  const desktop = fakeChannel("desktop")
  const activated: Array<FrameIndex> = []
  const pair = createFramePair([phone.channel, desktop.channel], (index) => activated.push(index))
  const received: Array<string> = []
  pair.subscribe((message) => received.push(`${message.id}:${message.type}`))
  return { phone, desktop, pair, activated, received }
}

describe("side by side's two frames as one channel", () => {
  it("is the first frame alone until the second is shown", async () => {
    const { phone, desktop, pair, received } = setUp()
    expect(await pair.execute("setZoomPerc", [50])).toBe("phone")
    desktop.send("MOUSE_MOVE")
    expect(desktop.calls).toEqual([])
    expect(received).toEqual([])
    expect(pair.active()).toBe(0)
    phone.send("NAV_TREE")
    expect(received).toEqual(["phone-1:NAV_TREE"])
  })

  it("calls both frames, answers with the one worked in, and passes on only its reports", async () => {
    const { phone, desktop, pair, activated, received } = setUp()
    pair.setSecondOn(true)
    await pair.execute("setSelectedElement", ["key"])
    expect(phone.calls).toEqual([["setSelectedElement", ["key"]]])
    expect(desktop.calls).toEqual([["setSelectedElement", ["key"]]])
    expect(await pair.execute("initProject", [])).toBe("phone")

    // The pointer moves in the desktop frame: it is the one worked in now.
    desktop.send("MOUSE_MOVE")
    expect(activated).toEqual([1])
    expect(await pair.execute("initProject", [])).toBe("desktop")
    expect(await pair.inspect({})).toBe("desktop")
    phone.send("NAV_TREE")
    phone.send("COMPUTED_STYLES")
    desktop.send("NAV_TREE")
    // A frame that loaded is set up again whichever it is.
    phone.send("FRAME_READY")
    expect(received).toEqual(["desktop-1:MOUSE_MOVE", "desktop-2:NAV_TREE", "phone-3:FRAME_READY"])
  })

  it("passes a selection made in one frame on to the other", () => {
    const { phone, desktop, pair } = setUp()
    pair.setSecondOn(true)
    phone.send("MOUSE_MOVE")
    phone.send("SELECTED_ELEMENT_KEY", { elementKey: "TE_x_app_0-1" })
    expect(desktop.calls).toEqual([["setSelectedElement", ["TE_x_app_0-1"]]])
    desktop.send("KEY_DOWN", { key: "Delete" })
    desktop.send("MULTI_SELECTED_ELEMENT_KEYS", { elementKeys: ["a", "b"] })
    expect(phone.calls).toEqual([["setMultiselectedElementKeys", [["a", "b"]]]])
    // Hidden again: the first frame is the one edits follow.
    pair.setSecondOn(false)
    expect(pair.active()).toBe(0)
  })
})

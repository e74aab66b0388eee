import { describe, expect, it, vi } from "vitest"
import { browserClock } from "./clock.ts"

/** A MessageChannel whose messages are delivered by hand, one per deliver(), in order. */
const handDeliveredChannel = () => {
  const inbox: Array<() => void> = []
  class Channel {
    readonly port1 = { onmessage: null as null | (() => void) }
    readonly port2 = {
      postMessage: () => {
        inbox.push(() => this.port1.onmessage?.())
      },
    }
  }
  return {
    Channel,
    waiting: () => inbox.length,
    deliver: () => inbox.shift()?.(),
  }
}

/** A window with the given MessageChannel (or none), and spies for frames and timeouts. */
const windowWith = (extra: Record<string, unknown>) => {
  const requestAnimationFrame = vi.fn()
  const setTimeout = vi.fn(() => 1)
  const win = {
    performance: { now: () => 0 },
    requestAnimationFrame,
    setTimeout,
    clearTimeout: vi.fn(),
    ...extra,
  } as unknown as Window
  return { win, requestAnimationFrame, setTimeout }
}

describe("the browser clock's next task", () => {
  it("runs each callback in a message of its own, in the order they were queued", () => {
    const channel = handDeliveredChannel()
    const { win, requestAnimationFrame, setTimeout } = windowWith({
      MessageChannel: channel.Channel,
    })
    const clock = browserClock(win)
    const ran: Array<string> = []
    clock.nextTask(() => ran.push("first"))
    clock.nextTask(() => {
      ran.push("second")
      clock.nextTask(() => ran.push("queued by the second"))
    })
    expect(ran).toEqual([]) // nothing runs in the caller's task
    expect(channel.waiting()).toBe(2)
    channel.deliver()
    expect(ran).toEqual(["first"])
    channel.deliver()
    expect(ran).toEqual(["first", "second"])
    channel.deliver()
    expect(ran).toEqual(["first", "second", "queued by the second"])
    // Not a frame, not a timer.
    expect(requestAnimationFrame).not.toHaveBeenCalled()
    expect(setTimeout).not.toHaveBeenCalled()
  })

  it("posts each callback at background priority where the browser has window.scheduler", async () => {
    const channel = handDeliveredChannel()
    const posted: Array<{ run: () => void; priority: string }> = []
    const scheduler = {
      postTask: (run: () => void, options: { priority: string }) => {
        posted.push({ run, priority: options.priority })
        return Promise.resolve()
      },
    }
    const { win, requestAnimationFrame, setTimeout } = windowWith({
      MessageChannel: channel.Channel,
      scheduler,
    })
    const clock = browserClock(win)
    const ran: Array<string> = []
    clock.nextTask(() => ran.push("first"))
    clock.nextTask(() => ran.push("second"))
    expect(ran).toEqual([]) // nothing runs in the caller's task
    expect(posted.map((task) => task.priority)).toEqual(["background", "background"])
    for (const task of posted) task.run()
    expect(ran).toEqual(["first", "second"])
    // Neither a message, a frame nor a timer.
    expect(channel.waiting()).toBe(0)
    expect(requestAnimationFrame).not.toHaveBeenCalled()
    await Promise.resolve()
    expect(setTimeout).not.toHaveBeenCalled()
  })

  it("throws a callback's error from a task of its own, not as an unhandled rejection", async () => {
    const failure = new Error("slice failed")
    const scheduler = { postTask: () => Promise.reject(failure) }
    const { win, setTimeout } = windowWith({ scheduler })
    browserClock(win).nextTask(() => undefined)
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)))
    await Promise.resolve()
    expect(setTimeout).toHaveBeenCalledTimes(1)
    const [thrower] = setTimeout.mock.calls[0] as unknown as [() => void, number]
    expect(thrower).toThrow(failure)
  })

  it("falls back to a zero timeout where there is no MessageChannel", () => {
    const { win, setTimeout } = windowWith({ MessageChannel: undefined })
    const callback = vi.fn()
    browserClock(win).nextTask(callback)
    expect(setTimeout).toHaveBeenCalledWith(callback, 0)
  })
})

import { describe, expect, it, vi } from "vitest"
import { BACKGROUND_WAIT_MS, browserClock } from "./clock.ts"

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
  const clearTimeout = vi.fn()
  const win = {
    performance: { now: () => 0 },
    requestAnimationFrame,
    setTimeout,
    clearTimeout,
    ...extra,
  } as unknown as Window
  return { win, requestAnimationFrame, setTimeout, clearTimeout }
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
    const { win, requestAnimationFrame, setTimeout, clearTimeout } = windowWith({
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
    // Neither a message nor a frame; each one's fallback timer is cleared once it has run.
    expect(channel.waiting()).toBe(0)
    expect(requestAnimationFrame).not.toHaveBeenCalled()
    await Promise.resolve()
    expect(setTimeout.mock.calls.map((call) => (call as unknown[])[1])).toEqual([
      BACKGROUND_WAIT_MS,
      BACKGROUND_WAIT_MS,
    ])
    expect(clearTimeout).toHaveBeenCalledTimes(2)
  })

  it("runs a task the browser holds back at background priority from a timer, once", () => {
    const posted: Array<() => void> = []
    const scheduler = {
      postTask: (run: () => void) => {
        posted.push(run)
        return Promise.resolve()
      },
    }
    const { win, setTimeout } = windowWith({ scheduler })
    const callback = vi.fn()
    browserClock(win).nextTask(callback)
    expect(callback).not.toHaveBeenCalled()
    const [timer, ms] = setTimeout.mock.calls[0] as unknown as [() => void, number]
    expect(ms).toBe(BACKGROUND_WAIT_MS)
    timer()
    expect(callback).toHaveBeenCalledTimes(1)
    // The background task, when it comes at last, does not run it again.
    posted[0]?.()
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it("throws a callback's error from a task of its own, not as an unhandled rejection", async () => {
    const failure = new Error("slice failed")
    const scheduler = { postTask: () => Promise.reject(failure) }
    const { win, setTimeout } = windowWith({ scheduler })
    browserClock(win).nextTask(() => undefined)
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)))
    await Promise.resolve()
    // The fallback timer, then the error's own zero timeout.
    const calls = setTimeout.mock.calls as unknown as Array<[() => void, number]>
    expect(calls.map(([, ms]) => ms)).toEqual([BACKGROUND_WAIT_MS, 0])
    expect(calls[1]?.[0]).toThrow(failure)
  })

  it("falls back to a zero timeout where there is no MessageChannel", () => {
    const { win, setTimeout } = windowWith({ MessageChannel: undefined })
    const callback = vi.fn()
    browserClock(win).nextTask(callback)
    expect(setTimeout).toHaveBeenCalledWith(callback, 0)
  })
})

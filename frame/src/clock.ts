/** Time, frames and tasks, injectable so that tests drive them by hand. */
export interface FrameClock {
  now(): number
  requestFrame(callback: () => void): void
  /**
   * Runs the callback in a task of its own, queued behind what the browser already has waiting
   * (a frame to render, input, and V8's own tasks): sooner than the next animation frame, and not
   * clamped to 4 ms as nested timeouts are.
   */
  nextTask(callback: () => void): void
  setTimeout(callback: () => void, ms: number): number
  clearTimeout(handle: number): void
}

/** The part of the Prioritized Task Scheduling API (window.scheduler) the clock uses. */
interface TaskScheduler {
  postTask(callback: () => void, options: { readonly priority: "background" }): Promise<unknown>
}

/** How long a background task may wait before it runs from a timer instead. */
export const BACKGROUND_WAIT_MS = 250

export const browserClock = (win: Window): FrameClock => {
  // One channel, made when first asked for; its messages run the queued callbacks in order.
  const Channel = (win as Window & { MessageChannel?: typeof MessageChannel }).MessageChannel
  const scheduler = (win as Window & { scheduler?: Partial<TaskScheduler> }).scheduler
  let port: MessagePort | undefined
  const queued: Array<() => void> = []
  const nextTask = (callback: () => void) => {
    if (typeof scheduler?.postTask === "function") {
      // Background priority, where the browser has it: V8 posts its scavenge as a task when the
      // young generation nears full, and a message task ran first, so the scavenge ran inside the
      // next slice instead (all of them did in the frame bench; none at this priority). Tasks of
      // one priority run in the order they were posted.
      // A page that keeps its main thread busy (or a hidden one) may hold background tasks back
      // for long: after BACKGROUND_WAIT_MS the callback runs from a timer instead, once.
      let ran = false
      const once = () => {
        if (ran) return
        ran = true
        win.clearTimeout(fallback)
        callback()
      }
      const fallback = win.setTimeout(once, BACKGROUND_WAIT_MS)
      scheduler.postTask(once, { priority: "background" }).catch((error: unknown) => {
        // Thrown as the callback threw it, as from a message's handler, not an unhandled rejection.
        win.setTimeout(() => {
          throw error
        }, 0)
      })
      return
    }
    if (Channel === undefined) {
      win.setTimeout(callback, 0)
      return
    }
    if (port === undefined) {
      const channel = new Channel()
      channel.port1.onmessage = () => queued.shift()?.()
      port = channel.port2
    }
    queued.push(callback)
    port.postMessage(null)
  }
  return {
    now: () => win.performance.now(),
    requestFrame: (callback) => {
      win.requestAnimationFrame(() => callback())
    },
    nextTask,
    setTimeout: (callback, ms) => win.setTimeout(callback, ms),
    clearTimeout: (handle) => win.clearTimeout(handle),
  }
}

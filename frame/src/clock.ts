/** Time, frames and tasks, injectable so that tests drive them by hand. */
export interface FrameClock {
  now(): number
  requestFrame(callback: () => void): void
  /**
   * Runs the callback in a task of its own, queued behind what the browser already has waiting
   * (a frame to render, input): sooner than the next animation frame, and not clamped to 4 ms as
   * nested timeouts are.
   */
  nextTask(callback: () => void): void
  setTimeout(callback: () => void, ms: number): number
  clearTimeout(handle: number): void
}

export const browserClock = (win: Window): FrameClock => {
  // One channel, made when first asked for; its messages run the queued callbacks in order.
  const Channel = (win as Window & { MessageChannel?: typeof MessageChannel }).MessageChannel
  let port: MessagePort | undefined
  const queued: Array<() => void> = []
  const nextTask = (callback: () => void) => {
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

/** Time and frames, injectable so that tests drive them by hand. */
export interface FrameClock {
  now(): number
  requestFrame(callback: () => void): void
  setTimeout(callback: () => void, ms: number): number
  clearTimeout(handle: number): void
}

export const browserClock = (win: Window): FrameClock => ({
  now: () => win.performance.now(),
  requestFrame: (callback) => {
    win.requestAnimationFrame(() => callback())
  },
  setTimeout: (callback, ms) => win.setTimeout(callback, ms),
  clearTimeout: (handle) => win.clearTimeout(handle),
})

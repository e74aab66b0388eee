/** Helpers for the frame's tests: a clock and animation frames driven by hand, ids, boxes. */
import type { FrameClock } from "./clock.ts"

export interface FakeClock {
  readonly clock: FrameClock
  /** Moves time on without running anything. */
  tick(ms: number): void
  /** Moves time on, running due timers in order. */
  advance(ms: number): void
  /**
   * Runs what a browser runs up to the next animation frame: the tasks queued before it (not
   * those they queue), then the frame's callbacks; returns how many ran.
   */
  runFrame(): number
  /** The tasks and frame callbacks waiting. */
  pendingFrames(): number
  /** Runs the tasks queued so far (not those they queue), no frame; returns how many ran. */
  runTasks(): number
  pendingTasks(): number
  now(): number
}

export const fakeClock = (): FakeClock => {
  let time = 0
  let nextHandle = 1
  let frames: Array<() => void> = []
  let tasks: Array<() => void> = []
  const timers = new Map<number, { at: number; callback: () => void }>()
  const clock: FrameClock = {
    now: () => time,
    requestFrame: (callback) => {
      frames.push(callback)
    },
    nextTask: (callback) => {
      tasks.push(callback)
    },
    setTimeout: (callback, ms) => {
      const handle = nextHandle
      nextHandle += 1
      timers.set(handle, { at: time + ms, callback })
      return handle
    },
    clearTimeout: (handle) => {
      timers.delete(handle)
    },
  }
  return {
    clock,
    tick: (ms) => {
      time += ms
    },
    advance: (ms) => {
      const end = time + ms
      for (;;) {
        let next: [number, { at: number; callback: () => void }] | undefined
        for (const entry of timers) {
          if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry
        }
        if (!next) break
        timers.delete(next[0])
        time = next[1].at
        next[1].callback()
      }
      time = end
    },
    runFrame: () => {
      const dueTasks = tasks
      tasks = []
      for (const callback of dueTasks) callback()
      const due = frames
      frames = []
      for (const callback of due) callback()
      return dueTasks.length + due.length
    },
    pendingFrames: () => tasks.length + frames.length,
    runTasks: () => {
      const due = tasks
      tasks = []
      for (const callback of due) callback()
      return due.length
    },
    pendingTasks: () => tasks.length,
    now: () => time,
  }
}

/** A valid codebase id (uuid v5 form) numbered n. */
export const codebaseId = (n: number): string =>
  `tempo-00000000-0000-5000-8000-${n.toString(16).padStart(12, "0")}`

export const setBox = (
  element: Element,
  box: { x: number; y: number; width: number; height: number },
): void => {
  element.getBoundingClientRect = () => ({
    x: box.x,
    y: box.y,
    left: box.x,
    top: box.y,
    width: box.width,
    height: box.height,
    right: box.x + box.width,
    bottom: box.y + box.height,
    toJSON: () => box,
  })
}

/** Hangs a React-like fiber on a DOM element, as React does under `__reactFiber$…`. */
export const attachFiber = (element: Element, fiber: Record<string, unknown>): void => {
  ;(element as unknown as Record<string, unknown>)["__reactFiber$test"] = fiber
}

export const fiber = (
  fields: Partial<{
    tag: number
    type: unknown
    memoizedProps: unknown
    memoizedState: unknown
    stateNode: unknown
    return: unknown
  }>,
): Record<string, unknown> => ({
  tag: 5,
  type: "div",
  memoizedProps: {},
  memoizedState: null,
  stateNode: null,
  return: null,
  alternate: null,
  ...fields,
})

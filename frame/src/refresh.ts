/**
 * When the nav tree is rebuilt after DOM changes (§4, hot reload): debounced by 300 ms, or with a
 * server-rendering framework's loader, 1000 ms after the change and only if no refresh ran since.
 */
import type { FrameClock } from "./clock.ts"
import {
  NAV_TREE_REBUILD_DELAY_MS,
  SERVER_RENDERING_REFRESH_DELAY_MS,
  SLOW_TASK_WARNING_MS,
} from "./constants.ts"

/** Runs `task` `wait` ms after the last call; warns when a run takes longer than 16 ms (§8). */
export const debounce = (clock: FrameClock, wait: number, task: () => void, name = "task") => {
  let handle: number | undefined
  const run = () => {
    handle = undefined
    const started = clock.now()
    task()
    const took = clock.now() - started
    if (took > SLOW_TASK_WARNING_MS) {
      console.warn(
        `Debounced ${name} took ${Math.round(took)} ms (over ${SLOW_TASK_WARNING_MS} ms)`,
      )
    }
  }
  return {
    call: () => {
      if (handle !== undefined) clock.clearTimeout(handle)
      handle = clock.setTimeout(run, wait)
    },
    cancel: () => {
      if (handle !== undefined) clock.clearTimeout(handle)
      handle = undefined
    },
    pending: () => handle !== undefined,
  }
}

/** Runs `task` at most once per `interval` ms, the last call of an interval running at its end. */
export const throttle = (clock: FrameClock, interval: number, task: () => void) => {
  let last = Number.NEGATIVE_INFINITY
  let handle: number | undefined
  return () => {
    const now = clock.now()
    if (now - last >= interval && handle === undefined) {
      last = now
      task()
      return
    }
    if (handle !== undefined) return
    handle = clock.setTimeout(
      () => {
        handle = undefined
        last = clock.now()
        task()
      },
      Math.max(0, interval - (now - last)),
    )
  }
}

/** Next.js, Remix and React Router framework mode leave their loader data on window. */
export const hasServerRenderingLoader = (win: Window): boolean => {
  const record = win as unknown as Record<string, unknown>
  return (
    record.__NEXT_DATA__ !== undefined ||
    record.__remixContext !== undefined ||
    record.__reactRouterContext !== undefined
  )
}

export interface RefreshScheduler {
  /** A DOM change was observed. */
  domChanged(): void
  /** Runs a refresh now (a function call, initProject), cancelling a pending debounce. */
  refreshNow(): void
  lastRefreshTime(): number
  dispose(): void
}

export const createRefreshScheduler = (deps: {
  readonly clock: FrameClock
  readonly serverRenderingLoader: () => boolean
  readonly refresh: () => void
}): RefreshScheduler => {
  const { clock } = deps
  let lastRefresh = Number.NEGATIVE_INFINITY
  const ssrHandles = new Set<number>()
  const run = () => {
    lastRefresh = clock.now()
    deps.refresh()
  }
  const debounced = debounce(clock, NAV_TREE_REBUILD_DELAY_MS, run, "nav tree refresh")
  return {
    domChanged: () => {
      if (!deps.serverRenderingLoader()) {
        debounced.call()
        return
      }
      const requestedAt = clock.now()
      const handle = clock.setTimeout(() => {
        ssrHandles.delete(handle)
        // A refresh after this change was requested already saw the DOM this change made.
        if (lastRefresh > requestedAt) return
        run()
      }, SERVER_RENDERING_REFRESH_DELAY_MS)
      ssrHandles.add(handle)
    },
    refreshNow: () => {
      debounced.cancel()
      run()
    },
    lastRefreshTime: () => lastRefresh,
    dispose: () => {
      debounced.cancel()
      for (const handle of ssrHandles) clock.clearTimeout(handle)
      ssrHandles.clear()
    },
  }
}

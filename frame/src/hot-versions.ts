/**
 * When a source file's new version shows in the page. The plugin's file-version event comes as
 * the file changes on disk, before the browser has fetched the new module and React has rendered
 * it: a tree built in between carried the new version's label over the old DOM (the editor then
 * took it for the file as it is), and a selection renamed to the new codebase ids found nothing in
 * it and was dropped. A version counts as shown once Vite has applied the module's update (its
 * `vite:afterUpdate` names the file) and React Refresh, which renders 16 ms after that, has had
 * the time to; a file no update names (one the page does not import) counts after a while.
 */
import type { FrameClock } from "./clock.ts"
import { isRecord } from "./frame-functions.ts"

/** The custom HMR event the Vite plugin sends when a JSX file changes (vite-plugin.ts). */
export const FILE_VERSION_EVENT = "colorday:file-version"
/** Vite's own event once the modules of an update have been applied (accept callbacks run). */
export const AFTER_UPDATE_EVENT = "vite:afterUpdate"
/** React Refresh renders 16 ms after the modules are in (@vitejs/plugin-react's debounce). */
export const REFRESH_RENDER_WAIT_MS = 50
/** A version no update names is taken as shown after this long. */
export const UNNAMED_VERSION_WAIT_MS = 3000

export interface HotChannel {
  on(event: string, callback: (data: unknown) => void): void
}

export type ShownVersions = ReadonlyArray<readonly [path: string, hash: string]>

/** The canvas paths an afterUpdate payload names (`/src/App.tsx?t=1` → `src/App.tsx`). */
export const updatedPaths = (payload: unknown): Array<string> => {
  const updates = isRecord(payload) && Array.isArray(payload.updates) ? payload.updates : []
  const paths: Array<string> = []
  for (const update of updates) {
    if (!isRecord(update)) continue
    for (const url of [update.path, update.acceptedPath]) {
      if (typeof url === "string") paths.push(url.split("?", 1)[0]!.replace(/^\/+/, ""))
    }
  }
  return paths
}

/**
 * Calls `announced` with each file version as the plugin announces it (its hot reload is under
 * way), and `shown` once the page shows it.
 */
export const watchHotVersions = (
  hot: HotChannel | undefined,
  clock: FrameClock,
  callbacks: {
    readonly announced: (path: string, hash: string) => void
    readonly shown: (versions: ShownVersions) => void
  },
): { readonly dispose: () => void } => {
  /** Announced, not yet shown: the newest hash of each path, and its fallback timer. */
  const announced = new Map<string, { readonly hash: string; readonly fallback: number }>()
  const timers = new Set<number>()
  let disposed = false

  const later = (ms: number, task: () => void) => {
    const handle = clock.setTimeout(() => {
      timers.delete(handle)
      if (!disposed) task()
    }, ms)
    timers.add(handle)
    return handle
  }

  const show = (versions: ShownVersions) => {
    for (const [path, hash] of versions) {
      const entry = announced.get(path)
      // A newer version announced meanwhile stays announced; the page shows this one.
      if (entry?.hash !== hash) continue
      clock.clearTimeout(entry.fallback)
      timers.delete(entry.fallback)
      announced.delete(path)
    }
    callbacks.shown(versions)
  }

  hot?.on(FILE_VERSION_EVENT, (data) => {
    if (!isRecord(data) || typeof data.path !== "string" || typeof data.hash !== "string") return
    const { path, hash } = data
    const previous = announced.get(path)
    if (previous) {
      clock.clearTimeout(previous.fallback)
      timers.delete(previous.fallback)
    }
    const fallback = later(UNNAMED_VERSION_WAIT_MS, () => show([[path, hash]]))
    announced.set(path, { hash, fallback })
    callbacks.announced(path, hash)
  })

  hot?.on(AFTER_UPDATE_EVENT, (payload) => {
    const versions: Array<readonly [string, string]> = []
    for (const path of new Set(updatedPaths(payload))) {
      const entry = announced.get(path)
      if (entry) versions.push([path, entry.hash])
    }
    if (versions.length > 0) later(REFRESH_RENDER_WAIT_MS, () => show(versions))
  })

  return {
    dispose: () => {
      disposed = true
      for (const handle of timers) clock.clearTimeout(handle)
      timers.clear()
    },
  }
}

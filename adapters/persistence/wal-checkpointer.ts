import { statSync } from "node:fs"
import { Worker } from "node:worker_threads"

/**
 * Checkpoints of a SQLite file's WAL off the request path. SQLite's own (wal_autocheckpoint) runs
 * inside the commit that fills the WAL to 1,000 pages and fsyncs the WAL and the file there: under
 * the vote bench one commit in 40 took ~15 ms while every other request waited for the event
 * loop. The serving connection turns them off (data-source.ts) and this runs them on a connection
 * of its own in a worker thread (wal-checkpointer.worker.js). Nothing is less durable: a commit
 * is in the WAL, which SQLite replays after a crash; a clean close checkpoints and removes the
 * WAL as before.
 */
export interface WalCheckpointer {
  /** Runs a checkpoint now (starting the worker if it has not started yet). */
  readonly checkpoint: (mode: CheckpointMode) => Promise<CheckpointResult>
  /** Stops the timer and closes the worker's connection (before the serving one closes). */
  readonly close: () => Promise<void>
}

export type CheckpointMode = "PASSIVE" | "TRUNCATE"

/** SQLite's answer to `PRAGMA wal_checkpoint`: frames in the WAL and frames now in the file. */
export interface CheckpointResult {
  readonly busy: boolean
  readonly walFrames: number
  readonly checkpointedFrames: number
}

/** The worker's messages (wal-checkpointer.worker.js). */
type CheckpointerRequest =
  | { readonly kind: "checkpoint"; readonly id: number; readonly mode: CheckpointMode }
  | { readonly kind: "close" }
type CheckpointerReply =
  | { readonly kind: "checkpointed"; readonly id: number; readonly result: CheckpointResult }
  | { readonly kind: "failed"; readonly id: number; readonly message: string }

export interface WalCheckpointerOptions {
  /** How often the worker checkpoints (PASSIVE: moves what it can without waiting). */
  readonly intervalMs: number
  /** The WAL's size on disk above which the worker truncates it. */
  readonly truncateAboveBytes: number
  /**
   * The worker (a thread, ~14 MB) starts once the WAL on disk passes this size, or at the first
   * `checkpoint`: where SQLite's own first checkpoint would have come (1,000 pages). A short CLI
   * command, or a server that writes little (a fresh database's migrations leave ~0.9 MB), never
   * starts one; its WAL is checkpointed when its connection closes.
   */
  readonly startAboveBytes: number
  /** How often the WAL's size is looked at until the worker starts. */
  readonly watchEveryMs: number
  /** The worker failed or exited by itself: the caller turns SQLite's own checkpoints back on. */
  readonly onFailure: (error: Error) => void
}

/** SQLite's own would checkpoint at 1,000 pages (~4 MB); a tick moves far less under the vote bench. */
export const WAL_CHECKPOINTER_DEFAULTS: Omit<WalCheckpointerOptions, "onFailure"> = {
  intervalMs: 200,
  truncateAboveBytes: 64 * 1024 * 1024,
  startAboveBytes: 4 * 1024 * 1024,
  watchEveryMs: 500,
}

const walBytes = (file: string): number => {
  try {
    return statSync(`${file}-wal`).size
  } catch {
    return 0
  }
}

export const startWalCheckpointer = (
  file: string,
  options: Partial<WalCheckpointerOptions> = {},
): WalCheckpointer => {
  const settings = { ...WAL_CHECKPOINTER_DEFAULTS, ...options }
  let worker: Worker | undefined
  let closed = false
  let dead: Error | undefined
  let nextId = 0
  const pending = new Map<
    number,
    { resolve: (result: CheckpointResult) => void; reject: (error: Error) => void }
  >()

  const start = (): Worker => {
    if (worker) return worker
    clearInterval(watch)
    const started = new Worker(new URL("./wal-checkpointer.worker.js", import.meta.url), {
      workerData: {
        file,
        intervalMs: settings.intervalMs,
        truncateAboveBytes: settings.truncateAboveBytes,
      },
      name: "colorday wal checkpointer",
      // A connection and a timer: far below V8's defaults.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    })
    // The checkpointer never keeps the process alive (close waits for it).
    started.unref()
    started.on("message", (reply: CheckpointerReply) => {
      const waiting = pending.get(reply.id)
      pending.delete(reply.id)
      if (reply.kind === "checkpointed") waiting?.resolve(reply.result)
      else waiting?.reject(new Error(`WAL checkpoint failed: ${reply.message}`))
    })
    // Once, whichever comes first: an error is followed by an exit.
    const stopped = (error: Error) => {
      if (dead) return
      dead = error
      for (const { reject } of pending.values()) reject(error)
      pending.clear()
      if (!closed) settings.onFailure?.(error)
    }
    started.on("error", stopped)
    started.on("exit", (code) => stopped(new Error(`The WAL checkpointer exited (${code})`)))
    worker = started
    return started
  }
  const watch = setInterval(() => {
    if (walBytes(file) > settings.startAboveBytes) start()
  }, settings.watchEveryMs)
  watch.unref()

  return {
    checkpoint: (mode) => {
      if (closed) return Promise.reject(new Error("The WAL checkpointer is closed"))
      if (dead) return Promise.reject(dead)
      const id = nextId++
      return new Promise<CheckpointResult>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        start().postMessage({ kind: "checkpoint", id, mode } satisfies CheckpointerRequest)
      })
    },
    close: async () => {
      if (closed) return
      closed = true
      clearInterval(watch)
      const running = worker
      if (!running || dead) return
      const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()))
      // Held until it has closed its connection, so the serving one closes last.
      running.ref()
      running.postMessage({ kind: "close" } satisfies CheckpointerRequest)
      await exited
    },
  }
}

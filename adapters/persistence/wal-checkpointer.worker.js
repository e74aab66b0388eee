// The WAL checkpointer's thread (wal-checkpointer.ts starts it and declares its messages): a
// connection of its own to the SQLite file that moves the WAL's pages into the database file on a
// timer, so a checkpoint's fsyncs happen here and not in a commit on the serving connection.
//
// Plain JavaScript on purpose: a .ts worker loads Node's type stripper into its own isolate,
// which costs the server about 20 MB of RSS more than this file does (~14 MB for the thread).
import { statSync } from "node:fs"
import { createRequire } from "node:module"
import { parentPort, workerData } from "node:worker_threads"

const Sqlite = createRequire(import.meta.url)("better-sqlite3")

/** @type {{ file: string, intervalMs: number, truncateAboveBytes: number }} */
const settings = workerData
const port = parentPort
if (!port) throw new Error("wal-checkpointer.worker.js runs as a worker thread")

// A TRUNCATE waits for the writer; the serving connection holds it for well under a millisecond.
const db = new Sqlite(settings.file, { timeout: 2_000 })

/** @param {"PASSIVE" | "TRUNCATE"} mode */
const checkpoint = (mode) => {
  const [row] = db.pragma(`wal_checkpoint(${mode})`)
  return {
    busy: row?.busy === 1,
    walFrames: row?.log ?? 0,
    checkpointedFrames: row?.checkpointed ?? 0,
  }
}

const walBytes = () => {
  try {
    return statSync(`${settings.file}-wal`).size
  } catch {
    return 0
  }
}

// PASSIVE never waits for the writer. The WAL starts over from its beginning at the first commit
// after every frame was moved, so it stays as long as the commits between two ticks; it is cut
// only when a reader kept it from starting over (or journal_size_limit trims it on a restart).
const tick = () => {
  try {
    checkpoint("PASSIVE")
    if (walBytes() > settings.truncateAboveBytes) checkpoint("TRUNCATE")
  } catch {
    // SQLITE_BUSY (another process's checkpoint, a long writer): the next tick tries again.
  }
}
const timer = setInterval(tick, settings.intervalMs)

port.on("message", (request) => {
  if (request.kind === "close") {
    clearInterval(timer)
    db.close()
    port.close()
    return
  }
  try {
    port.postMessage({ kind: "checkpointed", id: request.id, result: checkpoint(request.mode) })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    port.postMessage({ kind: "failed", id: request.id, message })
  }
})

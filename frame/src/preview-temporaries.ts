/**
 * The temporary parts of previews, each with its cleanup: queued when made, marked when the
 * parent flushes the queue, due once the hot reload carrying the real change has arrived.
 */
import { PLACEHOLDER_CLASS, TEMPORARY_CLASS_PREFIX, isTemporaryClass } from "./temporary.ts"

type TemporaryStage = "queued" | "marked" | "due"
interface Temporary {
  readonly changeId: string
  stage: TemporaryStage
  readonly cleanup: () => void
  /** The file versions (path, content hash) whose hot reload carries the real change. */
  awaiting?: ReadonlyArray<readonly [string, string]>
  /** When a due temporary may go (the page has had time to render the real change). */
  dueAt?: number
}

/** The source files' versions the hot reload has announced, by path. */
export type FileVersionMap = ReadonlyMap<string, string>

/** Whether the page has every one of these file versions (none given: not known, so no). */
export const hasVersions = (
  files: ReadonlyArray<readonly [string, string]>,
  versions: FileVersionMap,
) => files.length > 0 && files.every(([path, hash]) => versions.get(path) === hash)

export const createTemporaries = (doc: Document) => {
  const temporaries: Array<Temporary> = []

  const remember = (changeId: string, cleanup: () => void) => {
    temporaries.push({ changeId, stage: "queued", cleanup })
  }

  return {
    remember,
    markQueueForDeletion: () => {
      for (const temporary of temporaries) {
        if (temporary.stage === "queued") temporary.stage = "marked"
      }
    },
    hotReloaded: (versions: FileVersionMap, legacy: boolean) => {
      for (const temporary of temporaries) {
        if (temporary.stage !== "marked") continue
        const known = temporary.awaiting
        if (known ? hasVersions(known, versions) : legacy) temporary.stage = "due"
      }
    },
    awaitVersions: (
      files: ReadonlyArray<readonly [string, string]>,
      versions: FileVersionMap,
      dueAt: number,
    ) => {
      let due = false
      for (const temporary of temporaries) {
        if (temporary.stage !== "marked" || temporary.awaiting) continue
        temporary.awaiting = files
        if (hasVersions(files, versions)) {
          temporary.stage = "due"
          temporary.dueAt = dueAt
          due = true
        }
      }
      return due
    },
    cleanupDue: (now = Number.POSITIVE_INFINITY) => {
      const due = temporaries.filter(
        (temporary) => temporary.stage === "due" && (temporary.dueAt ?? 0) <= now,
      )
      for (const temporary of due) {
        temporary.cleanup()
        temporaries.splice(temporaries.indexOf(temporary), 1)
      }
      return due.length > 0
    },
    cleanupAll: () => {
      for (const temporary of temporaries.splice(0)) temporary.cleanup()
      // Anything else with the prefix (a copy made before a reload of the frame) goes too.
      for (const element of doc.querySelectorAll(`.${PLACEHOLDER_CLASS}`)) element.remove()
      for (const element of doc.querySelectorAll(`[class*="${TEMPORARY_CLASS_PREFIX}"]`)) {
        for (const name of [...element.classList]) {
          if (isTemporaryClass(name)) element.classList.remove(name)
        }
      }
    },
    /** Undoes at once the temporaries whose change id matches (a refused change's preview). */
    takeBack: (matches: (changeId: string) => boolean) => {
      const taken = temporaries.filter((temporary) => matches(temporary.changeId))
      for (const temporary of taken) {
        temporary.cleanup()
        temporaries.splice(temporaries.indexOf(temporary), 1)
      }
      return taken.length > 0
    },
    pending: () => temporaries.length,
  }
}

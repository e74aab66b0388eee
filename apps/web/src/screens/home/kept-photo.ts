import { createStore, del, get, set } from "idb-keyval"

/**
 * The photo a member chose before leaving for a checkout (an extra entry, or a plan from
 * Upgrade), kept in this browser's IndexedDB so the entry can go on where it stopped: on return
 * the submission dialog restores it and goes straight to Confirm Submission (§4 Payment return).
 * IndexedDB, not sessionStorage: a photo can be 10 MB. Kept as its bytes, name and type (every
 * IndexedDB can hold an ArrayBuffer; not every one a File).
 */

/** How long a kept photo waits: a checkout abandoned for longer is not resumed. */
export const KEPT_FOR_MS = 24 * 60 * 60 * 1000

interface Kept {
  readonly bytes: ArrayBuffer
  readonly name: string
  readonly type: string
  readonly keptAt: number
}

/** Opened per use (a photo is kept or taken once per checkout), never held open. */
const photos = () => createStore("colorday", "entry-photos")

/** Keeps the photo chosen for `contestId` (one per contest; a later one replaces it). */
export const keepPhoto = async (contestId: string, file: File, now = Date.now()) => {
  try {
    const kept: Kept = {
      bytes: await file.arrayBuffer(),
      name: file.name,
      type: file.type,
      keptAt: now,
    }
    await set(contestId, kept, photos())
  } catch {
    // A browser without IndexedDB (a private window in some) just asks for the photo again.
  }
}

/** The photo kept for `contestId`, taken (so it is restored once), unless it is too old. */
export const takeKeptPhoto = async (contestId: string, now = Date.now()): Promise<File | null> => {
  try {
    const kept = await get<Kept>(contestId, photos())
    if (kept === undefined) return null
    await del(contestId, photos())
    if (now - kept.keptAt > KEPT_FOR_MS) return null
    return new File([kept.bytes], kept.name, { type: kept.type })
  } catch {
    return null
  }
}

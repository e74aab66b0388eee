/**
 * Drive mode (§4): the app behaves as itself, no outlines, no hover. Kept in session storage, so
 * it survives the app's own reloads within the editor's tab.
 */
import { SESSION_STORAGE_PREFIX } from "./constants.ts"

export const DRIVE_MODE_KEY = `${SESSION_STORAGE_PREFIX}driveMode`

const storage = (win: Window): Storage | undefined => {
  try {
    return win.sessionStorage
  } catch {
    return undefined // sandboxed without storage: drive mode lasts until the next load
  }
}

export const readDriveMode = (win: Window): boolean =>
  storage(win)?.getItem(DRIVE_MODE_KEY) === "true"

export const writeDriveMode = (win: Window, on: boolean): void => {
  const store = storage(win)
  if (!store) return
  if (on) store.setItem(DRIVE_MODE_KEY, "true")
  else store.removeItem(DRIVE_MODE_KEY)
}

/** On: the cursor goes back to the app's own. Off: forced to default while editing. */
export const applyDriveModeCursor = (doc: Document, on: boolean): void => {
  doc.documentElement.style.cursor = on ? "" : "default"
}

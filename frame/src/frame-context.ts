/** What the parts of the frame's controller (frame.ts) share. */
import type { FrameLookups } from "./frame-lookups.ts"
import type { Messenger } from "./messages.ts"
import type { FrameState } from "./state.ts"

export interface FrameContext {
  readonly win: Window
  readonly doc: Document
  readonly state: FrameState
  readonly lookups: FrameLookups
  /** Posts a message to the parent (and logs it with the debug flag). */
  readonly send: Messenger["send"]
  /** Draws the overlay now, from the frame's memory. */
  readonly drawNow: () => void
}

/**
 * The version (content hash) of each source file the hot reload has announced
 * (FILE_VERSION_EVENT), those the page shows, and those it showed when the current nav tree began
 * to build. A rename
 * of codebase ids (updateCodebaseIds) applies to a page still showing the old version only: once
 * the hot reload of the edited file is under way, React writes the new ids itself, and renaming
 * them again would give an element the id another one had (positional ids are reused).
 */
export interface FileVersions {
  /** The newest version of each file the hot reload announced: React may be rendering it. */
  readonly announced: Map<string, string>
  /** The version of each file the page shows (hot-versions.ts): what trees are labelled with. */
  readonly seen: Map<string, string>
  tree: Map<string, string>
  /** Whether the parent tells the versions its changes wrote (updateCodebaseIds' second argument). */
  parentNamesVersions: boolean
}

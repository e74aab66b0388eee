/** The frame spec's §9 constants, in one place. */

export const NAV_TREE_SLICE_MS = 10
/**
 * Where the nav tree's slice loop stops taking steps: 4 ms short of NAV_TREE_SLICE_MS, so a pause
 * the loop cannot see coming falls in that room and not past issue 20's 12 ms: a young-generation
 * collection V8 runs mid-step (3-7 ms in the frame bench), or the thread waiting for a CPU while
 * V8 compiles on its background threads (a build's first slices) and other processes run. Aimed at
 * 10 ms, the loop held each slice to 10.7 ms of CPU, yet 1-18 slices a build ran over 12 ms.
 */
export const NAV_TREE_SLICE_AIM_MS = 6
export const NAV_TREE_REBUILD_DELAY_MS = 300
export const SERVER_RENDERING_REFRESH_DELAY_MS = 1000
export const DRAG_THRESHOLD_PX = 20
export const OUTLINE_UPDATE_THROTTLE_MS = 15
export const FRAME_DEBOUNCE_MS = 16
/** A debounced task running longer than this is logged as a warning (§8). */
export const SLOW_TASK_WARNING_MS = 16

export const OUTLINE_COLOURS = {
  normal: { element: "#4597F7", component: "#6183e4" },
  aiContext: { element: "#6858f5", component: "#5246C2" },
} as const

export const Z_INDEX = {
  layer: 2000000004,
  move: 2000000003,
  primary: 2000000002,
  secondary: 2000000001,
  child: 2000000000,
} as const

/** Outline widths in px at 100% zoom; the drawn width is divided by the zoom. */
export const OUTLINE_WIDTH = { primary: 1, secondary: 0.5 } as const
export const LABEL_FONT_SIZE_PX = 20
export const LABEL_RADIUS_PX = 8

/** Session storage keys are prefixed (§9). */
export const SESSION_STORAGE_PREFIX = "colorday-frame:"

export const STORYBOARD_TYPES = ["APPLICATION", "STORY"] as const
export type StoryboardType = (typeof STORYBOARD_TYPES)[number]

/** Attribute marking the frame's own DOM (overlay, style sheets) so nothing else counts it. */
export const FRAME_OWNED_ATTRIBUTE = "data-colorday-frame"

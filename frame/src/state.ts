/** The frame's memory (§3). One object, owned by the frame's controller. */
import type { StoryboardType } from "./constants.ts"
import type { NavTree } from "./nav-tree.ts"

export interface DragContext {
  readonly elementKey: string
  readonly pageX: number
  readonly pageY: number
  readonly offsetX: number
  readonly offsetY: number
  readonly parentSelectedElementKey: string | null
  readonly selectedParentDisplay: string
  readonly selectedParentFlexDirection: string
  dragging: boolean
}

export interface MousePosition {
  readonly pageX: number
  readonly pageY: number
  readonly clientX: number
  readonly clientY: number
}

export interface TextEditState {
  readonly key: string
  readonly originalText: string
}

/** What the parent knows of a codebase id from the source (setNewLookups). */
export interface CodebaseLookup {
  readonly name?: string
  readonly isComponent?: boolean
  /** The element's text comes from an expression: the Edit Dynamic Text button, no inline edit. */
  readonly dynamicText?: boolean
}

export interface FrameState {
  storyboardId: string
  storyboardType: StoryboardType
  storyboardComponent: string | null
  savedComponentFilename: string | null
  originalStoryboardUrl: string | null
  selectedElementKey: string | null
  hoveredElementKey: string | null
  multiSelectedElementKeys: Array<string>
  lookups: Map<string, CodebaseLookup>
  navTree: NavTree | undefined
  dragContext: DragContext | undefined
  mousePosition: MousePosition | undefined
  /** 100 = actual size. */
  zoomPerc: number
  aiContext: boolean
  hotReload: boolean
  isFlushing: boolean
  lastNavTreeRefreshTime: number
  textEdit: TextEditState | undefined
  driveMode: boolean
  modifiers: Array<string>
}

export const initialState = (storyboardId: string): FrameState => ({
  storyboardId,
  storyboardType: "APPLICATION",
  storyboardComponent: null,
  savedComponentFilename: null,
  originalStoryboardUrl: null,
  selectedElementKey: null,
  hoveredElementKey: null,
  multiSelectedElementKeys: [],
  lookups: new Map(),
  navTree: undefined,
  dragContext: undefined,
  mousePosition: undefined,
  zoomPerc: 100,
  aiContext: false,
  hotReload: false,
  isFlushing: false,
  lastNavTreeRefreshTime: 0,
  textEdit: undefined,
  driveMode: false,
  modifiers: [],
})

/** Zoom as a factor (1 at 100%); never zero, so widths divided by it stay finite. */
export const zoomFactor = (state: Pick<FrameState, "zoomPerc">): number =>
  state.zoomPerc > 0 ? state.zoomPerc / 100 : 1

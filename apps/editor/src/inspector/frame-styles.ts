/**
 * The selected element's styles as the canvas computes them, from the frame's COMPUTED_STYLES
 * reports (frame/src/style-report.ts): sent when an element is selected and again after every
 * change the canvas shows, so the inspector's values follow the canvas. One store per channel.
 */
import { useSyncExternalStore } from "react"
import type { FrameChannel, FrameMessage } from "../frame/frame-channel.ts"
import { useSession } from "../editing/editor-context.tsx"

export interface ThemeColour {
  /** The custom property: `--color-primary`. */
  readonly name: string
  readonly value: string
}

export interface FrameStyles {
  readonly elementKey: string | null
  /** Computed values by CSS property (`padding-top: 4px`). */
  readonly styles: Readonly<Record<string, string>>
  readonly rootFontSize: number
  /** The pseudo-class states the canvas previews, and how many declarations it forced for them. */
  readonly state: { readonly modifiers: ReadonlyArray<string>; readonly forced: number }
  readonly themeColours: ReadonlyArray<ThemeColour>
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const strings = (value: unknown): Array<string> =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []

/** A COMPUTED_STYLES payload, checked: what the frame sends is unknown until read. */
export const readFrameStyles = (payload: unknown): FrameStyles | null => {
  if (!isRecord(payload)) return null
  const styles: Record<string, string> = {}
  if (isRecord(payload.styles)) {
    for (const [property, value] of Object.entries(payload.styles)) {
      if (typeof value === "string") styles[property] = value
    }
  }
  const state = isRecord(payload.state) ? payload.state : {}
  const themeColours = Array.isArray(payload.themeColours)
    ? payload.themeColours.flatMap((colour) =>
        isRecord(colour) && typeof colour.name === "string" && typeof colour.value === "string"
          ? [{ name: colour.name, value: colour.value }]
          : [],
      )
    : []
  return {
    elementKey: typeof payload.elementKey === "string" ? payload.elementKey : null,
    styles,
    rootFontSize:
      typeof payload.rootFontSize === "number" && payload.rootFontSize > 0
        ? payload.rootFontSize
        : 16,
    state: {
      modifiers: strings(state.modifiers),
      forced: typeof state.forced === "number" ? state.forced : 0,
    },
    themeColours,
  }
}

export const createFrameStylesStore = (channel: Pick<FrameChannel, "subscribe">) => {
  let current: FrameStyles | null = null
  const listeners = new Set<() => void>()
  channel.subscribe((message: FrameMessage) => {
    if (message.type !== "COMPUTED_STYLES") return
    current = readFrameStyles(message.payload)
    for (const listener of listeners) listener()
  })
  return {
    getSnapshot: (): FrameStyles | null => current,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

const stores = new WeakMap<object, ReturnType<typeof createFrameStylesStore>>()

/** The canvas's latest report (of whichever element was selected when it was sent). */
export const useFrameStyles = (): FrameStyles | null => {
  const channel = useSession().frameChannel
  let store = stores.get(channel)
  if (!store) {
    store = createFrameStylesStore(channel)
    stores.set(channel, store)
  }
  return useSyncExternalStore(store.subscribe, store.getSnapshot)
}

/** The computed styles of the element `key`, when the canvas's latest report is about it. */
export const useComputedStyles = (key: string): FrameStyles | null => {
  const report = useFrameStyles()
  return report?.elementKey === key ? report : null
}

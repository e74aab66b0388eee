/**
 * What a resize in the canvas writes (the frame's RESIZE_END): its width and height as the
 * inspector would write them (`w-64` when a step of the scale fits, else `w-[317px]`), as one
 * STYLING change: a corner's width and height are one entry in the change ledger, one undo.
 */
import type { CustomClass } from "../../../../domain/editing/change-fields.schema.ts"
import { lengthClass } from "../inspector/style-classes.ts"

export interface ResizedSide {
  readonly property: "width" | "height"
  /** The new length in whole pixels, as the STYLING change declares it (`317px`). */
  readonly value: string
  readonly className: string
}

export const resizedSides = (payload: Readonly<Record<string, unknown>>): Array<ResizedSide> =>
  (["width", "height"] as const).flatMap((property) => {
    const given = payload[property]
    if (typeof given !== "number" || !Number.isFinite(given) || given <= 0) return []
    const value = `${Math.round(given)}px`
    const className = lengthClass(property, value)
    return className ? [{ property, value, className }] : []
  })

export const resizeClasses = (payload: Readonly<Record<string, unknown>>): Array<string> =>
  resizedSides(payload).map((side) => side.className)

/**
 * The STYLING fields' declarations and the classes the server is to write for them: each class is
 * given with the one declaration it stands for, so the source gets `w-64`, not `w-[256px]`.
 */
export const resizeStyling = (
  sides: ReadonlyArray<ResizedSide>,
): {
  readonly stylingChanges: Record<string, string>
  readonly customProperties: ReadonlyArray<CustomClass>
} => ({
  stylingChanges: Object.fromEntries(sides.map((side) => [side.property, side.value])),
  customProperties: sides.map((side) => ({
    tailwind: side.className,
    css: `${side.property}: ${side.value}`,
  })),
})

/**
 * The classes a resize in the canvas writes (the frame's RESIZE_END): its width and height as the
 * inspector would write them (`w-64` when a step of the scale fits, else `w-[317px]`).
 */
import { lengthClass } from "../inspector/style-classes.ts"

export const resizeClasses = (payload: Readonly<Record<string, unknown>>): Array<string> =>
  (["width", "height"] as const).flatMap((property) => {
    const value = payload[property]
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return []
    const className = lengthClass(property, `${Math.round(value)}px`)
    return className ? [className] : []
  })

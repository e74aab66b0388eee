import type { CSSProperties } from "react"
import { cn } from "./cn.ts"

/** Where each fleck lands (rem, from the check's centre) and which pencil drew it. */
const FLECKS = [
  { x: -1.6, y: -1.4, color: "bg-pencil-yellow" },
  { x: 1.5, y: -1.5, color: "bg-pencil-blue" },
  { x: 1.9, y: 0.2, color: "bg-pencil-red" },
  { x: -1.9, y: 0.4, color: "bg-pencil-green" },
  { x: -0.6, y: -2, color: "bg-pencil-plum" },
  { x: 0.8, y: 1.6, color: "bg-pencil-yellow" },
  { x: -1, y: 1.5, color: "bg-pencil-blue" },
  { x: 0.5, y: -2.1, color: "bg-pencil-green" },
] as const

/**
 * A success's mark: a check that draws itself in a green circle while a handful of pencil-coloured
 * flecks burst out and fade. Without motion (prefers-reduced-motion) it is the still check alone.
 */
export const CelebrationCheck = ({ className }: { readonly className?: string }) => (
  <span
    data-slot="celebration"
    aria-hidden
    className={cn("relative inline-flex size-6 shrink-0", className)}
  >
    {FLECKS.map((fleck, index) => (
      <span
        key={index}
        className={cn(
          "absolute top-1/2 left-1/2 -mt-1 -ml-0.5 hidden h-2 w-1 rounded-pill motion-safe:block motion-safe:animate-confetti",
          fleck.color,
        )}
        style={
          {
            "--fleck-x": `${fleck.x}rem`,
            "--fleck-y": `${fleck.y}rem`,
            animationDelay: `${120 + index * 25}ms`,
          } as CSSProperties
        }
      />
    ))}
    <svg viewBox="0 0 24 24" className="relative size-6" fill="none">
      <circle cx="12" cy="12" r="11" className="fill-pencil-green" />
      <path
        d="m7 12.5 3.2 3.2L17 8.8"
        pathLength={1}
        className="stroke-white [stroke-dasharray:1] motion-safe:animate-draw"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  </span>
)

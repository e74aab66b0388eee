import { cn } from "./cn.ts"

/**
 * A success's mark: a check that draws itself in a green circle while pencil-coloured flecks burst
 * out and fade (theme.css's confetti-burst, CSS only). Without motion (prefers-reduced-motion) it
 * is the still check alone.
 */
export const CelebrationCheck = ({ className }: { readonly className?: string }) => (
  <span
    data-slot="celebration"
    aria-hidden
    className={cn("relative inline-flex size-6 shrink-0", className)}
  >
    <span className="confetti-burst hidden motion-safe:block" />
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

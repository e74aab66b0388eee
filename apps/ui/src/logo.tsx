import { cn } from "./cn.ts"

/**
 * Colorday's mark: a yellow colored pencil drawing a line on a vermilion tile. Flat shapes on a
 * 32-unit grid, so it stays crisp from 16 px (the favicon, apps/web/public/favicon.svg, is the
 * same drawing) to the header's 24–40 px. Decorative: the wordmark or a label names it.
 */
export const LogoMark = ({
  className = "size-8",
}: {
  /** Its size among them (size-8 when none is given): a default to replace, not a class to merge. */
  readonly className?: string
}) => (
  <svg
    data-slot="logo-mark"
    viewBox="0 0 32 32"
    aria-hidden
    focusable="false"
    className={cn("shrink-0", className)}
  >
    <rect width="32" height="32" rx="8" fill="var(--color-brand-600)" />
    <path
      d="M5.5 25.5c2.5-3 4.5 1.2 7-1.6s4.6.8 7.2-1.6"
      fill="none"
      stroke="var(--color-pencil-yellow)"
      strokeWidth="2.4"
      strokeLinecap="round"
    />
    <g transform="rotate(-45 18 14)">
      <path d="M9.5 14 15 10.6v6.8z" fill="#f6dcb4" />
      <path d="m9.5 14 2.2-1.35v2.7z" fill="var(--color-pencil-yellow)" />
      <rect x="15" y="10.6" width="13" height="6.8" fill="var(--color-pencil-yellow)" />
      <rect x="15" y="13.3" width="13" height="1.4" fill="#d9920f" />
      <rect x="28" y="10.6" width="2.2" height="6.8" rx=".8" fill="var(--color-brand-50)" />
    </g>
  </svg>
)

/** The mark and the wordmark, in the display face. */
export const Logo = ({
  className,
  markClassName,
  name = "Colorday",
}: {
  readonly className?: string
  readonly markClassName?: string
  readonly name?: string
}) => (
  <span
    data-slot="logo"
    className={cn(
      "inline-flex items-center gap-2 font-display font-semibold tracking-tight",
      className,
    )}
  >
    <LogoMark className={markClassName} />
    <span>{name}</span>
  </span>
)

import { cva, type VariantProps } from "class-variance-authority"
import { Slot } from "radix-ui"
import type { ComponentProps } from "react"
import { cn } from "./cn.ts"

/**
 * The button's look, declared once: a base, a `variant` and a `size` (cva). Links that look like
 * buttons use `<Button asChild><Link …/></Button>` or `buttonVariants({ variant })`.
 */
const variants = cva(
  "inline-flex shrink-0 items-center justify-center rounded-control font-medium whitespace-nowrap transition-colors outline-ring focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed aria-invalid:outline-destructive [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary:
          "bg-primary text-primary-foreground hover:bg-primary-strong disabled:bg-primary/50",
        secondary:
          "border border-input bg-secondary text-secondary-foreground hover:bg-secondary-strong disabled:text-slate-400",
        ghost: "text-slate-700 hover:bg-muted disabled:text-slate-400",
        danger: "bg-destructive text-white hover:bg-destructive-strong disabled:bg-destructive/50",
      },
      // Each size says its gap and text size, so no class of the base is there to be replaced
      // (cn merges nothing within one string; cn.test.ts checks every combination).
      size: {
        default: "gap-2 px-4 py-2 text-sm",
        lg: "gap-2 px-5 py-2.5 text-base",
        sm: "gap-2 px-3 py-1.5 text-sm",
        xs: "gap-1 px-2 py-1 text-xs",
        icon: "size-9 gap-2 p-0 text-sm",
      },
    },
    defaultVariants: { variant: "primary", size: "default" },
  },
)

export type ButtonVariant = NonNullable<VariantProps<typeof variants>["variant"]>

/** The classes of a button, merged with the caller's `className` (a caller's class wins). */
export const buttonVariants = ({
  className,
  ...props
}: VariantProps<typeof variants> & { readonly className?: string } = {}): string =>
  cn(variants(props), className)

export const Button = ({
  variant,
  size,
  className,
  asChild = false,
  type,
  ...props
}: ComponentProps<"button"> &
  VariantProps<typeof variants> & {
    /** Render as the one child (a link), with the button's look and behaviour props. */
    readonly asChild?: boolean
  }) =>
  asChild ? (
    <Slot.Root
      data-slot="button"
      className={buttonVariants({ variant, size, className })}
      {...props}
    />
  ) : (
    <button
      data-slot="button"
      type={type ?? "button"}
      className={buttonVariants({ variant, size, className })}
      {...props}
    />
  )

import { LoaderCircle } from "lucide-react"
import type { ButtonHTMLAttributes, ReactNode } from "react"

/** The few building blocks every screen shares; Radix (radix-ui) supplies the interactive ones. */

type Variant = "primary" | "secondary" | "ghost" | "danger"

const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/50",
  secondary:
    "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:text-slate-400",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50",
}

export const buttonClass = (variant: Variant = "primary", extra = ""): string =>
  `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`

export const Button = ({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { readonly variant?: Variant }) => (
  <button type={type} className={buttonClass(variant, className)} {...props} />
)

export const Spinner = ({ label }: { readonly label: string }) => (
  <div role="status" className="flex items-center justify-center gap-2 py-12 text-slate-600">
    <LoaderCircle aria-hidden className="size-5 animate-spin" />
    <span>{label}</span>
  </div>
)

/** A failed request: what went wrong and a way to try again — never invented data. */
export const ErrorState = ({
  title = "Something went wrong",
  message,
  onRetry,
  retryLabel = "Try again",
}: {
  readonly title?: string
  readonly message: string
  readonly onRetry?: () => void
  readonly retryLabel?: string
}) => (
  <div
    role="alert"
    className="mx-auto max-w-md rounded-lg border border-red-200 bg-red-50 p-6 text-center"
  >
    <p className="font-semibold text-red-900">{title}</p>
    <p className="mt-1 text-sm text-red-800">{message}</p>
    {onRetry && (
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {retryLabel}
      </Button>
    )}
  </div>
)

export const EmptyState = ({
  title,
  children,
}: {
  readonly title: string
  readonly children?: ReactNode
}) => (
  <div className="mx-auto max-w-md rounded-lg border border-dashed border-slate-300 p-8 text-center">
    <p className="font-semibold">{title}</p>
    {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
  </div>
)

export const PageTitle = ({ children }: { readonly children: ReactNode }) => (
  <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{children}</h1>
)

export const Page = ({
  children,
  className = "",
}: {
  readonly children: ReactNode
  readonly className?: string
}) => <div className={`mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 ${className}`}>{children}</div>

export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback

/**
 * The message of a refusal about one form field (the API's `issues`), in the words meant for
 * people: "Your password is incorrect", not the summary's "password: Your password is incorrect".
 * Any other failure: as `messageOf`.
 */
export const fieldMessageOf = (
  error: unknown,
  fields: ReadonlyArray<string>,
  fallback: string,
): string => {
  const issues = (error as { body?: { issues?: unknown } } | null)?.body?.issues
  if (Array.isArray(issues)) {
    const issue = (issues as ReadonlyArray<{ field?: unknown; message?: unknown }>).find(
      (candidate) =>
        typeof candidate.field === "string" &&
        fields.includes(candidate.field) &&
        typeof candidate.message === "string",
    )
    if (issue) return issue.message as string
  }
  return messageOf(error, fallback)
}

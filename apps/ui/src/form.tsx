import {
  cloneElement,
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react"
import { cn } from "./cn.ts"
import { issuesOf, messageOf } from "./messages.ts"

/** What a refused form says: a message per field the server (or the form) named, and a summary. */
export interface FormProblem {
  readonly fields: Readonly<Record<string, string>>
  readonly message: string
}

/**
 * The server's 400 as field messages. Validation refusals carry `issues` [{field, message}];
 * input refusals say "field: what is wrong; other: …". Fields this form does not have stay in
 * the summary, which always holds the server's whole message.
 */
export const problemOf = (
  error: unknown,
  knownFields: ReadonlyArray<string>,
  fallback: string,
): FormProblem => {
  const message = messageOf(error, fallback)
  const fields: Record<string, string> = {}
  // The API client's errors (apps/web/src/api/http.ts ApiError) carry the HTTP status.
  if (error instanceof Error && (error as { status?: unknown }).status === 400) {
    const issues = issuesOf(error)
    for (const issue of issues)
      if (knownFields.includes(issue.field)) fields[issue.field] = issue.message
    if (issues.length === 0) {
      for (const part of error.message.split("; ")) {
        const match = /^([\w.[\]]+): (.+)$/.exec(part)
        const field = match?.[1]?.split(/[.[]/)[0]
        if (match?.[2] && field && knownFields.includes(field)) fields[field] ??= match[2]
      }
    }
  }
  return { fields, message }
}

/** A text control's look: `aria-invalid` turns its border red (`Field` sets it on an error). */
export const inputClass =
  "block w-full min-w-0 rounded-control border border-input bg-background px-3 py-2 text-base text-foreground shadow-control sm:text-sm placeholder:text-slate-500 focus:border-ring aria-invalid:border-destructive disabled:bg-muted disabled:text-muted-foreground"

type Control = ReactElement<{
  id?: string
  "aria-invalid"?: boolean
  "aria-describedby"?: string
}>

interface FieldText {
  /** The control's id; one is made up when not given. */
  readonly id?: string | undefined
  readonly label: string
  /** Help shown under the field. */
  readonly hint?: ReactNode
  /** What is wrong with the value, shown under the field in red. */
  readonly error?: string | undefined
}

/** A labelled control with its hint and its error, wired for screen readers. */
export const Field = ({
  id: given,
  label,
  hint,
  error,
  children,
  className,
}: FieldText & {
  readonly children: Control
  readonly className?: string | undefined
}) => {
  const generated = useId()
  const id = given ?? generated
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ")
  return (
    <div data-slot="field" className={cn("min-w-0", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">
        {cloneElement(children, {
          id,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy || undefined,
        })}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

/** A labelled text input: `Field` around a `TextInput`. */
export const TextField = ({
  id,
  label,
  hint,
  error,
  className,
  ...input
}: FieldText & InputHTMLAttributes<HTMLInputElement>) => (
  <Field id={id} label={label} hint={hint} error={error} className={className}>
    <TextInput {...input} />
  </Field>
)

/** A labelled text area: `Field` around a `TextArea`. */
export const TextAreaField = ({
  id,
  label,
  hint,
  error,
  className,
  ...textarea
}: FieldText & TextareaHTMLAttributes<HTMLTextAreaElement>) => (
  <Field id={id} label={label} hint={hint} error={error} className={className}>
    <TextArea {...textarea} />
  </Field>
)

export const TextInput = ({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) => (
  <input data-slot="input" {...props} className={cn(inputClass, className)} />
)

export const TextArea = ({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) => (
  <textarea data-slot="textarea" rows={4} {...props} className={cn(inputClass, className)} />
)

/** The browser's own select, for long lists and forms; `SelectMenu` (select.tsx) is Radix's. */
export const SelectInput = ({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) => (
  <select data-slot="native-select" {...props} className={cn(inputClass, className)} />
)

/** The summary of a refused form, read out when it appears. */
export const FormAlert = ({ message }: { readonly message: string | null | undefined }) =>
  message ? (
    <p
      role="alert"
      className="rounded-control border border-destructive-border bg-destructive-soft px-3 py-2 text-sm break-words text-destructive-foreground"
    >
      {message}
    </p>
  ) : null

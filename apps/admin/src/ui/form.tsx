import {
  cloneElement,
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react"
import { ApiError } from "../../../web/src/api/http.ts"
import { messageOf } from "../../../web/src/ui/ui.tsx"

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
  if (error instanceof ApiError && error.status === 400) {
    const body = error.body as { readonly issues?: unknown } | null
    const issues = Array.isArray(body?.issues) ? (body.issues as ReadonlyArray<unknown>) : []
    for (const issue of issues) {
      const { field, message: text } = (issue ?? {}) as { field?: unknown; message?: unknown }
      if (typeof field === "string" && typeof text === "string" && knownFields.includes(field))
        fields[field] = text
    }
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

export const inputClass =
  "block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 aria-[invalid=true]:border-red-600 disabled:bg-slate-100 disabled:text-slate-600"

type Control = ReactElement<{
  id?: string
  "aria-invalid"?: boolean
  "aria-describedby"?: string
}>

/** A labelled control with its hint and its error, wired for screen readers. */
export const Field = ({
  label,
  hint,
  error,
  children,
  className = "",
}: {
  readonly label: string
  readonly hint?: ReactNode
  readonly error?: string | undefined
  readonly children: Control
  readonly className?: string
}) => {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ")
  return (
    <div className={`min-w-0 ${className}`}>
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
        <p id={hintId} className="mt-1 text-xs text-slate-600">
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

export const TextInput = (props: InputHTMLAttributes<HTMLInputElement>) => (
  <input {...props} className={`${inputClass} ${props.className ?? ""}`} />
)

export const TextArea = (props: TextareaHTMLAttributes<HTMLTextAreaElement>) => (
  <textarea rows={4} {...props} className={`${inputClass} ${props.className ?? ""}`} />
)

export const SelectInput = (props: SelectHTMLAttributes<HTMLSelectElement>) => (
  <select {...props} className={`${inputClass} ${props.className ?? ""}`} />
)

/** The summary of a refused form, read out when it appears. */
export const FormAlert = ({ message }: { readonly message: string | null | undefined }) =>
  message ? (
    <p
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm break-words text-red-800"
    >
      {message}
    </p>
  ) : null

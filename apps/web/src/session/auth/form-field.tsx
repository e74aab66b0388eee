import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react"

/**
 * A labelled input with its help text and its error, tied together for screen readers
 * (aria-describedby, aria-invalid). The account pages, the auth dialog and the contact form use it.
 */

export const inputClass =
  "w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 disabled:bg-slate-100 aria-[invalid=true]:border-red-600 sm:text-sm"

interface FieldText {
  readonly label: string
  /** Help shown under the field. */
  readonly hint?: string | undefined
  /** What is wrong with the value, shown under the field in red. */
  readonly error?: string | undefined
}

const describedBy = (
  id: string,
  { hint, error }: Pick<FieldText, "hint" | "error">,
): string | undefined =>
  [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined

const FieldNotes = ({
  id,
  hint,
  error,
}: { readonly id: string } & Pick<FieldText, "hint" | "error">) => (
  <>
    {hint && (
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
    )}
    {error && (
      <p id={`${id}-error`} className="text-sm text-red-700">
        {error}
      </p>
    )}
  </>
)

export const TextField = ({
  label,
  hint,
  error,
  id,
  className = "",
  ...input
}: FieldText & InputHTMLAttributes<HTMLInputElement>) => {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={inputId}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        {...input}
      />
      <FieldNotes id={inputId} hint={hint} error={error} />
    </div>
  )
}

export const TextAreaField = ({
  label,
  hint,
  error,
  id,
  className = "",
  ...textarea
}: FieldText & TextareaHTMLAttributes<HTMLTextAreaElement>) => {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={inputId}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        {...textarea}
      />
      <FieldNotes id={inputId} hint={hint} error={error} />
    </div>
  )
}

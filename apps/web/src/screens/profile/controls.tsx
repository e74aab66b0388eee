import type { ReactNode } from "react"
import { TextAreaField, TextField } from "../../../../ui/src/form.tsx"
import { SelectMenu } from "../../../../ui/src/select.tsx"
import { Switch } from "../../../../ui/src/switch.tsx"

/** The settings tab's building blocks: a titled card, a labelled switch, a labelled select. */

export const SettingsCard = ({
  id,
  title,
  description,
  children,
  tone = "default",
}: {
  readonly id: string
  readonly title: string
  readonly description?: string
  readonly children: ReactNode
  readonly tone?: "default" | "danger"
}) => (
  <section
    aria-labelledby={id}
    className={`min-w-0 rounded-xl border p-5 shadow-sm ${
      tone === "danger" ? "border-red-300" : "border-slate-200"
    }`}
  >
    <h2
      id={id}
      className={`text-lg font-semibold ${tone === "danger" ? "text-red-800" : "text-slate-900"}`}
    >
      {title}
    </h2>
    {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
    <div className="mt-4">{children}</div>
  </section>
)

export const SettingSwitch = ({
  id,
  label,
  description,
  checked,
  onCheckedChange,
  disabled = false,
}: {
  readonly id: string
  readonly label: string
  readonly description?: string
  readonly checked: boolean
  readonly onCheckedChange?: (checked: boolean) => void
  readonly disabled?: boolean
}) => (
  <div className="flex items-start justify-between gap-4 py-3">
    <div className="min-w-0">
      <label htmlFor={id} className="font-medium text-slate-900">
        {label}
      </label>
      {description && (
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      )}
    </div>
    <Switch
      id={id}
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-describedby={description ? `${id}-description` : undefined}
    />
  </div>
)

export const SettingSelect = <V extends string>({
  id,
  label,
  value,
  options,
  onValueChange,
}: {
  readonly id: string
  readonly label: string
  readonly value: V
  readonly options: ReadonlyArray<{ readonly value: V; readonly label: string }>
  readonly onValueChange: (value: V) => void
}) => (
  <div className="flex flex-col gap-1 py-3">
    <label htmlFor={id} className="font-medium text-slate-900">
      {label}
    </label>
    <SelectMenu
      id={id}
      value={value}
      options={options}
      onValueChange={onValueChange}
      className="w-full max-w-xs"
    />
  </div>
)

/** A text field with its label and, when the server named it, its error (the kit's fields). */
export const Field = ({
  onChange,
  multiline = false,
  type = "text",
  ...field
}: {
  readonly id: string
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error?: string
  readonly multiline?: boolean
  readonly type?: "text" | "email" | "url" | "password"
  readonly placeholder?: string
  readonly autoComplete?: string
  readonly required?: boolean
  readonly maxLength?: number
}) =>
  multiline ? (
    <TextAreaField rows={3} {...field} onChange={(event) => onChange(event.target.value)} />
  ) : (
    <TextField type={type} {...field} onChange={(event) => onChange(event.target.value)} />
  )

import { type FormEvent, useId, useState } from "react"
import { DialogActions, FormDialog } from "../../../ui/src/dialog.tsx"
import type { CanvasComponent, RequiredProp } from "../api/canvas-api.ts"
import { useSession } from "../editing/editor-context.tsx"
import type { InsertPosition } from "../editing/insert-position.ts"

/**
 * Add element's form for a component with required props (issue 21): a component inserted
 * without them renders with undefined where it expects a value, and the page goes white. Strings,
 * numbers, booleans and choices are asked for; a prop of any other type (an object, a callback)
 * cannot be typed in, so the component is refused, naming the props.
 */

type Value = string | boolean

const initialValue = (prop: RequiredProp): Value =>
  prop.kind === "boolean" ? false : prop.kind === "choice" ? (prop.options[0] ?? "") : ""

const inputClass = "w-full rounded border border-slate-300 px-2 py-1 text-sm"

/** The element's props from the form, or the first value that is not one, named. */
const propsFrom = (
  props: ReadonlyArray<RequiredProp>,
  values: Readonly<Record<string, Value>>,
): { readonly props: Record<string, string | number | boolean> } | { readonly problem: string } => {
  const result: Record<string, string | number | boolean> = {}
  for (const prop of props) {
    const value = values[prop.name] ?? initialValue(prop)
    if (prop.kind === "number") {
      const number = typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN
      if (!Number.isFinite(number)) return { problem: `${prop.name} must be a number` }
      result[prop.name] = number
    } else {
      result[prop.name] = value
    }
  }
  return { props: result }
}

const PropField = ({
  prop,
  value,
  onChange,
}: {
  readonly prop: RequiredProp
  readonly value: Value
  readonly onChange: (value: Value) => void
}) => {
  const id = useId()
  const label = (
    <label htmlFor={id} className="font-mono text-sm">
      {prop.name}
      <span className="ml-2 font-sans text-xs text-slate-500">{prop.typeText}</span>
    </label>
  )
  if (prop.kind === "boolean") {
    return (
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </div>
    )
  }
  if (prop.kind === "choice") {
    return (
      <div className="grid gap-1">
        {label}
        <select
          id={id}
          className={inputClass}
          value={String(value)}
          onChange={(event) => onChange(event.target.value)}
        >
          {prop.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    )
  }
  return (
    <div className="grid gap-1">
      {label}
      <input
        id={id}
        type={prop.kind === "number" ? "number" : "text"}
        inputMode={prop.kind === "number" ? "decimal" : undefined}
        className={inputClass}
        value={String(value)}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}

const listOf = (words: ReadonlyArray<string>) =>
  words.length <= 1
    ? (words[0] ?? "")
    : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1] ?? ""}`

export const RequiredPropsDialog = ({
  component,
  position,
  onClose,
}: {
  readonly component: CanvasComponent
  /** Where Add element puts it, relative to the selected element. */
  readonly position: InsertPosition
  readonly onClose: () => void
}) => {
  const session = useSession()
  const [values, setValues] = useState<Readonly<Record<string, Value>>>(() =>
    Object.fromEntries(component.requiredProps.map((prop) => [prop.name, initialValue(prop)])),
  )
  const [problem, setProblem] = useState<string | null>(null)
  const tag = `<${component.name} />`
  const unaskable = component.requiredProps.filter((prop) => prop.kind === "other")

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const read = propsFrom(component.requiredProps, values)
    if ("problem" in read) {
      setProblem(read.problem)
      return
    }
    session.addElement(
      { component: component.name, file: component.file, props: read.props },
      position,
    )
    onClose()
  }

  if (unaskable.length > 0) {
    return (
      <FormDialog open onOpenChange={(open) => !open && onClose()} title={`Add ${tag}`}>
        <p role="alert" className="text-sm text-slate-700">
          {tag} needs {listOf(unaskable.map((prop) => `${prop.name} (${prop.typeText})`))}, which
          cannot be typed into a form. Give{" "}
          {unaskable.length === 1 ? "it a default" : "them defaults"} or make{" "}
          {unaskable.length === 1 ? "it" : "them"} optional in {component.file}, or add the element
          in the code.
        </p>
        <DialogActions>
          <button
            type="button"
            className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white"
            onClick={onClose}
          >
            Close
          </button>
        </DialogActions>
      </FormDialog>
    )
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Add ${tag}`}
      description={`${component.name} must be given these props to render.`}
    >
      <form noValidate onSubmit={submit} className="grid gap-3">
        {component.requiredProps.map((prop) => (
          <PropField
            key={prop.name}
            prop={prop}
            value={values[prop.name] ?? initialValue(prop)}
            onChange={(value) => {
              setProblem(null)
              setValues((current) => ({ ...current, [prop.name]: value }))
            }}
          />
        ))}
        {problem !== null && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <DialogActions>
          <button
            type="button"
            className="rounded px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
            onClick={onClose}
          >
            Cancel
          </button>
          <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
            Add {component.name}
          </button>
        </DialogActions>
      </form>
    </FormDialog>
  )
}

import { type KeyboardEvent, useEffect, useRef, useState } from "react"
import { cn } from "../../../ui/src/cn.ts"
import { type LengthUnit, parseLength } from "./style-classes.ts"

/**
 * A length the inspector edits: it shows the canvas's computed value in the chosen unit until
 * something is typed; ↑/↓ step by 1 (Shift by 10; by 0.1 and 1 in rem) and write once the
 * stepping pauses; Enter or leaving the field writes, Escape goes back to the canvas's value.
 */

/** How long stepping must pause before the stepped value is written (one change, not ten). */
export const STEP_COMMIT_MS = 500

const round = (value: number) => String(Number(value.toFixed(2)))

/** The computed value as the field shows it in `unit` (px → rem by the root font size). */
export const shownIn = (computed: string, unit: LengthUnit, rootFontSize: number): string => {
  const length = parseLength(computed)
  if (!length) return computed
  if (length.unit === unit) return round(length.value)
  if (length.unit === "px" && unit === "rem") return round(length.value / rootFontSize)
  if (length.unit === "rem" && unit === "px") return round(length.value * rootFontSize)
  return ""
}

/** What was typed, as CSS: a bare number takes the field's unit; keywords stay as typed. */
export const asCss = (typed: string, unit: LengthUnit): string => {
  const text = typed.trim()
  return /^-?\d*\.?\d+$/.test(text) ? `${text}${unit}` : text
}

export const LengthField = ({
  label,
  computed,
  unit,
  rootFontSize,
  signed = false,
  onCommit,
  onClear,
  className,
}: {
  readonly label: string
  readonly computed: string | undefined
  readonly unit: LengthUnit
  readonly rootFontSize: number
  readonly signed?: boolean
  readonly onCommit: (css: string) => void
  readonly onClear?: () => void
  readonly className?: string
}) => {
  const [draft, setDraft] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  /** The value last written from this field: leaving it after Enter writes nothing again. */
  const written = useRef<string | null>(null)
  const shown = computed === undefined ? "" : shownIn(computed, unit, rootFontSize)
  // A new value from the canvas replaces what was written or stepped to.
  useEffect(() => {
    setDraft(null)
    written.current = null
  }, [computed])
  useEffect(() => () => clearTimeout(timer.current), [])

  const commit = (value: string | null) => {
    clearTimeout(timer.current)
    timer.current = undefined
    if (value === null || value.trim() === shown || value === written.current) return
    written.current = value
    if (value.trim() === "") {
      onClear?.()
      return
    }
    onCommit(asCss(value, unit))
  }

  const step = (event: KeyboardEvent<HTMLInputElement>, direction: 1 | -1) => {
    event.preventDefault()
    const from = Number.parseFloat(draft ?? shown)
    const by = (unit === "rem" ? 0.1 : 1) * (event.shiftKey ? 10 : 1)
    let next = (Number.isFinite(from) ? from : 0) + direction * by
    if (!signed) next = Math.max(0, next)
    const text = round(next)
    setDraft(text)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => commit(text), STEP_COMMIT_MS)
  }

  return (
    <input
      aria-label={label}
      title={computed ? `${label}: ${computed}` : label}
      inputMode="decimal"
      className={cn(
        "w-12 rounded border border-slate-300 bg-white px-1 py-0.5 text-center font-mono text-xs",
        className,
      )}
      value={draft ?? shown}
      placeholder={computed && shown === "" ? computed : "–"}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === "ArrowUp") step(event, 1)
        else if (event.key === "ArrowDown") step(event, -1)
        else if (event.key === "Enter") {
          event.preventDefault()
          commit(draft)
        } else if (event.key === "Escape") {
          clearTimeout(timer.current)
          setDraft(null)
        }
      }}
      onBlur={() => commit(draft)}
    />
  )
}

/** The unit the typed numbers are written in. */
export const UnitSelect = ({
  label,
  units,
  value,
  onChange,
}: {
  readonly label: string
  readonly units: ReadonlyArray<LengthUnit>
  readonly value: LengthUnit
  readonly onChange: (unit: LengthUnit) => void
}) => (
  <select
    aria-label={label}
    className="rounded border border-slate-300 bg-white px-1 py-0.5 text-xs"
    value={value}
    onChange={(event) => onChange(event.target.value as LengthUnit)}
  >
    {units.map((unit) => (
      <option key={unit} value={unit}>
        {unit}
      </option>
    ))}
  </select>
)

import { Toolbar as RadixToolbar } from "radix-ui"
import { useId, useState } from "react"
import { useEditor, useSession } from "../editing/editor-context.tsx"
import {
  BREAKPOINT_PRESETS,
  DEVICE_PRESETS,
  MAX_PREVIEW_WIDTH,
  MIN_PREVIEW_WIDTH,
  SIDE_BY_SIDE_WIDTHS,
  previewWidthProblem,
} from "../canvas/preview-widths.ts"

const FIT = "fit"
const SIDE_BY_SIDE = "side-by-side"
const CUSTOM = "custom"
const PRESETS = [...DEVICE_PRESETS, ...BREAKPOINT_PRESETS]

const fieldClass = "rounded border border-slate-300 bg-white px-1.5 py-1 text-sm text-slate-700"

/**
 * The toolbar's responsive preview: the canvas's own width, a device, one of the spec's
 * breakpoints or a width typed in; and which breakpoint style edits are written under.
 */
export const PreviewWidthControl = () => {
  const session = useSession()
  const { modifiers } = useEditor()
  const [choice, setChoice] = useState(FIT)
  const [typed, setTyped] = useState("")
  const [problem, setProblem] = useState<string | null>(null)
  const widthId = useId()
  const problemId = useId()

  const choose = (value: string) => {
    setChoice(value)
    setProblem(null)
    if (value === FIT) {
      setTyped("")
      session.setPreviewWidth(null)
    }
    if (value === SIDE_BY_SIDE) {
      setTyped("")
      session.setSideBySide(SIDE_BY_SIDE_WIDTHS)
    }
    const preset = PRESETS.find((candidate) => candidate.id === value)
    if (preset) {
      setTyped(String(preset.width))
      session.setPreviewWidth(preset.width)
    }
  }

  const applyTyped = () => {
    const width = Number(typed)
    const wrong = typed.trim() === "" ? previewWidthProblem(Number.NaN) : previewWidthProblem(width)
    setProblem(wrong)
    if (wrong !== null) return
    setChoice(CUSTOM)
    session.setPreviewWidth(width)
  }

  return (
    <div className="flex items-center gap-1.5 px-1" role="group" aria-label="Preview width">
      <select
        aria-label="Preview at"
        className={fieldClass}
        value={choice}
        onChange={(event) => choose(event.target.value)}
      >
        <option value={FIT}>Canvas width</option>
        <optgroup label="Devices">
          {DEVICE_PRESETS.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.label} · {preset.width}px
            </option>
          ))}
        </optgroup>
        <optgroup label="Breakpoints">
          {BREAKPOINT_PRESETS.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.label} · {preset.width}px
            </option>
          ))}
        </optgroup>
        <option value={CUSTOM}>Custom width</option>
        <option value={SIDE_BY_SIDE}>
          Side by side · {SIDE_BY_SIDE_WIDTHS[0]}px + {SIDE_BY_SIDE_WIDTHS[1]}px
        </option>
      </select>
      <form
        noValidate
        className="flex items-center gap-1"
        onSubmit={(event) => {
          event.preventDefault()
          applyTyped()
        }}
      >
        <label htmlFor={widthId} className="sr-only">
          Width in pixels
        </label>
        <input
          id={widthId}
          type="number"
          inputMode="numeric"
          min={MIN_PREVIEW_WIDTH}
          max={MAX_PREVIEW_WIDTH}
          placeholder="px"
          className={`${fieldClass} w-20 tabular-nums`}
          value={typed}
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : problemId}
          onChange={(event) => setTyped(event.target.value)}
          onFocus={() => setChoice(CUSTOM)}
        />
        <RadixToolbar.Button
          type="submit"
          className="rounded px-1.5 py-1 text-sm text-slate-700 hover:bg-slate-100"
        >
          Set
        </RadixToolbar.Button>
      </form>
      <output className="text-xs whitespace-nowrap text-slate-500" aria-label="Styles apply at">
        {modifiers.breakpoint === null
          ? "Styles: all sizes"
          : `Styles: ${modifiers.breakpoint} and up`}
      </output>
      {problem !== null && (
        <p id={problemId} role="alert" className="text-xs text-red-700">
          {problem}
        </p>
      )}
    </div>
  )
}

import { BREAKPOINTS, PSEUDO_MODIFIERS } from "../../../../domain/editing/styling.ts"
import type { Breakpoint, PseudoModifier } from "../../../../domain/editing/styling.ts"
import { useEditor, useSession } from "../editing/editor-context.tsx"
import { Section, inputClass } from "./InspectorSection.tsx"
import type { FrameStyles } from "./frame-styles.ts"
import { useWriteMode } from "./style-writer.tsx"
import { WriteAsSelect } from "./StylesSection.tsx"

/**
 * What the style edits apply to: a breakpoint (set by the responsive preview, or chosen here) and
 * a state. With a state on, edits write its variant (`hover:bg-…`) and the canvas forces the
 * element's styles for that state, so the values shown are the state's.
 */

const StatePreviewNote = ({
  state,
  report,
}: {
  readonly state: PseudoModifier
  readonly report: FrameStyles | null
}) => {
  // No report for the state, or none of the element's styles (it is not in the canvas now).
  const shown = report !== null && Object.keys(report.styles).length > 0
  const forced = shown && report.state.modifiers.includes(state) ? report.state.forced : null
  return (
    <p role="status" className="mt-2 text-xs text-slate-600">
      {forced === null
        ? `The canvas cannot preview ${state} for this element: what you set is written, and shows when the element is ${state}.`
        : forced > 0
          ? `The canvas shows the element as ${state} (${forced} ${forced === 1 ? "style" : "styles"} forced).`
          : `No ${state} styles on this element yet: what you set here shows in the canvas at once.`}
    </p>
  )
}

export const ModifiersSection = ({ report }: { readonly report: FrameStyles | null }) => {
  const session = useSession()
  const { modifiers } = useEditor()
  const { mode } = useWriteMode()
  const prefix = [modifiers.breakpoint, modifiers.state].filter(Boolean).join(":")
  const setState = (state: PseudoModifier | null) => session.setModifiers({ ...modifiers, state })
  return (
    <Section title="Applies to">
      <label className="grid grid-cols-[5.5rem_1fr] items-center gap-2 text-xs text-slate-600">
        Breakpoint
        <select
          className={inputClass}
          value={modifiers.breakpoint ?? ""}
          onChange={(event) =>
            session.setModifiers({
              ...modifiers,
              breakpoint: (event.target.value || null) as Breakpoint | null,
            })
          }
        >
          <option value="">All sizes</option>
          {BREAKPOINTS.map((breakpoint) => (
            <option key={breakpoint} value={breakpoint}>
              {breakpoint} and up
            </option>
          ))}
        </select>
      </label>
      <div
        role="radiogroup"
        aria-label="State"
        className="mt-2 flex flex-wrap gap-1"
        onKeyDown={(event) => {
          const states: ReadonlyArray<PseudoModifier | null> = [null, ...PSEUDO_MODIFIERS]
          const at = states.indexOf(modifiers.state)
          if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
            event.preventDefault()
            const next =
              states[(at + (event.key === "ArrowRight" ? 1 : -1) + states.length) % states.length]
            setState(next ?? null)
          }
        }}
      >
        {([null, ...PSEUDO_MODIFIERS] as const).map((state) => {
          const on = modifiers.state === state
          return (
            <button
              key={state ?? "none"}
              type="button"
              role="radio"
              aria-checked={on}
              tabIndex={on ? 0 : -1}
              className={`rounded-full border px-2 py-0.5 text-xs ${on ? "border-outline-500 bg-outline-500 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"}`}
              onClick={() => setState(state)}
            >
              {state ?? "Default"}
            </button>
          )
        })}
      </div>
      <WriteAsSelect />
      {modifiers.state !== null && <StatePreviewNote state={modifiers.state} report={report} />}
      {prefix !== "" && (
        <p className="mt-1 text-xs text-slate-500">
          {mode === "Inline" ? (
            "Inline styles apply at every size and in every state: write Tailwind classes for these."
          ) : (
            <>
              Styles are written as <span className="font-mono">{prefix}:</span>…
            </>
          )}
        </p>
      )}
    </Section>
  )
}

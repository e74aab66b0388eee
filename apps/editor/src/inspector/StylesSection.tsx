import { useId, useState } from "react"
import { ColourPicker } from "./ColourPicker.tsx"
import { Section, inputClass } from "./InspectorSection.tsx"
import type { FrameStyles } from "./frame-styles.ts"
import { type WriteMode, useStyleWriter, useWriteMode } from "./style-writer.tsx"

/**
 * How styles are written (Tailwind classes or inline); the element's colours, and its type and
 * layout: each control shows the canvas's computed value. Type and layout values go through the
 * styling path, which writes the Tailwind utility for them (or the inline style).
 */

interface StyleField {
  readonly property: string
  readonly label: string
  readonly options?: ReadonlyArray<string>
  readonly placeholder?: string
}

export const STYLE_GROUPS: ReadonlyArray<{
  readonly title: string
  readonly fields: ReadonlyArray<StyleField>
}> = [
  {
    title: "Typography",
    fields: [
      { property: "font-size", label: "Font size", placeholder: "16px" },
      {
        property: "font-weight",
        label: "Font weight",
        options: ["300", "400", "500", "600", "700", "800"],
      },
      {
        property: "text-align",
        label: "Text align",
        options: ["left", "center", "right", "justify"],
      },
    ],
  },
  {
    title: "Layout",
    fields: [
      {
        property: "display",
        label: "Display",
        options: ["block", "inline-block", "inline", "flex", "inline-flex", "grid", "none"],
      },
      { property: "flex-direction", label: "Direction", options: ["row", "column"] },
      {
        property: "justify-content",
        label: "Justify",
        options: ["flex-start", "center", "flex-end", "space-between"],
      },
      {
        property: "align-items",
        label: "Align",
        options: ["stretch", "flex-start", "center", "flex-end"],
      },
    ],
  },
]

const StyleInput = ({
  field,
  computed,
}: {
  readonly field: StyleField
  readonly computed: string | undefined
}) => {
  const writer = useStyleWriter()
  const [value, setValue] = useState("")
  const id = useId()
  if (field.options) {
    const current = computed !== undefined && field.options.includes(computed) ? computed : ""
    return (
      <label
        htmlFor={id}
        className="grid grid-cols-[5.5rem_1fr] items-center gap-2 text-xs text-slate-600"
      >
        {field.label}
        <select
          id={id}
          className={inputClass}
          value={current}
          onChange={(event) => {
            if (event.target.value !== "") writer.set(field.property, event.target.value)
          }}
        >
          <option value="" disabled>
            {computed || "—"}
          </option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
    )
  }
  return (
    <form
      className="grid grid-cols-[5.5rem_1fr] items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (value.trim() === "") return
        writer.set(field.property, value)
        setValue("")
      }}
    >
      <label htmlFor={id} className="text-xs text-slate-600">
        {field.label}
      </label>
      <input
        id={id}
        className={inputClass}
        placeholder={computed || field.placeholder}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
    </form>
  )
}

/** Whether style edits are written as Tailwind classes or as an inline style. */
export const WriteAsSelect = () => {
  const { mode, setMode } = useWriteMode()
  return (
    <label className="mt-2 grid grid-cols-[5.5rem_1fr] items-center gap-2 text-xs text-slate-600">
      Write as
      <select
        className={inputClass}
        value={mode}
        onChange={(event) => setMode(event.target.value as WriteMode)}
      >
        <option value="Tailwind">Tailwind classes</option>
        <option value="Inline">Inline style</option>
      </select>
    </label>
  )
}

export const StylesSection = ({ report }: { readonly report: FrameStyles | null }) => {
  const styles = report?.styles ?? {}
  return (
    <Section title="Styles">
      <div className="space-y-3">
        <fieldset className="space-y-1.5">
          <legend className="mb-1 text-xs font-medium text-slate-700">Colour</legend>
          <ColourPicker
            target="text"
            computed={styles.color}
            themeColours={report?.themeColours ?? []}
          />
          <ColourPicker
            target="bg"
            computed={styles["background-color"]}
            themeColours={report?.themeColours ?? []}
          />
        </fieldset>
        {STYLE_GROUPS.map((group) => (
          <fieldset key={group.title} className="space-y-1.5">
            <legend className="mb-1 text-xs font-medium text-slate-700">{group.title}</legend>
            {group.fields.map((field) => (
              <StyleInput key={field.property} field={field} computed={styles[field.property]} />
            ))}
          </fieldset>
        ))}
      </div>
    </Section>
  )
}

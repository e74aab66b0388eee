import { useId, useState } from "react"
import type { StylingFramework } from "../../../../domain/editing/styling.ts"
import { useSession } from "../editing/editor-context.tsx"
import { Section, inputClass } from "./InspectorSection.tsx"

/** The common styles by group, written as Tailwind classes or an inline style. */

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
    title: "Spacing",
    fields: [
      { property: "padding", label: "Padding", placeholder: "16px" },
      { property: "margin", label: "Margin", placeholder: "0 auto" },
      { property: "gap", label: "Gap", placeholder: "8px" },
    ],
  },
  {
    title: "Colour",
    fields: [
      { property: "color", label: "Text colour", placeholder: "#0f172a" },
      { property: "background-color", label: "Background", placeholder: "#ffffff" },
    ],
  },
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
        options: ["block", "inline-block", "flex", "grid", "none"],
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
  framework,
}: {
  readonly field: StyleField
  readonly framework: StylingFramework
}) => {
  const session = useSession()
  const [value, setValue] = useState("")
  const id = useId()
  if (field.options) {
    return (
      <label
        htmlFor={id}
        className="grid grid-cols-[5.5rem_1fr] items-center gap-2 text-xs text-slate-600"
      >
        {field.label}
        <select
          id={id}
          className={inputClass}
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            if (event.target.value !== "")
              session.setStyle(field.property, event.target.value, framework)
          }}
        >
          <option value="">—</option>
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
        session.setStyle(field.property, value, framework)
        setValue("")
      }}
    >
      <label htmlFor={id} className="text-xs text-slate-600">
        {field.label}
      </label>
      <input
        id={id}
        className={inputClass}
        placeholder={field.placeholder}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
    </form>
  )
}

export const StylesSection = () => {
  const [framework, setFramework] = useState<StylingFramework>("Tailwind")
  return (
    <Section title="Styles">
      <label className="mb-2 grid grid-cols-[5.5rem_1fr] items-center gap-2 text-xs text-slate-600">
        Write as
        <select
          className={inputClass}
          value={framework}
          onChange={(event) => setFramework(event.target.value as StylingFramework)}
        >
          <option value="Tailwind">Tailwind classes</option>
          <option value="Inline">Inline style</option>
        </select>
      </label>
      <div className="space-y-3">
        {STYLE_GROUPS.map((group) => (
          <fieldset key={group.title} className="space-y-1.5">
            <legend className="mb-1 text-xs font-medium text-slate-700">{group.title}</legend>
            {group.fields.map((field) => (
              <StyleInput key={field.property} field={field} framework={framework} />
            ))}
          </fieldset>
        ))}
      </div>
    </Section>
  )
}

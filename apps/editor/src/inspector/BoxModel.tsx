import { useState } from "react"
import { LengthField, UnitSelect } from "./LengthField.tsx"
import { Section } from "./InspectorSection.tsx"
import { type LengthUnit, lengthClass } from "./style-classes.ts"
import { useStyleWriter } from "./style-writer.tsx"

/**
 * The box model: margin around padding around the element's size, each side with the canvas's
 * computed value, editable; below, margin, padding and gap for all sides at once.
 */

const SIDES = ["top", "right", "bottom", "left"] as const
type Side = (typeof SIDES)[number]

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** The four sides' value as one (`4px` when all match), else undefined. */
const allSides = (styles: Readonly<Record<string, string>>, box: string): string | undefined => {
  const values = SIDES.map((side) => styles[`${box}-${side}`])
  return values.every((value) => value !== undefined && value === values[0]) ? values[0] : undefined
}

/** `127.156px` → `127.2px`, for the size shown inside the box. */
const rounded = (computed: string | undefined): string => {
  const value = Number.parseFloat(computed ?? "")
  return Number.isFinite(value) && computed?.endsWith("px")
    ? `${Math.round(value * 10) / 10}px`
    : (computed ?? "")
}

export const BoxModel = ({
  styles,
  rootFontSize,
}: {
  readonly styles: Readonly<Record<string, string>>
  readonly rootFontSize: number
}) => {
  const writer = useStyleWriter()
  const [unit, setUnit] = useState<LengthUnit>("px")

  const field = (box: "margin" | "padding", side: Side) => {
    const property = `${box}-${side}`
    return (
      <LengthField
        label={`${capitalised(box)} ${side}`}
        computed={styles[property]}
        unit={unit}
        rootFontSize={rootFontSize}
        signed={box === "margin"}
        onCommit={(css) => writer.set(property, css, lengthClass(property, css, rootFontSize))}
        onClear={() => writer.clear(property)}
      />
    )
  }

  const shorthand = (property: "margin" | "padding" | "gap") => (
    <div className="flex items-center gap-1">
      <span aria-hidden className="w-14 text-xs text-slate-600">
        {capitalised(property)}
      </span>
      <LengthField
        label={capitalised(property)}
        computed={property === "gap" ? styles.gap : allSides(styles, property)}
        unit={unit}
        rootFontSize={rootFontSize}
        signed={property === "margin"}
        className="w-16"
        onCommit={(css) => writer.set(property, css, lengthClass(property, css, rootFontSize))}
        onClear={() => writer.clear(property)}
      />
    </div>
  )

  const width = rounded(styles.width)
  const height = rounded(styles.height)
  return (
    <Section title="Box model">
      <div className="mb-2 flex items-center justify-between text-xs text-slate-600">
        <span>Margin, padding and size as the canvas shows them</span>
        <UnitSelect label="Box model unit" units={["px", "rem"]} value={unit} onChange={setUnit} />
      </div>
      <div
        data-testid="box-model"
        className="grid grid-cols-[auto_1fr_auto] items-center gap-1 rounded border border-dashed border-amber-400 bg-amber-50 p-1"
      >
        <span className="col-span-3 flex items-center justify-center gap-1">
          <span className="text-[10px] text-amber-700 uppercase">margin</span>
          {field("margin", "top")}
        </span>
        {field("margin", "left")}
        <div className="grid grid-cols-[auto_1fr_auto] items-center gap-1 rounded border border-emerald-400 bg-emerald-50 p-1">
          <span className="col-span-3 flex items-center justify-center gap-1">
            <span className="text-[10px] text-emerald-700 uppercase">padding</span>
            {field("padding", "top")}
          </span>
          {field("padding", "left")}
          <span
            className="rounded bg-white px-1 py-2 text-center font-mono text-[11px] text-slate-700"
            title="Width × height"
          >
            {width && height ? `${width} × ${height}` : "–"}
          </span>
          {field("padding", "right")}
          <span className="col-span-3 flex justify-center">{field("padding", "bottom")}</span>
        </div>
        {field("margin", "right")}
        <span className="col-span-3 flex justify-center">{field("margin", "bottom")}</span>
      </div>
      <div className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
        {shorthand("margin")}
        {shorthand("padding")}
        {shorthand("gap")}
      </div>
    </Section>
  )
}

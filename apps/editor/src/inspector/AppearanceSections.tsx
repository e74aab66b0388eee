import { useState } from "react"
import { LengthField, UnitSelect } from "./LengthField.tsx"
import { Section, inputClass } from "./InspectorSection.tsx"
import { ColourPicker } from "./ColourPicker.tsx"
import type { FrameStyles } from "./frame-styles.ts"
import {
  BORDER_STYLES,
  FULL_RADIUS_PX,
  type LengthUnit,
  POSITIONS,
  SHADOWS,
  SHADOW_CSS,
  type ShadowSize,
  borderWidthClass,
  lengthClass,
  opacityClass,
  parseLength,
  radiusClass,
} from "./style-classes.ts"
import { useStyleWriter } from "./style-writer.tsx"

/** Size, border and radius, shadow and opacity, position: each with the canvas's value. */

const Row = ({
  label,
  children,
}: {
  readonly label: string
  readonly children: React.ReactNode
}) => (
  <div className="grid grid-cols-[5.5rem_1fr] items-center gap-2">
    <span aria-hidden className="text-xs text-slate-600">
      {label}
    </span>
    <div className="flex items-center gap-1">{children}</div>
  </div>
)

const SIZES = [
  ["width", "Width"],
  ["height", "Height"],
  ["min-width", "Min width"],
  ["min-height", "Min height"],
  ["max-width", "Max width"],
  ["max-height", "Max height"],
] as const

export const SizeSection = ({ report }: { readonly report: FrameStyles | null }) => {
  const writer = useStyleWriter()
  const [unit, setUnit] = useState<LengthUnit>("px")
  const styles = report?.styles ?? {}
  const root = report?.rootFontSize ?? 16
  return (
    <Section title="Size">
      <div className="mb-2 flex justify-end">
        <UnitSelect label="Size unit" units={["px", "rem", "%"]} value={unit} onChange={setUnit} />
      </div>
      <div className="grid grid-cols-2 gap-x-3 gap-y-1.5">
        {SIZES.map(([property, label]) => (
          <div key={property} className="flex items-center justify-between gap-1">
            <span aria-hidden className="text-xs text-slate-600">
              {label}
            </span>
            <LengthField
              label={label}
              computed={styles[property]}
              unit={unit}
              rootFontSize={root}
              className="w-16"
              onCommit={(css) => writer.set(property, css, lengthClass(property, css, root))}
              onClear={() => writer.clear(property)}
            />
          </div>
        ))}
      </div>
      <p className="mt-1 text-[11px] text-slate-500">Also: auto, fit-content, none (max sizes).</p>
    </Section>
  )
}

/** The radius as the field shows it: `full` for rounded-full's huge computed value. */
const radiusShown = (computed: string | undefined) => {
  const length = computed === undefined ? undefined : parseLength(computed)
  return length && length.unit === "px" && length.value >= FULL_RADIUS_PX ? "full" : computed
}

export const BorderSection = ({ report }: { readonly report: FrameStyles | null }) => {
  const writer = useStyleWriter()
  const styles = report?.styles ?? {}
  const root = report?.rootFontSize ?? 16
  const style = styles["border-top-style"] ?? ""
  return (
    <Section title="Border">
      <div className="space-y-1.5">
        <Row label="Width">
          <LengthField
            label="Border width"
            computed={styles["border-top-width"]}
            unit="px"
            rootFontSize={root}
            onCommit={(css) => writer.set("border-width", css, borderWidthClass(css))}
            onClear={() => writer.clear("border-width")}
          />
          <select
            aria-label="Border style"
            className={inputClass}
            value={(BORDER_STYLES as ReadonlyArray<string>).includes(style) ? style : ""}
            onChange={(event) =>
              writer.set("border-style", event.target.value, `border-${event.target.value}`)
            }
          >
            <option value="" disabled>
              {style || "—"}
            </option>
            {BORDER_STYLES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </Row>
        <ColourPicker
          target="border"
          computed={styles["border-top-color"]}
          themeColours={report?.themeColours ?? []}
        />
        <Row label="Radius">
          <LengthField
            label="Radius"
            computed={radiusShown(styles["border-top-left-radius"])}
            unit="px"
            rootFontSize={root}
            onCommit={(css) => writer.set("border-radius", css, radiusClass(css, root))}
            onClear={() => writer.clear("border-radius")}
          />
        </Row>
      </div>
    </Section>
  )
}

export const EffectsSection = ({ report }: { readonly report: FrameStyles | null }) => {
  const writer = useStyleWriter()
  const styles = report?.styles ?? {}
  const opacity = Number.parseFloat(styles.opacity ?? "")
  return (
    <Section title="Effects">
      <div className="space-y-1.5">
        <Row label="Shadow">
          <select
            aria-label="Shadow"
            className={inputClass}
            value=""
            onChange={(event) => {
              const size = event.target.value as ShadowSize
              writer.set("box-shadow", SHADOW_CSS[size], `shadow-${size}`)
            }}
          >
            <option value="" disabled>
              {styles["box-shadow"] === "none" || !styles["box-shadow"]
                ? "none"
                : styles["box-shadow"]}
            </option>
            {SHADOWS.map((size) => (
              <option key={size} value={size}>
                shadow-{size}
              </option>
            ))}
          </select>
        </Row>
        <Row label="Opacity">
          <LengthField
            label="Opacity"
            computed={Number.isFinite(opacity) ? `${Math.round(opacity * 1000) / 10}%` : undefined}
            unit="%"
            rootFontSize={16}
            onCommit={(css) => {
              const percent = Number.parseFloat(css)
              writer.set("opacity", String(percent / 100), opacityClass(percent))
            }}
            onClear={() => writer.clear("opacity")}
          />
          <span className="text-xs text-slate-500">%</span>
        </Row>
      </div>
    </Section>
  )
}

const OFFSETS = ["top", "right", "bottom", "left"] as const

export const PositionSection = ({ report }: { readonly report: FrameStyles | null }) => {
  const writer = useStyleWriter()
  const styles = report?.styles ?? {}
  const root = report?.rootFontSize ?? 16
  const position = styles.position ?? ""
  return (
    <Section title="Position">
      <Row label="Position">
        <select
          aria-label="Position type"
          className={inputClass}
          value={(POSITIONS as ReadonlyArray<string>).includes(position) ? position : ""}
          onChange={(event) => writer.set("position", event.target.value, event.target.value)}
        >
          <option value="" disabled>
            —
          </option>
          {POSITIONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </Row>
      {position !== "" && position !== "static" && (
        <div className="mt-1.5 grid grid-cols-4 gap-1">
          {OFFSETS.map((side) => (
            <label key={side} className="flex flex-col items-center text-[11px] text-slate-600">
              {side}
              <LengthField
                label={`Offset ${side}`}
                computed={styles[side]}
                unit="px"
                rootFontSize={root}
                signed
                onCommit={(css) => writer.set(side, css, lengthClass(side, css, root))}
                onClear={() => writer.clear(side)}
              />
            </label>
          ))}
        </div>
      )}
    </Section>
  )
}

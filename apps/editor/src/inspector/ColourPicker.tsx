import { useEffect, useId, useState } from "react"
import { smallButton } from "./InspectorSection.tsx"
import type { ThemeColour } from "./frame-styles.ts"
import {
  PALETTE_HUES,
  PALETTE_PLAIN,
  PALETTE_SHADES,
  isPaletteToken,
  loadPalette,
} from "./palette.ts"
import {
  COLOUR_PROPERTIES,
  type ColourChoice,
  type ColourTarget,
  colourClass,
  hexColour,
  tokenName,
} from "./style-classes.ts"
import { useStyleWriter } from "./style-writer.tsx"

/**
 * A colour of the element (text, background, border): its computed value, and a picker that
 * offers the app's theme tokens first (its own `--color-*` variables), then Tailwind's palette,
 * then a free colour. Written as `bg-primary`, `bg-rose-500` or `bg-[#1e293b]`.
 */

const LABELS: Readonly<Record<ColourTarget, string>> = {
  text: "Text colour",
  bg: "Background",
  border: "Border colour",
}

const Swatch = ({ colour }: { readonly colour: string | undefined }) => (
  <span
    aria-hidden
    className="inline-block size-4 shrink-0 rounded border border-slate-300 bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-size-[8px_8px]"
  >
    <span className="block size-full rounded-[3px]" style={{ background: colour }} />
  </span>
)

export const ColourPicker = ({
  target,
  computed,
  themeColours,
}: {
  readonly target: ColourTarget
  readonly computed: string | undefined
  readonly themeColours: ReadonlyArray<ThemeColour>
}) => {
  const writer = useStyleWriter()
  const [open, setOpen] = useState(false)
  const [palette, setPalette] = useState<ReadonlyMap<string, string>>(new Map())
  const [free, setFree] = useState("")
  const panelId = useId()
  const label = LABELS[target]
  const property = COLOUR_PROPERTIES[target]
  const tokens = themeColours.filter((colour) => !isPaletteToken(colour.name))

  useEffect(() => {
    if (!open) return
    let live = true
    void loadPalette().then((colours) => {
      if (live) setPalette(colours)
    })
    return () => {
      live = false
    }
  }, [open])

  const pick = (choice: ColourChoice) => {
    const css =
      choice.kind === "token"
        ? `var(${choice.name})`
        : choice.kind === "palette"
          ? (palette.get(choice.name) ?? `var(--color-${choice.name})`)
          : choice.value
    writer.set(property, css, colourClass(target, choice))
    setOpen(false)
  }
  const freeHex = hexColour(free)

  return (
    <div className="space-y-1">
      <div className="grid grid-cols-[5.5rem_1fr] items-center gap-2">
        <span className="text-xs text-slate-600">{label}</span>
        <button
          type="button"
          className="flex min-w-0 items-center gap-1.5 rounded border border-slate-300 bg-white px-1.5 py-0.5 text-left font-mono text-xs"
          aria-label={`${label}: ${computed ?? "unknown"}`}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
        >
          <Swatch colour={computed} />
          <span className="truncate">{computed ?? "–"}</span>
        </button>
      </div>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label={`Pick ${label.toLowerCase()}`}
          className="space-y-2 rounded border border-slate-200 bg-slate-50 p-2"
        >
          <div>
            <p className="mb-1 text-[11px] font-medium text-slate-600">Theme</p>
            {tokens.length === 0 ? (
              <p className="text-[11px] text-slate-500">
                The app defines no colour tokens of its own (--color-* in its @theme).
              </p>
            ) : (
              <div className="flex flex-wrap gap-1">
                {tokens.map((token) => (
                  <button
                    key={token.name}
                    type="button"
                    className="flex items-center gap-1 rounded border border-slate-200 bg-white px-1 py-0.5 font-mono text-[11px]"
                    title={`${token.name}: ${token.value}`}
                    onClick={() => pick({ kind: "token", name: token.name })}
                  >
                    <Swatch colour={token.value} />
                    {tokenName(token.name)}
                  </button>
                ))}
              </div>
            )}
          </div>
          <div>
            <p className="mb-1 text-[11px] font-medium text-slate-600">Tailwind palette</p>
            <div className="mb-1 flex gap-1">
              {PALETTE_PLAIN.map((name) => (
                <button
                  key={name}
                  type="button"
                  aria-label={name}
                  title={name}
                  className="rounded"
                  onClick={() => pick({ kind: "palette", name })}
                >
                  <Swatch colour={palette.get(name)} />
                </button>
              ))}
            </div>
            <div className="grid grid-cols-11 gap-px">
              {PALETTE_HUES.flatMap((hue) =>
                PALETTE_SHADES.map((shade) => {
                  const name = `${hue}-${shade}`
                  return (
                    <button
                      key={name}
                      type="button"
                      aria-label={name}
                      title={name}
                      className="h-3.5 rounded-sm border border-black/5"
                      style={{ background: palette.get(name) }}
                      onClick={() => pick({ kind: "palette", name })}
                    />
                  )
                }),
              )}
            </div>
          </div>
          <form
            className="flex items-center gap-1"
            onSubmit={(event) => {
              event.preventDefault()
              if (freeHex) pick({ kind: "free", value: freeHex })
            }}
          >
            <input
              type="color"
              aria-label="Free colour"
              className="h-6 w-8 rounded border border-slate-300"
              value={freeHex && freeHex.length === 7 ? freeHex : "#000000"}
              onChange={(event) => setFree(event.target.value)}
            />
            <input
              aria-label="Free colour (hex)"
              placeholder="#1e293b"
              className="w-20 rounded border border-slate-300 bg-white px-1 py-0.5 font-mono text-xs"
              value={free}
              onChange={(event) => setFree(event.target.value)}
            />
            <button type="submit" className={smallButton} disabled={!freeHex}>
              Use colour
            </button>
          </form>
        </div>
      )}
    </div>
  )
}

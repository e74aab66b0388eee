import { describe, expect, it } from "vitest"
import { tailwindClassCss } from "./class-css.ts"
import { paletteColours } from "./palette.ts"
import {
  borderWidthClass,
  colourClass,
  hexColour,
  lengthClass,
  opacityClass,
  radiusClass,
} from "./style-classes.ts"

/** Tailwind's own compiler, to check each class written is one Tailwind generates. */
const classCss = tailwindClassCss()

describe("the class the inspector writes for a value", () => {
  it("takes a step of the spacing scale when one matches, else an arbitrary value", () => {
    expect(lengthClass("padding-top", "24px")).toBe("pt-6")
    expect(lengthClass("padding-top", "1.5rem")).toBe("pt-6")
    expect(lengthClass("padding-left", "6px")).toBe("pl-1.5")
    expect(lengthClass("padding-top", "23px")).toBe("pt-[23px]")
    expect(lengthClass("padding-top", "1px")).toBe("pt-px")
    expect(lengthClass("padding-top", "0px")).toBe("pt-0")
    expect(lengthClass("margin-top", "-8px")).toBe("-mt-2")
    expect(lengthClass("margin-top", "-23px")).toBe("mt-[-23px]")
    expect(lengthClass("padding-top", "-8px")).toBeUndefined()
    expect(lengthClass("margin-left", "auto")).toBe("ml-auto")
    expect(lengthClass("padding", "calc(1px + 2px)")).toBeUndefined()
  })

  it("writes sizes with keywords and fractions", () => {
    expect(lengthClass("width", "50%")).toBe("w-1/2")
    expect(lengthClass("width", "100%")).toBe("w-full")
    expect(lengthClass("width", "37%")).toBe("w-[37%]")
    expect(lengthClass("max-width", "none")).toBe("max-w-none")
    expect(lengthClass("height", "fit-content")).toBe("h-fit")
    expect(lengthClass("min-height", "320px")).toBe("min-h-80")
  })

  it("writes radius, border width and opacity on their scales", () => {
    expect(radiusClass("8px")).toBe("rounded-lg")
    expect(radiusClass("0.375rem")).toBe("rounded-md")
    expect(radiusClass("full")).toBe("rounded-full")
    expect(radiusClass("5px")).toBe("rounded-[5px]")
    expect(borderWidthClass("1px")).toBe("border")
    expect(borderWidthClass("2px")).toBe("border-2")
    expect(borderWidthClass("1.5px")).toBe("border-[1.5px]")
    expect(opacityClass(35)).toBe("opacity-35")
    expect(opacityClass(120)).toBeUndefined()
  })

  it("writes a theme token, a palette step or a free colour", () => {
    expect(colourClass("bg", { kind: "token", name: "--color-primary" })).toBe("bg-primary")
    expect(colourClass("text", { kind: "palette", name: "rose-500" })).toBe("text-rose-500")
    expect(colourClass("border", { kind: "free", value: "#1e293b" })).toBe("border-[#1e293b]")
    expect(hexColour("1E293B")).toBe("#1e293b")
    expect(hexColour("#12345")).toBeUndefined()
  })

  it("writes only classes Tailwind generates, setting the property they are for", async () => {
    const cases: ReadonlyArray<readonly [string | undefined, string]> = [
      [lengthClass("padding-top", "24px"), "padding-top"],
      [lengthClass("padding-top", "23px"), "padding-top"],
      [lengthClass("padding-left", "6px"), "padding-left"],
      [lengthClass("margin-top", "-8px"), "margin-top"],
      [lengthClass("margin-top", "-23px"), "margin-top"],
      [lengthClass("width", "50%"), "width"],
      [lengthClass("width", "37%"), "width"],
      [lengthClass("height", "fit-content"), "height"],
      [lengthClass("top", "12px"), "top"],
      [radiusClass("8px"), "border-radius"],
      [radiusClass("5px"), "border-radius"],
      [borderWidthClass("2px"), "border-width"],
      [borderWidthClass("1.5px"), "border-width"],
      [opacityClass(35), "opacity"],
      [colourClass("bg", { kind: "palette", name: "rose-500" }), "background-color"],
      [colourClass("bg", { kind: "free", value: "#1e293b" }), "background-color"],
    ]
    for (const [className, property] of cases) {
      const css = await classCss(className ?? "")
      expect(css, className).toBeDefined()
      expect(Object.keys(css ?? {}), className).toContain(property)
    }
    expect((await classCss("opacity-35"))?.opacity).toBe("35%")
  })

  it("reads the palette's colours from Tailwind's theme", () => {
    const colours = paletteColours(
      "--color-rose-500: oklch(64.5% 0.246 16.439);\n--color-brand: #123;\n--color-white: #fff;",
    )
    expect(colours.get("rose-500")).toBe("oklch(64.5% 0.246 16.439)")
    expect(colours.get("white")).toBe("#fff")
    expect(colours.has("brand")).toBe(false)
  })
})

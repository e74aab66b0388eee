import { describe, expect, it } from "vitest"
import { classSelector, declarationsForClass, tailwindClassCss } from "./class-css.ts"

/** Tailwind's real compiler, with its default theme, as the editor loads it. */
const classCss = tailwindClassCss()

describe("a Tailwind class as declarations for the frame's preview", () => {
  it("carries the theme variable a utility reads, so it stands alone on the element", async () => {
    expect(await classCss("tracking-widest")).toEqual({
      "--tw-tracking": "var(--tracking-widest)",
      "letter-spacing": "var(--tracking-widest)",
      "--tracking-widest": "0.1em",
    })
  })

  it("adds the initial values of the @property variables a utility composes with", async () => {
    const shadow = await classCss("shadow")
    expect(shadow?.["box-shadow"]).toContain("var(--tw-inset-shadow)")
    expect(shadow?.["--tw-inset-shadow"]).toBe("0 0 #0000")
    expect(shadow?.["--tw-ring-shadow"]).toBe("0 0 #0000")
  })

  it("reads classes whose names Tailwind escapes, and keeps the fallback every browser reads", async () => {
    const faded = await classCss("bg-red-500/50")
    expect(faded?.["background-color"]).toBe(
      "color-mix(in srgb, oklch(63.7% 0.237 25.331) 50%, transparent)",
    )
    expect((await classCss("p-4"))?.["--spacing"]).toBe("0.25rem")
    expect(classSelector("w-1/2")).toBe(".w-1\\/2")
  })

  it("knows nothing of a class Tailwind does not generate", async () => {
    expect(await classCss("not-a-tailwind-class")).toBeUndefined()
    expect(declarationsForClass([], "p-4")).toBeUndefined()
  })

  it("answers undefined, not an error, when the compiler cannot be loaded", async () => {
    const broken = tailwindClassCss(() => Promise.reject(new Error("offline")))
    const warn = console.warn
    console.warn = () => undefined
    try {
      expect(await broken("p-4")).toBeUndefined()
    } finally {
      console.warn = warn
    }
  })
})

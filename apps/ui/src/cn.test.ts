import { clsx } from "clsx"
import { extendTailwindMerge, getDefaultConfig } from "tailwind-merge"
import { describe, expect, it } from "vitest"
import { buttonVariants } from "./button.tsx"
import { cn, partsMayMeet } from "./cn.ts"

/** The same tailwind-merge cn falls back to, built here to compare every answer with. */
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      radius: ["control", "card", "dialog", "pill"],
      shadow: ["control", "card", "overlay"],
    },
  },
})

/** Every .ts/.tsx source of the three apps and the kit (not tests), as text. */
const SOURCES = Object.entries(
  import.meta.glob<string>(
    [
      "../../{ui,web,admin,editor}/src/**/*.{ts,tsx}",
      "!../../**/*.test.{ts,tsx}",
      "!../../**/node_modules/**",
    ],
    { query: "?raw", import: "default", eager: true },
  ),
).map(([, code]) => code)

/** The string literals written as arguments of cn(…) calls, as far as a scan finds them. */
const cnLiterals = (): ReadonlyArray<string> => {
  const found: string[] = []
  for (const code of SOURCES) {
    for (const call of code.matchAll(/\bcn\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
      for (const literal of (call[1] ?? "").matchAll(/"([^"\n]*)"/g)) found.push(literal[1] ?? "")
    }
  }
  return found
}

/** Every class name written in a string literal of the apps: the corpus the pair test walks. */
const usedClasses = (): ReadonlyArray<string> => {
  const names = new Set<string>()
  for (const code of SOURCES) {
    for (const literal of code.matchAll(/"([^"\n]*)"/g)) {
      for (const name of (literal[1] ?? "").split(/\s+/)) {
        if (/^[!-]?[a-z@[*][\w:/.[\]&_()%#,>+~=-]*!?$/.test(name)) names.add(name)
      }
    }
  }
  return [...names]
}

describe("cn", () => {
  it("lets a later part's class replace an earlier one's, as tailwind-merge does", () => {
    expect(cn("px-4 py-2", "px-2")).toBe("py-2 px-2")
    expect(cn("p-4", "px-2")).toBe("p-4 px-2")
    expect(cn("px-2", "p-4")).toBe("p-4")
    expect(cn("absolute inset-0", "top-2")).toBe("absolute inset-0 top-2")
    expect(cn("top-2", "inset-0")).toBe("inset-0")
    expect(cn("flex", { hidden: true })).toBe("hidden")
    expect(cn("size-4", ["w-6"])).toBe("size-4 w-6")
    expect(cn("w-6", "size-4")).toBe("size-4")
    expect(cn("text-sm leading-6", "text-lg")).toBe("text-lg")
    expect(cn("text-sm text-slate-700", "text-red-700 text-center")).toBe(
      "text-sm text-red-700 text-center",
    )
    expect(cn("truncate", "text-clip")).toBe("text-clip")
    expect(cn("text-sm/6", "text-[13px]")).toBe("text-[13px]")
    expect(cn("hover:md:bg-muted", "md:hover:bg-accent")).toBe("md:hover:bg-accent")
  })

  it("joins parts that cannot meet, as tailwind-merge would, spacing included", () => {
    for (const inputs of [
      ["rounded-md p-2 text-slate-700 hover:bg-muted", "lg:hidden"],
      ["  flex  items-center ", undefined, false, "gap-2"],
      ["px-3", { "py-1": true, "py-2": false }, ["font-medium", null]],
      ["text-sm", "hover:text-red-700"],
      [""],
      [],
    ]) {
      expect(cn(...inputs)).toBe(twMerge(clsx(inputs)))
    }
  })

  it("hands tailwind-merge every pair of the apps' classes it would change", () => {
    // The Tailwind classes among the words the apps write: tailwind-merge drops a second copy.
    const classes = usedClasses().filter((name) => twMerge(`${name} ${name}`) === name)
    expect(classes.length).toBeGreaterThan(300)
    const joinedWrongly: string[] = []
    for (const first of classes) {
      for (const second of classes) {
        if (first === second || partsMayMeet([first, second])) continue
        if (twMerge(`${first} ${second}`) !== `${first} ${second}`) {
          joinedWrongly.push(`${first} ${second}`)
        }
      }
    }
    expect(joinedWrongly).toEqual([])
  }, 120_000)

  it("knows every pair of roots tailwind-merge's configuration lets replace each other", () => {
    type Definition = string | ((value: unknown) => unknown) | Record<string, unknown[]>
    const config = getDefaultConfig() as unknown as {
      classGroups: Record<string, Definition[]>
      conflictingClassGroups: Record<string, string[]>
      conflictingClassGroupModifiers: Record<string, string[]>
      theme: Record<string, unknown[]>
    }
    const rootOf = (name: string) => name.split(/[-/]/)[0] ?? name
    const rootsOf = (definitions: ReadonlyArray<unknown>, prefix: string, roots: Set<string>) => {
      for (const definition of definitions) {
        if (typeof definition === "string") {
          roots.add(rootOf(prefix === "" ? definition : prefix))
        } else if (typeof definition === "function") {
          const getter = definition as { isThemeGetter?: boolean } & ((theme: unknown) => unknown)
          if (getter.isThemeGetter === true) {
            rootsOf((getter(config.theme) as unknown[] | undefined) ?? [], prefix, roots)
          } else {
            // A validator of the whole name: only container-named has one (@container/…).
            roots.add(prefix === "" ? "@container" : rootOf(prefix))
          }
        } else {
          for (const [key, inner] of Object.entries(definition as Record<string, unknown[]>)) {
            rootsOf(inner, prefix === "" ? key : prefix, roots)
          }
        }
      }
      return roots
    }
    const groups = Object.fromEntries(
      Object.entries(config.classGroups).map(([id, definitions]) => [
        id,
        [...rootsOf(definitions, "", new Set())],
      ]),
    )
    const missing: string[] = []
    for (const [id, roots] of Object.entries(groups)) {
      const against = [
        id,
        ...(config.conflictingClassGroups[id] ?? []),
        ...(config.conflictingClassGroupModifiers[id] ?? []),
      ]
      for (const other of against) {
        for (const root of roots) {
          for (const otherRoot of groups[other] ?? []) {
            // A class of each root, with the same variant: cn must hand the pair to tailwind-merge.
            // (An arbitrary value: text-[…] may be any of text-*'s kinds.)
            const a = `md:${root}-[x]`
            const b = `md:${otherRoot}-[y]`
            if (!partsMayMeet([a, b]) || !partsMayMeet([b, a])) {
              missing.push(`${root} ${otherRoot} (${id} / ${other})`)
            }
          }
        }
      }
    }
    expect(missing).toEqual([])
  })

  it("finds nothing to merge inside any literal the apps pass to cn", () => {
    const literals = cnLiterals()
    expect(literals.length).toBeGreaterThan(30)
    for (const literal of literals) {
      expect(twMerge(literal), literal).toBe(literal.trim().split(/\s+/).join(" "))
    }
  })

  it("finds nothing to merge inside any of the button's variant and size combinations", () => {
    for (const variant of ["primary", "secondary", "ghost", "danger"] as const) {
      for (const size of ["default", "lg", "sm", "xs", "icon"] as const) {
        const classes = buttonVariants({ variant, size })
        expect(twMerge(classes), `${variant} ${size}`).toBe(classes)
      }
    }
  })
})

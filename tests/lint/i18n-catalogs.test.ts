// The message catalogs are complete (issue 22): every area in every language, every key in every
// language, no empty text, the same placeholders and plural/select arguments in each language as
// in English, each key in the area its prefix names, and every key used somewhere in the source
// (and every key the source names present). lingui.config.ts describes the layout.
import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage"
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { describe, expect, it } from "vitest"
import { LANGUAGE_CODES } from "../../domain/site/languages.ts"

const root = fileURLToPath(new URL("../../", import.meta.url))
const localesDir = join(root, "locales")

const areasOf = (language: string) =>
  readdirSync(join(localesDir, language))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort()

const catalog = (language: string, area: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(localesDir, language, `${area}.json`), "utf8")) as Record<
    string,
    unknown
  >

/** An area's key prefix: web-home.json holds "web.home.…", ui.json "ui.…". */
export const prefixOf = (area: string) => `${area.replaceAll("-", ".")}.`

/**
 * What a message's placeholders are, as a sorted list of "name:type" (plural and select with
 * their cases' own placeholders, "#" as the plural's number), from Lingui's own compiler.
 */
export const placeholdersOf = (message: string): ReadonlyArray<string> => {
  const found = new Set<string>()
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === "string") continue
      const [name, type, format] = token
      found.add(`${name}:${type ?? "text"}`)
      if (format !== null && typeof format === "object") {
        for (const [key, choice] of Object.entries(format as Record<string, unknown>)) {
          if (key !== "offset" && Array.isArray(choice)) walk(choice as CompiledMessage)
        }
      }
    }
  }
  walk(compileMessageOrThrow(message))
  // Markup (<0>…</0>, <1/>) must match too: a translation that drops a link loses it.
  for (const tag of message.matchAll(/<(\/?)(\d+)(\/?)>/g)) found.add(`<${tag[2]}>`)
  return [...found].sort()
}

/** The plural categories a plural or selectordinal argument offers, for "other" checks. */
const choicesOf = (message: string): ReadonlyArray<ReadonlyArray<string>> => {
  const choices: Array<ReadonlyArray<string>> = []
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === "string") continue
      const [, type, format] = token
      if ((type === "plural" || type === "select" || type === "selectordinal") && format) {
        const cases = Object.keys(format).filter((key) => key !== "offset")
        choices.push(cases)
        for (const key of cases) walk((format as Record<string, CompiledMessage>)[key] ?? [])
      }
    }
  }
  walk(compileMessageOrThrow(message))
  return choices
}

/** The source files that may use a message: the apps, the domain and the adapters, tests aside. */
const sourceFiles = (): ReadonlyArray<string> => {
  const files: Array<string> = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (["node_modules", "dist", "test", "testing"].includes(entry.name)) continue
        walk(path)
      } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        files.push(path)
      }
    }
  }
  for (const dir of ["apps", "domain", "adapters"]) walk(join(root, dir))
  return files
}

/** Every string literal written in the source (a message id is always written whole). */
const literalsIn = (file: string): ReadonlyArray<string> => {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const found: Array<string> = []
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const areas = areasOf("en")
const english = new Map(areas.map((area) => [area, catalog("en", area)]))
const KEY = /^[a-z][a-z0-9]*(\.[A-Za-z0-9_-]+)+$/

describe("message catalogs", () => {
  it("exist for English with at least one area", () => {
    expect(areas.length).toBeGreaterThan(0)
  })

  it.each(LANGUAGE_CODES.filter((language) => language !== "en"))(
    "%s has the same areas as English",
    (language) => {
      expect(areasOf(language)).toEqual(areas)
    },
  )

  it.each(areas)("%s: its keys are well formed, under its prefix, and unique", (area) => {
    const keys = Object.keys(english.get(area) ?? {})
    expect(keys.filter((key) => !KEY.test(key) || !key.startsWith(prefixOf(area)))).toEqual([])
    const elsewhere = areas
      .filter((other) => other !== area)
      .flatMap((other) => Object.keys(english.get(other) ?? {}))
    expect(keys.filter((key) => elsewhere.includes(key))).toEqual([])
  })

  it.each(areas)(
    "%s: every language has every key, none more, none empty, same placeholders",
    (area) => {
      const source = english.get(area) ?? {}
      const problems: Array<string> = []
      for (const language of LANGUAGE_CODES) {
        const messages = language === "en" ? source : catalog(language, area)
        for (const key of Object.keys(source)) {
          if (!(key in messages)) problems.push(`${language} ${key}: missing`)
        }
        for (const [key, text] of Object.entries(messages)) {
          if (!(key in source)) {
            problems.push(`${language} ${key}: not in English`)
            continue
          }
          if (typeof text !== "string" || text.trim() === "") {
            problems.push(`${language} ${key}: empty`)
            continue
          }
          let placeholders: ReadonlyArray<string>
          try {
            placeholders = placeholdersOf(text)
          } catch (error) {
            problems.push(`${language} ${key}: not ICU MessageFormat (${(error as Error).message})`)
            continue
          }
          const expected = placeholdersOf(String(source[key]))
          if (placeholders.join() !== expected.join()) {
            problems.push(
              `${language} ${key}: placeholders ${placeholders.join(" ")} ≠ English ${expected.join(" ")}`,
            )
          }
          for (const cases of choicesOf(text)) {
            if (!cases.includes("other"))
              problems.push(`${language} ${key}: a choice without other`)
          }
        }
      }
      expect(problems).toEqual([])
    },
  )

  it("has every key used in the source, and every key the source names", () => {
    const prefixes = areas.map(prefixOf)
    const used = new Map<string, string>()
    for (const file of sourceFiles()) {
      for (const literal of literalsIn(file)) {
        if (KEY.test(literal) && prefixes.some((prefix) => literal.startsWith(prefix))) {
          used.set(literal, relative(root, file))
        }
      }
    }
    const known = new Set([...english.values()].flatMap((messages) => Object.keys(messages)))
    const unused = [...known].filter((key) => !used.has(key)).sort()
    const missing = [...used]
      .filter(([key]) => !known.has(key))
      .map(([key, file]) => `${key} (${file})`)
    expect({ unused, missing }).toEqual({ unused: [], missing: [] })
  })
})

describe("placeholdersOf", () => {
  it("reads placeholders, plural arguments with their cases' placeholders, and markup", () => {
    expect(
      placeholdersOf(
        "Hi {name}, {count, plural, one {# vote} other {# votes by {who}}} <0>rules</0>",
      ),
    ).toEqual(["<0>", "count:plural", "name:text", "who:text"])
  })

  it("tells a renamed placeholder apart", () => {
    expect(placeholdersOf("Hola {nombre}")).not.toEqual(placeholdersOf("Hi {name}"))
  })

  it("throws on text that is not ICU MessageFormat", () => {
    expect(() => placeholdersOf("Hi {name")).toThrow()
  })
})

import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  classWithPseudoClasses,
  isValidSelector,
  parseSelector,
  parsesAsSelector,
} from "./selectors.ts"

describe("parsesAsSelector", () => {
  it.each([
    "div",
    "*",
    ".card",
    "#main",
    "a.link:hover",
    "ul > li + li ~ li",
    "main  section   p",
    ".a, .b ,.c",
    "[data-id]",
    '[data-id="x y"]',
    "[lang|=en i]",
    "input[type=checkbox]:checked",
    "p::first-line",
    "li:nth-child(2n+1)",
    "li:nth-child(odd)",
    "li:nth-last-of-type(-n + 3)",
    "li:nth-child(2 of .important)",
    ":not(.a, .b)",
    ":is(h1, h2) > span",
    "div:has(> img)",
    ":where(.x) .y",
    ".hover\\:bg-red-500:hover",
    ".w-1\\/2",
    ".\\31 0",
    ":lang(en)",
    "-webkit-custom",
    "--custom-tag",
    "  .padded  ",
  ])("accepts %s", (selector) => {
    expect(parsesAsSelector(selector)).toBe(true)
  })

  it.each([
    "",
    "   ",
    ".",
    "#",
    ".1col",
    "#1a",
    "div >",
    "> div",
    "a,,b",
    "a,",
    ",a",
    "[data-id",
    "[=x]",
    '[data-id="x]',
    "[a b]",
    "div:",
    "li:nth-child()",
    "li:nth-child(foo)",
    ":not()",
    ":not(.a",
    "div)",
    "a ++ b",
    "svg|rect",
    "a!b",
    ".a/*comment*/",
    "-1a",
  ])("refuses %j", (selector) => {
    expect(parsesAsSelector(selector)).toBe(false)
  })

  it("answers (never throws) for any string, even ones made of selector punctuation", () => {
    const selectorish = fc.string({
      unit: fc.constantFrom(..."ab1-_.#:[]()=~|^$*+>, \\'\"n".split("")),
      maxLength: 24,
    })
    fc.assert(
      fc.property(fc.oneof(fc.string(), selectorish), (text) => {
        const parsed = parseSelector(text)
        expect(parsed === undefined || parsed.length > 0).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it("gives the structure of a complex selector", () => {
    expect(parseSelector("ul > li.item:hover")).toEqual([
      {
        compounds: [
          [{ kind: "type", name: "ul" }],
          [
            { kind: "type", name: "li" },
            { kind: "class", name: "item" },
            { kind: "pseudo-class", name: "hover" },
          ],
        ],
        combinators: [">"],
      },
    ])
  })
})

describe("isValidSelector", () => {
  it("needs both the parser and the browser to accept", () => {
    const browserAcceptsAll = () => true
    const browserRefusesAll = () => false
    expect(isValidSelector(".a:hover", browserAcceptsAll)).toBe(true)
    expect(isValidSelector(".a:hover", browserRefusesAll)).toBe(false)
    expect(isValidSelector(".a:", browserAcceptsAll)).toBe(false)
  })

  it("does not ask the browser about a selector the parser refuses", () => {
    const asked: Array<string> = []
    isValidSelector("a,,b", (selector) => {
      asked.push(selector)
      return true
    })
    expect(asked).toEqual([])
  })
})

describe("classWithPseudoClasses", () => {
  it("collects a single class with one or more pseudo-classes", () => {
    expect(classWithPseudoClasses(".btn:hover")).toEqual({
      className: "btn",
      pseudoClasses: ["hover"],
    })
    expect(classWithPseudoClasses(".btn:focus:disabled")).toEqual({
      className: "btn",
      pseudoClasses: ["focus", "disabled"],
    })
  })

  it("unescapes the class name, as Tailwind escapes its variants", () => {
    expect(classWithPseudoClasses(".hover\\:bg-red-500:hover")?.className).toBe("hover:bg-red-500")
    expect(classWithPseudoClasses(".\\31 0:active")?.className).toBe("10")
  })

  it("refuses every other shape", () => {
    for (const selector of [
      ".btn",
      "a.btn:hover",
      ".btn.primary:hover",
      ".btn:hover, .x:hover",
      ".a .btn:hover",
      ".btn::before",
      ".btn:not(.x)",
      ":hover",
      "#id:hover",
    ]) {
      expect(classWithPseudoClasses(selector)).toBeUndefined()
    }
  })
})

import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CHANGE_TYPES } from "./change-ledger.ts"
import { SAMPLE_FIELDS, sampleId } from "./change-samples.test-support.ts"
import { CHANGE_FIELDS_SCHEMAS, StylingFieldsSchema } from "./change-fields.schema.ts"
import {
  AddClassBodySchema,
  AddJsxElementBodySchema,
  ElementRefSchema,
  MoveJsxElementBodySchema,
  RemoveJsxElementBodySchema,
  StylingBodySchema,
} from "./mutation-request.schema.ts"

const decodes = (schema: Schema.Top, input: unknown) =>
  Result.isSuccess(Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(input))

describe("change field schemas", () => {
  it("accept the sample fields of every change type", () => {
    for (const type of CHANGE_TYPES) {
      expect(decodes(CHANGE_FIELDS_SCHEMAS[type], SAMPLE_FIELDS[type])).toBe(true)
    }
  })

  it("take modifiers as variant names, refusing anything with a colon, a space or capitals", () => {
    const withModifiers = (modifiers: ReadonlyArray<string>) => ({
      ...SAMPLE_FIELDS.STYLING,
      modifiers,
    })
    expect(decodes(StylingFieldsSchema, withModifiers(["hover", "2xl", "group-hover"]))).toBe(true)
    for (const bad of ["hover:", "Hover", "md lg", ""]) {
      expect(decodes(StylingFieldsSchema, withModifiers([bad]))).toBe(false)
    }
  })

  it("require the styling framework of a styling change", () => {
    const { stylingFramework: _framework, ...fields } = SAMPLE_FIELDS.STYLING
    expect(decodes(StylingFieldsSchema, fields)).toBe(false)
  })
})

describe("element references in request bodies", () => {
  it("need only a codebase id, and keep storyboardId, uniquePath and name", () => {
    const decoded = Schema.decodeUnknownSync(ElementRefSchema)({
      codebaseId: sampleId(1),
      storyboardId: "sb",
      uniquePath: "0-1",
      name: "div",
      children: ["dropped"],
    })
    expect(decoded).toEqual({
      codebaseId: sampleId(1),
      storyboardId: "sb",
      uniquePath: "0-1",
      name: "div",
    })
    expect(decodes(ElementRefSchema, { codebaseId: "body" })).toBe(true)
  })

  it("refuse a missing or malformed codebase id", () => {
    expect(decodes(ElementRefSchema, {})).toBe(false)
    expect(decodes(ElementRefSchema, { codebaseId: "tempo-1234" })).toBe(false)
    expect(decodes(ElementRefSchema, sampleId(1))).toBe(false)
  })

  it("make a remove name at least one element", () => {
    expect(decodes(RemoveJsxElementBodySchema, { elementsToRemove: [] })).toBe(false)
    expect(
      decodes(RemoveJsxElementBodySchema, { elementsToRemove: [{ codebaseId: "root" }] }),
    ).toBe(true)
  })

  it("take styling's framework from Inline, CSS and Tailwind, and addClass's from Tailwind or null", () => {
    const styling = {
      reactElement: { codebaseId: "body" },
      styling: { color: "red", margin: null },
    }
    expect(decodes(StylingBodySchema, { ...styling, stylingFramework: "CSS" })).toBe(true)
    expect(decodes(StylingBodySchema, styling)).toBe(false)
    expect(decodes(StylingBodySchema, { ...styling, stylingFramework: "Sass" })).toBe(false)
    const addClass = { reactElement: { codebaseId: "body" }, className: "p-4" }
    expect(decodes(AddClassBodySchema, { ...addClass, stylingFramework: null })).toBe(true)
    expect(decodes(AddClassBodySchema, { ...addClass, stylingFramework: "CSS" })).toBe(false)
    expect(decodes(AddClassBodySchema, { ...addClass, className: "two classes" })).toBe(false)
  })
})

describe("add and move bodies", () => {
  const newElement = { type: "nativeTag", nativeTag: "div" }

  it("need a container or a sibling to place the element by", () => {
    expect(decodes(AddJsxElementBodySchema, { newElement })).toBe(false)
    expect(
      decodes(AddJsxElementBodySchema, { newElement, afterElement: { codebaseId: sampleId(2) } }),
    ).toBe(true)
    const elementToMove = { codebaseId: sampleId(3) }
    expect(decodes(MoveJsxElementBodySchema, { elementToMove })).toBe(false)
    expect(
      decodes(MoveJsxElementBodySchema, {
        elementToMove,
        newContainerElement: { codebaseId: "body" },
      }),
    ).toBe(true)
  })

  it("need a tag for a native element and a name for a component", () => {
    const destinationElement = { codebaseId: "body" }
    expect(
      decodes(AddJsxElementBodySchema, { destinationElement, newElement: { type: "nativeTag" } }),
    ).toBe(false)
    expect(
      decodes(AddJsxElementBodySchema, {
        destinationElement,
        newElement: { type: "component", componentName: "Card", propsToSet: { items: [1, 2] } },
      }),
    ).toBe(true)
  })

  it("carry the hashes of the files the client saw", () => {
    expect(
      decodes(RemoveJsxElementBodySchema, {
        elementsToRemove: [{ codebaseId: "root" }],
        seenFileHashes: { "src/App.tsx": "abc" },
      }),
    ).toBe(true)
    expect(
      decodes(RemoveJsxElementBodySchema, {
        elementsToRemove: [{ codebaseId: "root" }],
        seenFileHashes: { "src/App.tsx": 3 },
      }),
    ).toBe(false)
  })
})

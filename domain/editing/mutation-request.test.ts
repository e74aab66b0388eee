import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CHANGE_TYPES, createChange, createRedo, createUndo } from "./change-ledger.ts"
import type { ChangeLedgerItem, ChangeType } from "./change-ledger.ts"
import { SAMPLE_FIELDS, sampleId } from "./change-samples.test-support.ts"
import { UnsupportedOperation } from "./editing.errors.ts"
import { MUTATION_BODY_SCHEMAS } from "./mutation-request.schema.ts"
import type { ElementRef } from "./mutation-request.schema.ts"
import {
  MUTATION_ENDPOINTS,
  mutationPath,
  SUCCESS_TOASTS,
  toMutationRequest,
} from "./mutation-request.ts"
import type { MutationRequest } from "./mutation-request.ts"

const CANVAS = "canvas-1"
const change = <T extends ChangeType>(type: T, instantUpdate?: boolean) =>
  createChange({ id: `change-${type}`, type, changeFields: SAMPLE_FIELDS[type], instantUpdate })

const requestFor = (type: ChangeType, lookup?: (id: string) => ElementRef | undefined) =>
  Result.getOrThrow(toMutationRequest(change(type), { canvasId: CANVAS, lookup }))

const ref = (digit: number): ElementRef => ({ codebaseId: sampleId(digit) })

describe("toMutationRequest", () => {
  it.each([
    ["STYLING", "styling", "mutate/styling"],
    ["ADD_JSX", "addJsxElement", "mutate/addJsxElement"],
    ["MOVE_JSX", "moveJsxElement", "mutate/moveJsxElement"],
    ["REMOVE_JSX", "removeJsxElement", "mutate/removeJsxElement"],
    ["CHANGE_PROP", "changePropValue", "mutate/changePropValue"],
    ["ADD_CLASS", "addClass", "mutate/addClass"],
    ["REMOVE_CLASS", "removeClass", "mutate/removeClass"],
    ["UPDATE_CLASSES", "updateClasses", "mutate/updateClasses"],
    ["EDIT_TEXT", "editText", "mutate/editText"],
    ["WRAP_DIV", "wrapInDiv", "mutate/wrapInDiv"],
    ["CHANGE_TAG", "changeElementTag", "mutate/changeElementTag"],
    ["DUPLICATE", "duplicate", "mutate/duplicate"],
    ["UNDO", "undoChangeToFiles", "activities/undoChangeToFiles"],
    ["REDO", "redoChangeToFiles", "activities/redoChangeToFiles"],
  ] as const)("turns %s into a POST to %s", (type, endpoint, suffix) => {
    const request = requestFor(type)
    expect(request.endpoint).toBe(endpoint)
    expect(request.path).toBe(`canvases/${CANVAS}/parseAndMutate/${suffix}`)
  })

  it("covers every endpoint of the spec's table exactly once", () => {
    const endpoints = CHANGE_TYPES.filter((type) => type !== "UNKNOWN").map(
      (type) => requestFor(type).endpoint,
    )
    expect([...endpoints].sort()).toEqual([...MUTATION_ENDPOINTS].sort())
  })

  it('refuses an UNKNOWN change: "Unsupported operation"', () => {
    const result = toMutationRequest(change("UNKNOWN"), { canvasId: CANVAS })
    expect(Result.isFailure(result)).toBe(true)
    if (Result.isFailure(result)) {
      expect(result.failure).toBeInstanceOf(UnsupportedOperation)
      expect(result.failure.message).toBe("Unsupported operation")
      expect(result.failure.code).toBe("UNSUPPORTED_OPERATION")
    }
  })

  it("produces bodies that the HTTP adapter's schemas accept, for every type", () => {
    for (const type of CHANGE_TYPES.filter((t) => t !== "UNKNOWN")) {
      const request: MutationRequest = requestFor(type)
      const schema = MUTATION_BODY_SCHEMAS[request.endpoint] as Schema.Codec<unknown, unknown>
      const wire: unknown = JSON.parse(JSON.stringify(request.body))
      expect(Result.isSuccess(Schema.decodeUnknownResult(schema)(wire))).toBe(true)
    }
  })

  it("sends the styling body of §7", () => {
    expect(requestFor("STYLING").body).toEqual({
      reactElement: ref(1),
      styling: { backgroundColor: "#4597F7" },
      stylingFramework: "Tailwind",
      modifiers: ["hover", "md"],
      customProperties: { "--gap": "4px" },
    })
  })

  it("sends an add with its new element, canvas id and whether it was previewed", () => {
    const request = requestFor("ADD_JSX")
    expect(request.body).toEqual({
      destinationElement: ref(1),
      afterElement: ref(2),
      newElement: {
        type: "nativeTag",
        nativeTag: "div",
        propsToSet: { className: "p-4", hidden: false },
      },
      canvasId: CANVAS,
      hasInstantUpdate: true,
    })
    expect(request.successToast).toBeUndefined()
  })

  it('toasts "Successfully added" for an add with no instant update', () => {
    const request = Result.getOrThrow(
      toMutationRequest(change("ADD_JSX", false), { canvasId: CANVAS }),
    )
    expect(request.successToast).toBe(SUCCESS_TOASTS.added)
    expect(request.successToast).toBe("Successfully added")
    expect(request.endpoint === "addJsxElement" && request.body.hasInstantUpdate).toBe(false)
  })

  it("adds a component by name", () => {
    const item = createChange({
      id: "c1",
      type: "ADD_JSX",
      changeFields: { codebaseIdToAddTo: "body", componentName: "Card", propsToSet: { n: 2 } },
    })
    const request = Result.getOrThrow(toMutationRequest(item, { canvasId: CANVAS }))
    expect(request.endpoint === "addJsxElement" && request.body.newElement).toEqual({
      type: "component",
      componentName: "Card",
      propsToSet: { n: 2 },
    })
  })

  it("adds JSX from file contents (a paste) with no newElement, which the body's schema accepts", () => {
    const item = createChange({
      id: "c2",
      type: "ADD_JSX",
      changeFields: {
        codebaseIdToAddTo: sampleId(1),
        afterCodebaseId: sampleId(1),
        fileContentsToSourceFrom: "export default function Pasted() { return <p>Hi</p> }",
        fileContentsSourceFilename: "src/App.tsx",
      },
      instantUpdate: false,
    })
    const request = Result.getOrThrow(toMutationRequest(item, { canvasId: CANVAS }))
    if (request.endpoint !== "addJsxElement") throw new Error(request.endpoint)
    expect(request.body.newElement).toBeUndefined()
    expect(request.body.fileContentsSourceFilename).toBe("src/App.tsx")
    const wire: unknown = JSON.parse(JSON.stringify(request.body))
    const decoded = Schema.decodeUnknownResult(MUTATION_BODY_SCHEMAS.addJsxElement)(wire)
    expect(Result.isSuccess(decoded)).toBe(true)
  })

  it("sends a move with the parent the frame expects", () => {
    expect(requestFor("MOVE_JSX").body).toEqual({
      elementToMove: ref(3),
      newContainerElement: ref(1),
      beforeElement: ref(2),
      expectedCurrentParent: ref(4),
    })
  })

  it('sends a prop change with the "Prop changed" toast', () => {
    const request = requestFor("CHANGE_PROP")
    expect(request.body).toEqual({
      elementToModify: ref(1),
      propName: "title",
      propValue: "Hello",
    })
    expect(request.successToast).toBe("Prop changed")
  })

  it("sends addClass with Tailwind, or null for a plain class", () => {
    expect(requestFor("ADD_CLASS").body).toEqual({
      reactElement: ref(1),
      className: "bg-red-500",
      stylingFramework: "Tailwind",
      modifiers: ["hover"],
    })
    const plain = createChange({
      id: "c1",
      type: "ADD_CLASS",
      changeFields: { codebaseIdToAddClass: sampleId(1), className: "card" },
    })
    const request = Result.getOrThrow(toMutationRequest(plain, { canvasId: CANVAS }))
    expect(request.endpoint === "addClass" && request.body.stylingFramework).toBeNull()
  })

  it("sends removeClass, updateClasses, editText and changeElementTag with their fields", () => {
    expect(requestFor("REMOVE_CLASS").body).toEqual({ reactElement: ref(1), className: "p-4" })
    expect(requestFor("UPDATE_CLASSES").body).toEqual({
      reactElement: ref(1),
      newClasses: ["p-2", "flex"],
      oldClasses: ["p-4"],
    })
    expect(requestFor("EDIT_TEXT").body).toEqual({
      element: ref(5),
      newText: "Hi there",
      oldText: "Hello",
    })
    expect(requestFor("CHANGE_TAG").body).toEqual({ elementToModify: ref(5), newTag: "section" })
  })

  it("carries the instance a class or text edit is for into the element's ref", () => {
    const instanceCodebaseId = sampleId(9)
    const addClass = createChange({
      id: "c1",
      type: "ADD_CLASS",
      changeFields: { codebaseIdToAddClass: sampleId(1), className: "ring-2", instanceCodebaseId },
    })
    const editText = createChange({
      id: "c2",
      type: "EDIT_TEXT",
      changeFields: { codebaseIdToEditText: sampleId(5), newText: "Hi", instanceCodebaseId },
    })
    const bodyOf = (change: ChangeLedgerItem) =>
      Result.getOrThrow(toMutationRequest(change, { canvasId: CANVAS })).body
    expect(bodyOf(addClass)).toMatchObject({
      reactElement: { codebaseId: sampleId(1), instanceCodebaseId },
    })
    expect(bodyOf(editText)).toMatchObject({
      element: { codebaseId: sampleId(5), instanceCodebaseId },
    })
    expect(requestFor("ADD_CLASS").body).not.toHaveProperty("reactElement.instanceCodebaseId")
  })

  it("drops duplicate ids from remove, wrap and duplicate lists", () => {
    expect(requestFor("REMOVE_JSX").body).toEqual({ elementsToRemove: [ref(2), ref(3)] })
    expect(requestFor("WRAP_DIV").body).toEqual({ reactElements: [ref(2), ref(3)] })
    expect(requestFor("DUPLICATE").body).toEqual({ reactElements: [ref(2)] })
  })

  it("sends the lookup's element for each id, and omits from a remove the ids it does not know", () => {
    const lookup = (codebaseId: string): ElementRef | undefined =>
      codebaseId === sampleId(3)
        ? undefined
        : { codebaseId, storyboardId: "sb", uniquePath: "0-1", name: "div" }
    expect(requestFor("REMOVE_JSX", lookup).body).toEqual({
      elementsToRemove: [
        { codebaseId: sampleId(2), storyboardId: "sb", uniquePath: "0-1", name: "div" },
      ],
    })
    // A single element the lookup lost is still named by its id; the server resolves it.
    expect(requestFor("REMOVE_CLASS", lookup).body).toMatchObject({ reactElement: { name: "div" } })
    expect(requestFor("WRAP_DIV", lookup).body).toEqual({
      reactElements: [
        { codebaseId: sampleId(2), storyboardId: "sb", uniquePath: "0-1", name: "div" },
        { codebaseId: sampleId(3) },
      ],
    })
  })

  it("sends only the reference's fields of a nav-tree node, so the body stays acyclic", () => {
    const node: ElementRef & { parent?: unknown; children: Array<unknown> } = {
      codebaseId: sampleId(1),
      name: "div",
      children: [],
    }
    node.children.push(node)
    const request = requestFor("REMOVE_CLASS", () => node)
    expect(request.body).toEqual({
      reactElement: { codebaseId: sampleId(1), name: "div" },
      className: "p-4",
    })
    expect(() => JSON.stringify(request.body)).not.toThrow()
  })

  it("sends undo and redo with an empty body, with or without the change they reverse", () => {
    const target = change("STYLING")
    for (const item of [createUndo("u1", target), createUndo("u2"), createRedo("r1", target)]) {
      expect(Result.getOrThrow(toMutationRequest(item, { canvasId: CANVAS })).body).toEqual({})
    }
  })
})

describe("seen file hashes", () => {
  it("ride along with every mutation but not with undo or redo", () => {
    const seenFileHashes = { "src/App.tsx": "abc123" }
    for (const type of CHANGE_TYPES.filter((t) => t !== "UNKNOWN")) {
      const request = Result.getOrThrow(
        toMutationRequest(change(type), { canvasId: CANVAS, seenFileHashes }),
      )
      const activity = type === "UNDO" || type === "REDO"
      expect(request.body).toEqual(activity ? {} : expect.objectContaining({ seenFileHashes }))
    }
  })
})

describe("mutationPath", () => {
  it("escapes the canvas id", () => {
    expect(mutationPath("a/b c", "styling")).toBe(
      "canvases/a%2Fb%20c/parseAndMutate/mutate/styling",
    )
  })
})

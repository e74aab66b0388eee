import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  ADD_JSX_PLACEHOLDER_PREFIX,
  CODEBASE_ID_PREFIX,
  DUPLICATE_PLACEHOLDER_PREFIX,
  WRAP_IN_DIV_PLACEHOLDER,
} from "./codebase-id.ts"
import { InvalidKeyId, MalformedElementKey } from "./editing.errors.ts"
import {
  areSiblingPaths,
  childIndexesOf,
  elementKeyFrom,
  elementKeyOf,
  isElementKey,
  isStoryboardLevel,
  isUniquePath,
  parentUniquePath,
  ROOT_UNIQUE_PATH,
  STORYBOARD_TOP_CONSTANT,
  uniquePathOf,
  renameElementKey,
} from "./element-key.ts"
import { buildElementKey, parseElementKey, storyboardElementKey } from "./element-key-parsing.ts"

/** Ids of the element-key alphabet: letters, digits, hyphen, underscore; never empty. */
const keyIdArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/)

const uuidV1ToV5Arb = fc.uuid({ version: [1, 2, 3, 4, 5] })

/** Every kind of codebase id the frame meets, plus the storyboard top constant. */
const codebaseIdArb = fc.oneof(
  uuidV1ToV5Arb.map((uuid) => `${CODEBASE_ID_PREFIX}${uuid}`),
  fc.constant(WRAP_IN_DIV_PLACEHOLDER),
  fc
    .stringMatching(/^[A-Za-z0-9-]{1,36}$/)
    .map((suffix) => `${DUPLICATE_PLACEHOLDER_PREFIX}${suffix}`),
  fc
    .stringMatching(/^[A-Za-z0-9-]{1,36}$/)
    .map((suffix) => `${ADD_JSX_PLACEHOLDER_PREFIX}${suffix}`),
  fc.constantFrom("root", "body", "__next", STORYBOARD_TOP_CONSTANT),
)

const childIndexesArb = fc.array(fc.nat({ max: 500 }), { maxLength: 12 })

const CODEBASE_ID = "tempo-6f1c2b1e-9a4d-4c3b-8f2e-1d2c3b4a5f60"
const STORYBOARD_ID = "storyboard-7"

const failure = <A, E>(result: Result.Result<A, E>): E => {
  if (Result.isSuccess(result)) throw new Error(`expected a failure, got ${String(result.success)}`)
  return result.failure
}

describe("buildElementKey", () => {
  it("joins TE, the codebase id, the storyboard id and the unique path with underscores", () => {
    const key = buildElementKey({
      codebaseId: CODEBASE_ID,
      storyboardId: STORYBOARD_ID,
      uniquePath: "0-2-1",
    })
    expect(Result.getOrThrow(key)).toBe(`TE_${CODEBASE_ID}_${STORYBOARD_ID}_0-2-1`)
  })

  it('refuses a codebase id with a dot: "Codebase ID contains invalid chars"', () => {
    const error = failure(
      buildElementKey({ codebaseId: "tempo.x", storyboardId: STORYBOARD_ID, uniquePath: "0" }),
    )
    expect(error).toBeInstanceOf(InvalidKeyId)
    expect(error.message).toBe("Codebase ID contains invalid chars")
    expect(error.code).toBe("INVALID_KEY_ID")
    expect(error instanceof InvalidKeyId && error.part).toBe("codebaseId")
  })

  it("refuses a storyboard id with a space with the same message", () => {
    const error = failure(
      buildElementKey({ codebaseId: CODEBASE_ID, storyboardId: "story 1", uniquePath: "0" }),
    )
    expect(error.message).toBe("Codebase ID contains invalid chars")
    expect(error instanceof InvalidKeyId && error.part).toBe("storyboardId")
  })

  it("refuses empty ids", () => {
    expect(
      failure(buildElementKey({ codebaseId: "", storyboardId: "s", uniquePath: "0" })),
    ).toBeInstanceOf(InvalidKeyId)
    expect(
      failure(buildElementKey({ codebaseId: "body", storyboardId: "", uniquePath: "0" })),
    ).toBeInstanceOf(InvalidKeyId)
  })

  it("refuses a unique path that does not start at the body or has leading zeros", () => {
    for (const uniquePath of ["", "1-2", "0-", "0--1", "0-01", "0-a", "0_1"]) {
      const error = failure(buildElementKey({ codebaseId: "body", storyboardId: "s", uniquePath }))
      expect(error).toBeInstanceOf(MalformedElementKey)
    }
  })

  it("accepts ids of letters, digits, hyphen and underscore", () => {
    fc.assert(
      fc.property(keyIdArb, keyIdArb, childIndexesArb, (codebaseId, storyboardId, indexes) => {
        const key = buildElementKey({ codebaseId, storyboardId, uniquePath: uniquePathOf(indexes) })
        expect(Result.isSuccess(key)).toBe(true)
      }),
    )
  })

  it("refuses any id holding a character outside that alphabet", () => {
    const badId = fc
      .tuple(keyIdArb, fc.string({ minLength: 1, maxLength: 3 }), keyIdArb)
      .filter(([, middle]) => /[^A-Za-z0-9_-]/.test(middle))
      .map(([before, middle, after]) => `${before}${middle}${after}`)
    fc.assert(
      fc.property(badId, keyIdArb, (bad, good) => {
        const asCodebase = failure(
          buildElementKey({ codebaseId: bad, storyboardId: good, uniquePath: "0" }),
        )
        const asStoryboard = failure(
          buildElementKey({ codebaseId: good, storyboardId: bad, uniquePath: "0" }),
        )
        expect(asCodebase.message).toBe("Codebase ID contains invalid chars")
        expect(asStoryboard.message).toBe("Codebase ID contains invalid chars")
      }),
    )
  })
})

describe("elementKeyFrom (the frame's key maker)", () => {
  it("answers elementKeyOf's key, and the template's, whatever storyboard ids came before", () => {
    // The storyboard ids vary from call to call, so a kept middle of another id would show.
    const partsArb = fc.record({
      codebaseId: codebaseIdArb,
      storyboardId: fc.oneof(keyIdArb, fc.constant(STORYBOARD_ID)),
      uniquePath: childIndexesArb.map(uniquePathOf),
    })
    fc.assert(
      fc.property(fc.array(partsArb, { minLength: 1, maxLength: 8 }), (list) => {
        for (const parts of list) {
          const expected = `TE_${parts.codebaseId}_${parts.storyboardId}_${parts.uniquePath}`
          expect(elementKeyFrom(parts.codebaseId, parts.storyboardId, parts.uniquePath)).toBe(
            expected,
          )
          expect(elementKeyOf(parts)).toBe(expected)
        }
      }),
    )
  })
})

describe("storyboard-level keys", () => {
  it("use the top constant as codebase id and the path 0", () => {
    const key = Result.getOrThrow(storyboardElementKey(STORYBOARD_ID))
    expect(key).toBe(`TE_${STORYBOARD_TOP_CONSTANT}_${STORYBOARD_ID}_0`)
    const parts = Result.getOrThrow(parseElementKey(key))
    expect(isStoryboardLevel(parts)).toBe(true)
  })

  it("are refused for a storyboard id with invalid characters", () => {
    expect(failure(storyboardElementKey("a/b")).message).toBe("Codebase ID contains invalid chars")
  })

  it("an ordinary element's key is not storyboard-level", () => {
    const parts = { codebaseId: CODEBASE_ID, storyboardId: STORYBOARD_ID, uniquePath: "0" }
    expect(isStoryboardLevel(parts)).toBe(false)
  })
})

describe("parseElementKey", () => {
  it("splits a key into its three parts", () => {
    expect(Result.getOrThrow(parseElementKey(`TE_${CODEBASE_ID}_${STORYBOARD_ID}_0-3`))).toEqual({
      codebaseId: CODEBASE_ID,
      storyboardId: STORYBOARD_ID,
      uniquePath: "0-3",
    })
  })

  it("keeps __next whole and gives underscores after it to the storyboard id", () => {
    expect(Result.getOrThrow(parseElementKey("TE___next_story_board_0"))).toEqual({
      codebaseId: "__next",
      storyboardId: "story_board",
      uniquePath: "0",
    })
  })

  it("refuses strings that are not element keys", () => {
    for (const key of [
      "",
      "TE_",
      "TE_body",
      "TE_body_0",
      "XX_body_s_0",
      "te_body_s_0",
      "TE_body_s_x",
    ]) {
      expect(isElementKey(key)).toBe(false)
      expect(failure(parseElementKey(key))).toBeInstanceOf(MalformedElementKey)
    }
  })

  it("refuses a key whose ids hold invalid characters", () => {
    expect(failure(parseElementKey("TE_bo.dy_s_0")).message).toBe(
      "Codebase ID contains invalid chars",
    )
  })

  it("gives back the parts a key was built from, for every kind of codebase id", () => {
    fc.assert(
      fc.property(codebaseIdArb, keyIdArb, childIndexesArb, (codebaseId, storyboardId, indexes) => {
        const parts = { codebaseId, storyboardId, uniquePath: uniquePathOf(indexes) }
        const key = Result.getOrThrow(buildElementKey(parts))
        expect(isElementKey(key)).toBe(true)
        expect(Result.getOrThrow(parseElementKey(key))).toEqual(parts)
      }),
    )
  })

  it("parses every key built from valid ids and rebuilds exactly that key", () => {
    fc.assert(
      fc.property(keyIdArb, keyIdArb, childIndexesArb, (codebaseId, storyboardId, indexes) => {
        const key = `TE_${codebaseId}_${storyboardId}_${uniquePathOf(indexes)}`
        const parts = Result.getOrThrow(parseElementKey(key))
        expect(Result.getOrThrow(buildElementKey(parts))).toBe(key)
      }),
    )
  })
})

describe("unique paths", () => {
  it("are '0' for the body and '0-' + child indexes from the body down below it", () => {
    expect(uniquePathOf([])).toBe(ROOT_UNIQUE_PATH)
    expect(uniquePathOf([0])).toBe("0-0")
    expect(uniquePathOf([2, 0, 11])).toBe("0-2-0-11")
  })

  it("turn back into the child indexes they were made of", () => {
    fc.assert(
      fc.property(childIndexesArb, (indexes) => {
        const path = uniquePathOf(indexes)
        expect(isUniquePath(path)).toBe(true)
        expect(childIndexesOf(path)).toEqual(indexes)
      }),
    )
  })

  it("refuse negative or fractional indexes as a defect", () => {
    expect(() => uniquePathOf([-1])).toThrow(RangeError)
    expect(() => uniquePathOf([1.5])).toThrow(RangeError)
  })

  it("name the parent by dropping the last index; the body has no parent", () => {
    expect(parentUniquePath("0-2-1")).toBe("0-2")
    expect(parentUniquePath("0-2")).toBe("0")
    expect(parentUniquePath("0")).toBeUndefined()
    expect(parentUniquePath("nonsense")).toBeUndefined()
  })

  it("call two different children of one parent siblings, and nothing else", () => {
    expect(areSiblingPaths("0-2-1", "0-2-4")).toBe(true)
    expect(areSiblingPaths("0-2-1", "0-2-1")).toBe(false)
    expect(areSiblingPaths("0-2-1", "0-3-1")).toBe(false)
    expect(areSiblingPaths("0-2", "0-2-1")).toBe(false)
    expect(areSiblingPaths("0", "0")).toBe(false)
  })
})

describe("renaming a key by an edit's old → new codebase ids", () => {
  const OLD = "tempo-11111111-1111-5111-8111-111111111111"
  const NEW = "tempo-22222222-2222-5222-8222-222222222222"
  it("renames the id once, keeping the storyboard and the path; others stay as they are", () => {
    expect(renameElementKey(`TE_${OLD}_app_0-1`, { [OLD]: NEW, [NEW]: "tempo-x" })).toBe(
      `TE_${NEW}_app_0-1`,
    )
    expect(renameElementKey(`TE_${NEW}_app_0-2`, { [OLD]: NEW })).toBe(`TE_${NEW}_app_0-2`)
    expect(renameElementKey("not a key", { [OLD]: NEW })).toBe("not a key")
    expect(renameElementKey(`TE_${OLD}_app_0-1`, { [OLD]: "bad id!" })).toBe(`TE_${OLD}_app_0-1`)
    expect(renameElementKey(`TE_toString_app_0-1`, {})).toBe(`TE_toString_app_0-1`)
  })
})

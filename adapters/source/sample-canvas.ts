import { afterEach, beforeEach, expect } from "vitest"
import { makeCanvas, replaceOnce, type TestCanvas } from "./test-support.ts"

/* The sample app's files the rewriter's tests edit, and a fresh copy of it for every test. */

export const APP = "src/App.tsx"
export const FOOTER = "src/components/Footer.tsx"
export const ITEM = "src/components/TaskItem.tsx"
export const LIST = "src/components/TaskList.tsx"
export const HEADER = "src/components/Header.tsx"
export const BADGE = "src/components/Badge.tsx"

// Live bindings: an importing test reads the canvas its own beforeEach has just made.
/** The current test's canvas: a fresh copy of the sample app. */
export let canvas: TestCanvas
/** The files above as they were before the test's edit. */
export let original: Record<string, string>

/** Call once at the top of a test file: every test gets its own canvas, removed after it. */
export const prepareSampleCanvas = () => {
  beforeEach(async () => {
    canvas = await makeCanvas()
    original = {}
    for (const path of [APP, FOOTER, ITEM, LIST, HEADER, BADGE]) {
      original[path] = await canvas.read(path)
    }
  })
  afterEach(async () => {
    await canvas.dispose()
  })
}

/** The file after the mutation equals the original with exactly this one change. */
export const expectChanged = async (path: string, before: string, after: string) => {
  expect(await canvas.read(path)).toBe(replaceOnce(original[path]!, before, after))
}

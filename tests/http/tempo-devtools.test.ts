import { cp, mkdtemp, readFile, rm } from "node:fs/promises"
import { createRequire, registerHooks } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type * as TempoLedger from "tempo-devtools/dist/channelMessaging/changeLedgerTypes.js"
import { EDITOR_TOKEN_HEADER } from "../../adapters/http/app.ts"
import { codebaseIdOf } from "../../adapters/source/codebase-id.ts"
import { parseErrorsOf, parseText } from "../../adapters/source/jsx-tree.ts"
import { replaceOnce, SAMPLE_APP } from "../../adapters/source/test-support.ts"
import { client, startTestServer, type TestServer } from "./support/server.ts"

/**
 * The spec's own client against our canvases API: each of the 14 change-ledger classes of the
 * published tempo-devtools package builds its request with its own prepareApiRequest, and the
 * request is sent as it is. Each edit must answer 2xx, change the file as intended, leave it
 * parsing, and tempo's own UndoChange and RedoChange must restore the exact bytes.
 *
 * tempo-devtools' package entry starts its browser runtime, so the change-ledger module is
 * loaded by its own file; that module requires `uuid`, which the package does not declare (its
 * browser build bundles it), so that one require is resolved to a two-line shim over
 * crypto.randomUUID (fixtures/tempo-devtools/uuid.cjs). Nothing else is stubbed.
 */

const UUID_SHIM = pathToFileURL(join(import.meta.dirname, "../../fixtures/tempo-devtools/uuid.cjs"))
registerHooks({
  resolve: (specifier, context, nextResolve) =>
    specifier === "uuid" && context.parentURL?.includes("/tempo-devtools/")
      ? { url: UUID_SHIM.href, format: "commonjs", shortCircuit: true }
      : nextResolve(specifier, context),
})
const tempo = createRequire(import.meta.url)(
  "tempo-devtools/dist/channelMessaging/changeLedgerTypes.js",
) as typeof TempoLedger

const TOKEN = "editor-token-for-tempo"
const CANVAS = "tempo"
const APP = "src/App.tsx"
const FOOTER = "src/components/Footer.tsx"
const SOURCES = [APP, FOOTER, "src/components/Header.tsx", "src/components/TaskItem.tsx"]

let server: TestServer
let root: string
const original: Record<string, string> = {}

const read = (path: string) => readFile(join(root, path), "utf8")

/** A nav-tree lookup entry, as the parent tool gives tempo-devtools one, for a snippet's element. */
const entry = async (path: string, snippet: string, occurrence = 0) => {
  const text = await read(path)
  let index = -1
  for (let i = 0; i <= occurrence; i += 1) {
    index = text.indexOf(snippet, index + 1)
    if (index === -1) throw new Error(`${snippet} not found in ${path}`)
  }
  const name = /^<([\w.]+)/.exec(snippet)?.[1] ?? snippet
  const codebaseId = codebaseIdOf(path, index)
  return {
    codebaseId,
    name,
    type: /^[A-Z]/.test(name) ? "component" : "native",
    storyboardId: "storyboard-1",
    uniquePath: "0-1",
    filePath: path,
  }
}

type Entry = Awaited<ReturnType<typeof entry>>
const lookupOf = (...entries: Entry[]) =>
  Object.fromEntries(entries.map((found) => [found.codebaseId, found]))

interface Change {
  prepareApiRequest: (
    canvasId: string,
    lookup: Record<string, unknown>,
  ) => { urlPath: string; body: Record<string, unknown> }
}

/** Sends a change the way tempo-devtools does: POST its urlPath with its body. */
const send = async (change: Change, lookup: Record<string, unknown> = {}) => {
  const { urlPath, body } = change.prepareApiRequest(CANVAS, lookup)
  const response = await client(server.url).post(`/${urlPath}`, body, {
    [EDITOR_TOKEN_HEADER]: TOKEN,
  })
  expect(response.status, `${urlPath}: ${response.text}`).toBeGreaterThanOrEqual(200)
  expect(response.status, `${urlPath}: ${response.text}`).toBeLessThan(300)
  return response
}

/**
 * Sends the change, checks that `path` became exactly `expected` and parses, then that tempo's
 * UndoChange restores the bytes before and RedoChange the bytes after (and undoes it again, so
 * every test starts from the sample app).
 */
const expectRoundTrip = async (
  path: string,
  change: Change & { id: string },
  lookup: Record<string, unknown>,
  expected: (before: string) => string,
  /** Checks of other files, after the change (and its redo) and after each undo. */
  also: { afterChange?: () => Promise<void>; afterUndo?: () => Promise<void> } = {},
) => {
  const before = await read(path)
  await send(change, lookup)
  const after = await read(path)
  expect(after).toBe(expected(before))
  expect(parseErrorsOf(parseText(path, after))).toEqual([])
  await also.afterChange?.()
  await send(new tempo.UndoChange({ changeToUndo: change as never }))
  expect(await read(path)).toBe(before)
  await also.afterUndo?.()
  await send(new tempo.RedoChange({ changeToRedo: change as never }))
  expect(await read(path)).toBe(after)
  await also.afterChange?.()
  await send(new tempo.UndoChange({ changeToUndo: change as never }))
  expect(await read(path)).toBe(before)
  await also.afterUndo?.()
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "colorday-tempo-"))
  await cp(SAMPLE_APP, root, { recursive: true, filter: (source) => !source.includes("/dist") })
  for (const path of SOURCES) original[path] = await read(path)
  server = await startTestServer({
    canvases: [{ id: CANVAS, root }],
    config: { editorToken: TOKEN },
  })
})

afterAll(async () => {
  await server?.close()
  await rm(root, { recursive: true, force: true })
})

beforeEach(async () => {
  for (const path of SOURCES) expect(await read(path)).toBe(original[path])
})

const FOOTER_LINK = `      <a href="https://example.com" className="underline">\n        Learn more\n      </a>\n`
const FOOTER_P = `      <p>Made with the Colorday editor</p>\n`

describe("tempo-devtools 2.0.109's change-ledger classes against the canvases API", () => {
  it("StylingChange: Tailwind styling with tempo's custom classes (customProperties as a list)", async () => {
    const footer = await entry(FOOTER, "<footer")
    const change = new tempo.StylingChange({
      codebaseId: footer.codebaseId,
      stylingChanges: { color: "var(--brand)", paddingTop: "12px" },
      stylingFramework: tempo.StylingFramework.TAILWIND,
      modifiers: [],
      customProperties: [{ tailwind: "text-brand", css: "color: var(--brand);" }],
    })
    await expectRoundTrip(FOOTER, change, lookupOf(footer), (text) =>
      replaceOnce(
        text,
        `"py-6 text-center text-xs text-slate-400"`,
        `"py-6 text-center text-xs text-brand pt-3"`,
      ),
    )
  })

  it("AddJsxChange: a native tag (newElement.type 'native')", async () => {
    const footer = await entry(FOOTER, "<footer")
    const change = new tempo.AddJsxChange({
      codebaseIdToAddTo: footer.codebaseId,
      addNativeTag: "hr",
      propsToSet: { className: "my-2" },
    })
    await expectRoundTrip(FOOTER, change, lookupOf(footer), (text) =>
      replaceOnce(text, `      </a>\n`, `      </a>\n      <hr className="my-2" />\n`),
    )
  })

  it("AddJsxChange: another instance of a tree lookup entry's component, imported", async () => {
    const footer = await entry(FOOTER, "<footer")
    const badge = await entry("src/components/TaskItem.tsx", "<Badge")
    const change = new tempo.AddJsxChange({
      codebaseIdToAddTo: footer.codebaseId,
      addCodebaseId: badge.codebaseId,
      propsToSet: { label: "New", tone: "gray" },
      htmlForInstantUpdate: "<span>New</span>",
    })
    await expectRoundTrip(FOOTER, change, lookupOf(footer, badge), (text) =>
      replaceOnce(
        replaceOnce(text, `      </a>\n`, `      </a>\n      <Badge label="New" tone="gray" />\n`),
        `export function Footer`,
        `import { Badge } from "./Badge.tsx"\n\nexport function Footer`,
      ),
    )
  })

  it("AddJsxChange: the JSX of a storyboard file (fileContentsToSourceFrom), its imports rebased, a new component from extraPathToContents", async () => {
    const section = await entry(APP, "<section")
    const button = await entry(APP, "<button")
    const chip = [
      `export function Chip({ text }: { text: string }) {`,
      `  return <span className="rounded-full bg-slate-100 px-2">{text}</span>`,
      `}`,
      ``,
    ].join("\n")
    const storyboard = [
      `import { Badge } from "./components/Badge.tsx"`,
      `import { Chip } from "./components/Chip.tsx"`,
      ``,
      `export default function Story() {`,
      `  return (`,
      `    <div className="flex gap-2">`,
      `      <Badge label="Draft" tone="gray" />`,
      `      <Chip text="New" />`,
      `    </div>`,
      `  )`,
      `}`,
      ``,
    ].join("\n")
    const change = new tempo.AddJsxChange({
      codebaseIdToAddTo: section.codebaseId,
      afterCodebaseId: button.codebaseId,
      fileContentsToSourceFrom: storyboard,
      fileContentsSourceFilename: "src/Story.tsx",
      deletedStoryboardId: "storyboard-2",
      extraPathToContents: {
        // Already in the canvas with these contents: left alone.
        "src/components/Badge.tsx": await read("src/components/Badge.tsx"),
        // New: created with the edit, removed by its undo.
        "src/components/Chip.tsx": chip,
      },
    })
    const chipExists = () =>
      read("src/components/Chip.tsx").then(
        (text) => text,
        () => null,
      )
    await expectRoundTrip(
      APP,
      change,
      lookupOf(section, button),
      (text) =>
        replaceOnce(
          replaceOnce(
            text,
            `Get started</button>\n`,
            `Get started</button>\n          <div className="flex gap-2">\n            <Badge label="Draft" tone="gray" />\n            <Chip text="New" />\n          </div>\n`,
          ),
          `import { Footer } from "./components/Footer.tsx"\n`,
          `import { Footer } from "./components/Footer.tsx"\nimport { Badge } from "./components/Badge.tsx"\nimport { Chip } from "./components/Chip.tsx"\n`,
        ),
      {
        afterChange: async () => expect(await chipExists()).toBe(chip),
        afterUndo: async () => expect(await chipExists()).toBeNull(),
      },
    )
  })

  it("MoveJsxChange", async () => {
    const footer = await entry(FOOTER, "<footer")
    const link = await entry(FOOTER, "<a ")
    const paragraph = await entry(FOOTER, "<p>")
    const change = new tempo.MoveJsxChange({
      codebaseIdToMove: link.codebaseId,
      codebaseIdToMoveTo: footer.codebaseId,
      beforeCodebaseId: paragraph.codebaseId,
      expectedCurrentParentCodebaseId: footer.codebaseId,
    })
    await expectRoundTrip(FOOTER, change, lookupOf(footer, link, paragraph), (text) =>
      replaceOnce(text, `${FOOTER_P}${FOOTER_LINK}`, `${FOOTER_LINK}${FOOTER_P}`),
    )
  })

  it("RemoveJsxChange", async () => {
    const paragraph = await entry(FOOTER, "<p>")
    const change = new tempo.RemoveJsxChange({ codebaseIdsToRemove: [paragraph.codebaseId] })
    await expectRoundTrip(FOOTER, change, lookupOf(paragraph), (text) =>
      replaceOnce(text, FOOTER_P, ""),
    )
  })

  it("ChangePropChange", async () => {
    const link = await entry(FOOTER, "<a ")
    const change = new tempo.ChangePropChange({
      codebaseIdToChange: link.codebaseId,
      propName: "href",
      propValue: "https://colorday.dev",
    })
    await expectRoundTrip(FOOTER, change, lookupOf(link), (text) =>
      replaceOnce(text, `href="https://example.com"`, `href="https://colorday.dev"`),
    )
  })

  it("WrapDivChange", async () => {
    const paragraph = await entry(FOOTER, "<p>")
    const link = await entry(FOOTER, "<a ")
    const change = new tempo.WrapDivChange({
      codebaseIdsToWrap: [paragraph.codebaseId, link.codebaseId],
    })
    const indented = (block: string) =>
      block
        .split("\n")
        .map((line) => (line === "" ? line : `  ${line}`))
        .join("\n")
    await expectRoundTrip(FOOTER, change, lookupOf(paragraph, link), (text) =>
      replaceOnce(
        text,
        `${FOOTER_P}${FOOTER_LINK}`,
        `      <div>\n${indented(FOOTER_P)}${indented(FOOTER_LINK)}      </div>\n`,
      ),
    )
  })

  it("DuplicateChange", async () => {
    const paragraph = await entry(FOOTER, "<p>")
    const change = new tempo.DuplicateChange({ codebaseIdsToDuplicate: [paragraph.codebaseId] })
    await expectRoundTrip(FOOTER, change, lookupOf(paragraph), (text) =>
      replaceOnce(text, FOOTER_P, `${FOOTER_P}${FOOTER_P}`),
    )
  })

  it("ChangeTagChange", async () => {
    const footer = await entry(FOOTER, "<footer")
    const change = new tempo.ChangeTagChange({
      codebaseIdToChange: footer.codebaseId,
      newTagName: "section",
    })
    await expectRoundTrip(FOOTER, change, lookupOf(footer), (text) =>
      replaceOnce(
        replaceOnce(text, `<footer className`, `<section className`),
        `</footer>`,
        `</section>`,
      ),
    )
  })

  it("AddClassChange: a Tailwind class under a modifier, customProperties as a list", async () => {
    const link = await entry(FOOTER, "<a ")
    const change = new tempo.AddClassChange({
      codebaseIdToAddClass: link.codebaseId,
      className: "font-bold",
      addingTailwindClass: true,
      modifiers: ["hover"],
      customProperties: [],
    })
    await expectRoundTrip(FOOTER, change, lookupOf(link), (text) =>
      replaceOnce(text, `className="underline"`, `className="underline hover:font-bold"`),
    )
  })

  it("RemoveClassChange", async () => {
    const link = await entry(FOOTER, "<a ")
    const change = new tempo.RemoveClassChange({
      codebaseIdToRemoveClass: link.codebaseId,
      className: "underline",
    })
    await expectRoundTrip(FOOTER, change, lookupOf(link), (text) =>
      replaceOnce(text, ` className="underline"`, ``),
    )
  })

  it("EditTextChange without oldText (optional in tempo), and with it", async () => {
    const paragraph = await entry(FOOTER, "<p>")
    const change = new tempo.EditTextChange({
      codebaseIdToEditText: paragraph.codebaseId,
      newText: "Made with care",
    })
    await expectRoundTrip(FOOTER, change, lookupOf(paragraph), (text) =>
      replaceOnce(text, `<p>Made with the Colorday editor</p>`, `<p>Made with care</p>`),
    )
    const checked = new tempo.EditTextChange({
      codebaseIdToEditText: paragraph.codebaseId,
      newText: "Made by hand",
      oldText: "Made with the Colorday editor",
    })
    await expectRoundTrip(FOOTER, checked, lookupOf(paragraph), (text) =>
      replaceOnce(text, `<p>Made with the Colorday editor</p>`, `<p>Made by hand</p>`),
    )
  })

  it("UpdateClassesChange", async () => {
    const link = await entry(FOOTER, "<a ")
    const change = new tempo.UpdateClassesChange({
      codebaseIdToUpdateClass: link.codebaseId,
      newClasses: ["underline", "text-indigo-600"],
      oldClasses: ["underline"],
      involvedClasses: [{ tailwind: "text-indigo-600", css: "color: #4f46e5", variant: null }],
    })
    await expectRoundTrip(FOOTER, change, lookupOf(link), (text) =>
      replaceOnce(text, `className="underline"`, `className="underline text-indigo-600"`),
    )
  })

  it("UndoChange and RedoChange send the empty bodies the API takes, with nothing left to undo answering 409", async () => {
    const undo = new tempo.UndoChange({ changeToUndo: undefined as never })
    const { urlPath, body } = undo.prepareApiRequest(CANVAS, {})
    expect(urlPath).toBe(`canvases/${CANVAS}/parseAndMutate/activities/undoChangeToFiles`)
    expect(body).toEqual({})
    // Every test above undid its change: the history has nothing left to undo, but redoes.
    const response = await client(server.url).post(`/${urlPath}`, body, {
      [EDITOR_TOKEN_HEADER]: TOKEN,
    })
    expect(response.status, response.text).toBe(409)
    expect(response.body.code).toBe("NOTHING_TO_REVERT")
  })
})

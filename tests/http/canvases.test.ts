import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EDITOR_TOKEN_HEADER } from "../../adapters/http/app.ts"
import { contentHash } from "../../adapters/source/canvas-files.ts"
import { codebaseIdOf } from "../../adapters/source/codebase-id.ts"
import { replaceOnce, SAMPLE_APP } from "../../adapters/source/test-support.ts"
import { MUTATION_BODY_SCHEMAS } from "../../domain/editing/mutation-request.schema.ts"
import { MUTATION_ENDPOINTS, MUTATION_PATHS } from "../../domain/editing/mutation-request.ts"
import { type Actor, seedActor } from "./support/actors.ts"
import { client, startTestServer, type TestServer } from "./support/server.ts"

/**
 * The editor's mutation API over HTTP, on a registered copy of the sample app: every call of the
 * spec's table, who may call them, unknown canvases and elements, bad bodies and conflicts.
 */

const TOKEN = "editor-token-for-tests"
const APP = "src/App.tsx"
const FOOTER = "src/components/Footer.tsx"
const HEADER = "src/components/Header.tsx"
const SOURCES = [
  APP,
  "src/main.tsx",
  HEADER,
  FOOTER,
  "src/components/Badge.tsx",
  "src/components/TaskItem.tsx",
  "src/components/TaskList.tsx",
]

let server: TestServer
let root: string
let admin: Actor
let member: Actor
const original: Record<string, string> = {}

const read = (path: string) => readFile(join(root, path), "utf8")

/** The element whose source starts at the `occurrence`-th `snippet` of the file as it is now. */
const at = async (path: string, snippet: string, occurrence = 0) => {
  const text = await read(path)
  let index = -1
  for (let i = 0; i <= occurrence; i += 1) {
    index = text.indexOf(snippet, index + 1)
    if (index === -1) throw new Error(`${snippet} not found in ${path}`)
  }
  return { codebaseId: codebaseIdOf(path, index), name: snippet.slice(1) }
}

const mutate = (endpoint: string, body: unknown, canvasId = "sample") =>
  admin.browser.post(`/canvases/${canvasId}/parseAndMutate/mutate/${endpoint}`, body)
const activity = (name: "undoChangeToFiles" | "redoChangeToFiles") =>
  admin.browser.post(`/canvases/sample/parseAndMutate/activities/${name}`, {})

/** Runs a mutation and checks the file is the one before it with exactly this one change. */
const expectMutation = async (
  path: string,
  endpoint: string,
  body: unknown,
  before: string,
  after: string,
) => {
  const text = await read(path)
  const response = await mutate(endpoint, body)
  expect(response.status, response.text).toBe(200)
  const written = await read(path)
  expect(written).toBe(replaceOnce(text, before, after))
  expect(response.body.changedFiles).toEqual([{ path, fileHash: contentHash(written) }])
  return response.body as {
    codebaseIds: Record<string, string>
    newCodebaseId: string | null
    addedCodebaseIds: Array<string>
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "colorday-canvas-http-"))
  await cp(SAMPLE_APP, root, { recursive: true, filter: (source) => !source.includes("/dist") })
  for (const path of SOURCES) original[path] = await read(path)
  server = await startTestServer({
    canvases: [{ id: "sample", root }],
    config: { editorToken: TOKEN },
  })
  admin = await seedActor(server, "editoradmin", { admin: true })
  member = await seedActor(server, "editormember")
})

afterAll(async () => {
  await server?.close()
  await rm(root, { recursive: true, force: true })
})

describe("every call of the mutation API", () => {
  it("styling", async () => {
    await expectMutation(
      FOOTER,
      "styling",
      {
        reactElement: await at(FOOTER, "<footer"),
        styling: { color: "#ff0000" },
        stylingFramework: "Tailwind",
        modifiers: ["hover"],
      },
      `text-slate-400"`,
      `text-slate-400 hover:text-[color:#ff0000]"`,
    )
    await expectMutation(
      FOOTER,
      "styling",
      {
        reactElement: await at(FOOTER, "<p>"),
        styling: { fontSize: 12 },
        stylingFramework: "Inline",
      },
      `<p>Made`,
      `<p style={{ fontSize: 12 }}>Made`,
    )
  })

  it("addJsxElement", async () => {
    const result = await expectMutation(
      APP,
      "addJsxElement",
      {
        destinationElement: await at(APP, "<section"),
        afterElement: await at(APP, "<button"),
        newElement: { type: "nativeTag", nativeTag: "hr", propsToSet: { className: "my-2" } },
        hasInstantUpdate: false,
      },
      `Get started</button>\n`,
      `Get started</button>\n          <hr className="my-2" />\n`,
    )
    const text = await read(APP)
    expect(result.newCodebaseId).toBe(codebaseIdOf(APP, text.indexOf("<hr")))
  })

  it("moveJsxElement", async () => {
    const link = `      <a href="https://example.com" className="underline">\n        Learn more\n      </a>\n`
    const text = await read(FOOTER)
    const paragraph = text.slice(text.indexOf("      <p style"), text.indexOf("      <a "))
    await expectMutation(
      FOOTER,
      "moveJsxElement",
      {
        elementToMove: await at(FOOTER, "<a "),
        beforeElement: await at(FOOTER, "<p "),
        expectedCurrentParent: await at(FOOTER, "<footer"),
      },
      `${paragraph}${link}`,
      `${link}${paragraph}`,
    )
  })

  it("removeJsxElement", async () => {
    await expectMutation(
      APP,
      "removeJsxElement",
      { elementsToRemove: [await at(APP, "<hr"), await at(APP, "<hr")] },
      `          <hr className="my-2" />\n`,
      "",
    )
  })

  it("changePropValue", async () => {
    await expectMutation(
      APP,
      "changePropValue",
      { elementToModify: await at(APP, "<Header"), propName: "title", propValue: "Tasks" },
      `title="Today's tasks"`,
      `title="Tasks"`,
    )
  })

  it("wrapInDiv", async () => {
    await expectMutation(
      HEADER,
      "wrapInDiv",
      { reactElements: [await at(HEADER, "<h1")] },
      `      <h1 className="text-2xl font-bold">{title}</h1>\n`,
      `      <div>\n        <h1 className="text-2xl font-bold">{title}</h1>\n      </div>\n`,
    )
  })

  it("duplicate", async () => {
    const result = await expectMutation(
      APP,
      "duplicate",
      { reactElements: [await at(APP, "<h2")] },
      `<h2 className="text-lg font-bold">About</h2>\n`,
      `<h2 className="text-lg font-bold">About</h2>\n          <h2 className="text-lg font-bold">About</h2>\n`,
    )
    expect(result.addedCodebaseIds).toHaveLength(1)
  })

  it("changeElementTag", async () => {
    await expectMutation(
      APP,
      "changeElementTag",
      { elementToModify: await at(APP, "<h2", 1), newTag: "h3" },
      `<h2 className="text-lg font-bold">About</h2>\n          <p`,
      `<h3 className="text-lg font-bold">About</h3>\n          <p`,
    )
  })

  it("addClass", async () => {
    await expectMutation(
      APP,
      "addClass",
      {
        reactElement: await at(APP, "<h3"),
        className: "underline",
        stylingFramework: "Tailwind",
        modifiers: ["md"],
      },
      `<h3 className="text-lg font-bold">`,
      `<h3 className="text-lg font-bold md:underline">`,
    )
  })

  it("removeClass", async () => {
    await expectMutation(
      APP,
      "removeClass",
      { reactElement: await at(APP, "<h3"), className: "font-bold" },
      `<h3 className="text-lg font-bold md:underline">`,
      `<h3 className="text-lg md:underline">`,
    )
  })

  it("editText", async () => {
    await expectMutation(
      APP,
      "editText",
      { element: await at(APP, "<button"), oldText: "Get started", newText: "Begin" },
      `>Get started</button>`,
      `>Begin</button>`,
    )
  })

  it("updateClasses", async () => {
    await expectMutation(
      APP,
      "updateClasses",
      {
        reactElement: await at(APP, `<p className="text-slate-700"`),
        oldClasses: ["text-slate-700"],
        newClasses: ["text-slate-800", "italic"],
      },
      `<p className="text-slate-700">`,
      `<p className="text-slate-800 italic">`,
    )
  })

  it("undoChangeToFiles and redoChangeToFiles", async () => {
    const edited = await read(APP)
    const undone = await activity("undoChangeToFiles")
    expect(undone.status, undone.text).toBe(200)
    expect(await read(APP)).toBe(replaceOnce(edited, `"text-slate-800 italic"`, `"text-slate-700"`))
    const redone = await activity("redoChangeToFiles")
    expect(redone.status, redone.text).toBe(200)
    expect(await read(APP)).toBe(edited)
    expect(redone.body.changedFiles).toEqual([{ path: APP, fileHash: contentHash(edited) }])
  })

  it("undoes every change back to the original bytes, then answers 409 NOTHING_TO_REVERT", async () => {
    for (;;) {
      const response = await activity("undoChangeToFiles")
      if (response.status !== 200) {
        expect(response.status).toBe(409)
        expect(response.body.code).toBe("NOTHING_TO_REVERT")
        break
      }
    }
    for (const path of SOURCES) expect(await read(path), path).toBe(original[path])
    const redo = await activity("redoChangeToFiles")
    expect(redo.status).toBe(200)
    expect(await activity("undoChangeToFiles")).toMatchObject({ status: 200 })
  })
})

describe("the components of the canvas", () => {
  it("lists every component its files export with the props an element must be given", async () => {
    const visitor = client(server.url)
    const response = await visitor.get("/canvases/sample/components", {
      [EDITOR_TOKEN_HEADER]: TOKEN,
    })
    expect(response.status, response.text).toBe(200)
    const body = response.body as {
      components: Array<{ name: string; file: string; requiredProps: Array<unknown> }>
    }
    expect(body.components.map((component) => component.name)).toEqual([
      "App",
      "Badge",
      "Footer",
      "Header",
      "TaskItem",
      "TaskList",
    ])
    expect(body.components.find((component) => component.name === "Badge")).toEqual({
      name: "Badge",
      file: "src/components/Badge.tsx",
      requiredProps: [
        { name: "label", kind: "string", options: [], typeText: "string" },
        { name: "tone", kind: "choice", options: ["green", "gray"], typeText: '"green" | "gray"' },
      ],
    })
  })

  it("answers 404 CANVAS_NOT_FOUND for another canvas, 401 to a visitor", async () => {
    const response = await admin.browser.get("/canvases/elsewhere/components")
    expect(response.status).toBe(404)
    expect(response.body.code).toBe("CANVAS_NOT_FOUND")
    expect((await client(server.url).get("/canvases/sample/components")).status).toBe(401)
  })
})

describe("access", () => {
  const path = "/canvases/sample/parseAndMutate/mutate/addClass"
  const body = async () => ({ reactElement: await at(FOOTER, "<footer"), className: "italic" })

  it("takes the editor token instead of an admin session", async () => {
    const visitor = client(server.url)
    const response = await visitor.post(path, await body(), { [EDITOR_TOKEN_HEADER]: TOKEN })
    expect(response.status, response.text).toBe(200)
    expect(await read(FOOTER)).toContain(`text-slate-400 italic"`)
    expect((await activity("undoChangeToFiles")).status).toBe(200)
  })

  it("refuses a visitor (401), a wrong token (401) and a member who is not an admin (403)", async () => {
    const visitor = client(server.url)
    expect((await visitor.post(path, await body())).status).toBe(401)
    const wrong = await visitor.post(path, await body(), { [EDITOR_TOKEN_HEADER]: `${TOKEN}x` })
    expect(wrong.status).toBe(401)
    const refused = await member.browser.post(path, await body())
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("FORBIDDEN")
    expect(await read(FOOTER)).toBe(original[FOOTER])
  })

  it("refuses a state-changing request from a foreign origin", async () => {
    const foreign = await admin.browser.post(path, await body(), {
      Origin: "https://elsewhere.example",
    })
    expect(foreign.status).toBe(403)
    expect(foreign.body.code).toBe("CROSS_ORIGIN")
  })
})

describe("refusals", () => {
  it("answers 404 CANVAS_NOT_FOUND for a canvas that is not registered", async () => {
    const response = await mutate(
      "addClass",
      { reactElement: await at(FOOTER, "<footer"), className: "italic" },
      "elsewhere",
    )
    expect(response.status).toBe(404)
    expect(response.body.code).toBe("CANVAS_NOT_FOUND")
  })

  it("answers 404 ELEMENT_NOT_FOUND for an element no file has", async () => {
    const response = await mutate("addClass", {
      reactElement: { codebaseId: codebaseIdOf(FOOTER, 99_999) },
      className: "italic",
    })
    expect(response.status).toBe(404)
    expect(response.body.code).toBe("ELEMENT_NOT_FOUND")
  })

  it("answers 404 for a path under /canvases that is no route, and 405 for another method", async () => {
    const missing = await admin.browser.post("/canvases/sample/parseAndMutate/mutate/explode", {})
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe("NOT_FOUND")
    const wrongMethod = await admin.browser.get("/canvases/sample/parseAndMutate/mutate/addClass")
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get("allow")).toBe("POST")
  })

  it("answers 400 naming the field that is wrong", async () => {
    const missing = await mutate("addClass", { reactElement: await at(FOOTER, "<footer") })
    expect(missing.status).toBe(400)
    expect(missing.body.code).toBe("BAD_REQUEST")
    expect(missing.body.message).toContain("className")
    const badId = await mutate("editText", {
      element: { codebaseId: "not-an-id" },
      oldText: "a",
      newText: "b",
    })
    expect(badId.status).toBe(400)
    expect(badId.body.message).toContain("element.codebaseId")
    const badTag = await mutate("changeElementTag", {
      elementToModify: await at(FOOTER, "<footer"),
      newTag: "div onClick={x}",
    })
    expect(badTag.status).toBe(400)
    expect(badTag.body.message).toContain("newTag")
  })

  it("answers every malformed body of every call with a 4xx, never a 5xx", async () => {
    // Every call the frame's ledger can make, by the domain's own list.
    const endpoints = Object.values(MUTATION_PATHS)
    const element = { codebaseId: codebaseIdOf(FOOTER, 99_999) }
    const bodies: ReadonlyArray<unknown> = [
      [],
      "text",
      42,
      { reactElement: [], elementsToRemove: {}, reactElements: [null] },
      { reactElement: element, element, elementToModify: element, elementToMove: element },
      JSON.parse(`{"__proto__": {"polluted": true}, "reactElement": {"codebaseId": "\uD800"}}`),
      { styling: { color: { nested: [[[]]] } }, newElement: { type: "component" } },
      { elementsToRemove: [element], seenFileHashes: { "../../etc/passwd": "x" } },
    ]
    const statuses = new Set<number>()
    for (const endpoint of endpoints) {
      for (const body of bodies) {
        const response = await admin.browser.post(
          `/canvases/sample/parseAndMutate/${endpoint}`,
          body,
        )
        statuses.add(response.status)
        expect(
          response.status,
          `${endpoint} ${JSON.stringify(body)}: ${response.text}`,
        ).toBeLessThan(500)
        if (response.status >= 400) expect(response.body.code).toEqual(expect.any(String))
      }
    }
    expect(statuses).toContain(400)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it("answers 409 when the old text is not what the source holds", async () => {
    const response = await mutate("editText", {
      element: await at(APP, "<button"),
      oldText: "Something else",
      newText: "Go",
    })
    expect(response.status).toBe(409)
    expect(response.body.code).toBe("OLD_CONTENT_MISMATCH")
  })

  it("answers 409 FILE_CONFLICT naming the file when the client saw a version it cannot place", async () => {
    const response = await mutate("addClass", {
      reactElement: await at(FOOTER, "<footer"),
      className: "italic",
      seenFileHashes: { [FOOTER]: "0".repeat(64) },
    })
    expect(response.status).toBe(409)
    expect(response.body.code).toBe("FILE_CONFLICT")
    expect(response.body.message).toContain(FOOTER)
  })

  it("answers 409 FILE_CONFLICT when undo would overwrite a file changed since", async () => {
    const done = await mutate("addClass", {
      reactElement: await at(FOOTER, "<footer"),
      className: "italic",
    })
    expect(done.status).toBe(200)
    const changed = `${await read(FOOTER)}// changed by hand\n`
    await writeFile(join(root, FOOTER), changed)
    const undo = await activity("undoChangeToFiles")
    expect(undo.status).toBe(409)
    expect(undo.body.code).toBe("FILE_CONFLICT")
    expect(undo.body.message).toContain(FOOTER)
    expect(await read(FOOTER)).toBe(changed)
  })

  it("answers 409 FILE_CONFLICT naming the history file when it is corrupt, writing nothing", async () => {
    const historyFile = join(root, ".colorday/history/history.json")
    const history = await readFile(historyFile, "utf8").catch(() => null)
    try {
      await mkdir(join(root, ".colorday/history"), { recursive: true })
      await writeFile(historyFile, "{ not json")
      const before = await read(FOOTER)
      const response = await mutate("addClass", {
        reactElement: await at(FOOTER, "<footer"),
        className: "tracking-wide",
      })
      expect(response.status).toBe(409)
      expect(response.body.code).toBe("FILE_CONFLICT")
      expect(response.body.message).toContain(".colorday/history/history.json")
      expect(await read(FOOTER)).toBe(before)
    } finally {
      if (history === null) await rm(historyFile, { force: true })
      else await writeFile(historyFile, history)
    }
  })

  it("answers 422 for a class list with no string in the source", async () => {
    const path = "src/components/Passthrough.tsx"
    const source = `export const Passthrough = (props: { className: string }) => <b className={props.className} />\n`
    await writeFile(join(root, path), source)
    try {
      const response = await mutate("styling", {
        reactElement: await at(path, "<b"),
        styling: { color: "red" },
        stylingFramework: "Tailwind",
      })
      expect(response.status).toBe(422)
      expect(response.body.code).toBe("DYNAMIC_CONTENT_NOT_EDITABLE")
      expect(await readFile(join(root, path), "utf8")).toBe(source)
    } finally {
      await rm(join(root, path))
    }
  })

  it("writes a class from props at the instance named by instanceCodebaseId, else answers 422 saying so (issue 18 §3)", async () => {
    const ui = "src/components/Chip.tsx"
    const page = "src/components/ChipPage.tsx"
    const chip = `export function Chip({ className }: { className?: string }) {\n  return <b className={className} />\n}\n`
    const uses = `import { Chip } from "./Chip"\n\nexport const ChipPage = () => <Chip />\n`
    await writeFile(join(root, ui), chip)
    await writeFile(join(root, page), uses)
    try {
      const body = {
        reactElement: await at(ui, "<b"),
        styling: { padding: "8px" },
        stylingFramework: "Tailwind",
      }
      const refused = await mutate("styling", body)
      expect(refused.status).toBe(422)
      expect(refused.body.code).toBe("DYNAMIC_CONTENT_NOT_EDITABLE")
      expect(refused.body.message).toContain("edit the instance where <Chip> is used")
      const instanceCodebaseId = (await at(page, "<Chip")).codebaseId
      const response = await mutate("styling", {
        ...body,
        reactElement: { ...body.reactElement, instanceCodebaseId },
      })
      expect(response.status, response.text).toBe(200)
      expect(response.body.changedFiles).toEqual([
        { path: page, fileHash: contentHash(await read(page)) },
      ])
      expect(await read(page)).toBe(uses.replace("<Chip />", `<Chip className="p-2" />`))
      expect(await read(ui)).toBe(chip)
      expect((await activity("undoChangeToFiles")).status).toBe(200)
      expect(await read(page)).toBe(uses)
    } finally {
      await rm(join(root, ui))
      await rm(join(root, page))
    }
  })

  it("edits text written with HTML entities, from the text the DOM shows (issue 18 §3)", async () => {
    const path = "src/components/Promise.tsx"
    const source = `export const Promise = () => <p>We&apos;ll keep it &amp; more</p>\n`
    await writeFile(join(root, path), source)
    try {
      const response = await mutate("editText", {
        element: await at(path, "<p"),
        oldText: "We'll keep it & more",
        newText: "We'll send it & more",
      })
      expect(response.status).toBe(200)
      expect(await readFile(join(root, path), "utf8")).toBe(
        source.replace("We&apos;ll keep it", "We&apos;ll send it"),
      )
    } finally {
      await rm(join(root, path))
    }
  })

  it("styles a className built by a template literal in its strings (issue 18 §3)", async () => {
    const path = "src/components/Badge.tsx"
    const before = await readFile(join(root, path), "utf8")
    const response = await mutate("styling", {
      reactElement: await at(path, "<span"),
      styling: { padding: "8px" },
      stylingFramework: "Tailwind",
    })
    expect(response.status).toBe(200)
    expect(await readFile(join(root, path), "utf8")).toBe(
      replaceOnce(
        before,
        "`rounded px-2 py-0.5 text-xs ${colors}`",
        "`rounded text-xs p-2 ${colors}`",
      ),
    )
    expect((await activity("undoChangeToFiles")).status).toBe(200)
    expect(await readFile(join(root, path), "utf8")).toBe(before)
  })
})

describe("stale codebase ids, without seenFileHashes (issue 18 §2)", () => {
  const LINKS = "src/components/Links.tsx"
  const SOURCE = [
    `export function Links() {`,
    `  return (`,
    `    <nav className="flex gap-2">`,
    `      <a href="/one" className="underline">One</a>`,
    `      <a href="/two" className="underline">Two</a>`,
    `      <p className="text-sm">Three</p>`,
    `    </nav>`,
    `  )`,
    `}`,
    ``,
  ].join("\n")

  it("re-finds an element that moved, refuses 409 ELEMENT_CHANGED an id now another's, and never edits the neighbour", async () => {
    await writeFile(join(root, LINKS), SOURCE)
    try {
      // The stale client's ids: the file as it first saw it.
      const one = await at(LINKS, "<a ")
      const two = await at(LINKS, "<a ", 1)
      const moved = await mutate("moveJsxElement", {
        elementToMove: await at(LINKS, "<p "),
        beforeElement: one,
      })
      expect(moved.status, moved.text).toBe(200)
      const afterMove = await read(LINKS)
      // The paragraph now starts where the first link did: that id is the paragraph's now.
      expect(codebaseIdOf(LINKS, afterMove.indexOf("<p "))).toBe(one.codebaseId)

      const ambiguous = await mutate("changePropValue", {
        elementToModify: { codebaseId: one.codebaseId },
        propName: "href",
        propValue: "/elsewhere",
      })
      expect(ambiguous.status, ambiguous.text).toBe(409)
      expect(ambiguous.body.code).toBe("ELEMENT_CHANGED")
      expect(ambiguous.body.message).toContain(LINKS)
      expect(await read(LINKS)).toBe(afterMove)

      // An id no element has now, which named one element only: that element, where it is now.
      await expectMutation(
        LINKS,
        "removeJsxElement",
        { elementsToRemove: [{ codebaseId: two.codebaseId }] },
        `      <a href="/two" className="underline">Two</a>\n`,
        "",
      )
      // The reference's name (the tag the client saw) tells the two meanings of the first id apart.
      await expectMutation(
        LINKS,
        "addClass",
        { reactElement: { codebaseId: one.codebaseId, name: "a" }, className: "font-bold" },
        `<a href="/one" className="underline">`,
        `<a href="/one" className="underline font-bold">`,
      )
      for (let undo = 0; undo < 3; undo += 1) {
        expect((await activity("undoChangeToFiles")).status).toBe(200)
      }
      expect(await read(LINKS)).toBe(SOURCE)
    } finally {
      await rm(join(root, LINKS), { force: true })
    }
  })
})

describe("the OpenAPI document", () => {
  it("documents every canvases route: editor access, its request body and the mutation result", async () => {
    interface JsonSchema {
      readonly type?: string | ReadonlyArray<string>
      readonly properties?: Record<string, JsonSchema>
      readonly required?: ReadonlyArray<string>
      readonly anyOf?: ReadonlyArray<JsonSchema>
      readonly items?: JsonSchema
      readonly additionalProperties?: JsonSchema | boolean
    }
    interface Operation {
      readonly "x-access": string
      readonly requestBody?: { content: { "application/json": { schema: unknown } } }
      readonly responses: Record<
        string,
        { content?: { "application/json": { schema: JsonSchema } } }
      >
    }
    const document = (await client(server.url).get("/api/openapi.json")).body as {
      paths: Record<string, Record<string, Operation>>
    }
    expect(MUTATION_ENDPOINTS).toHaveLength(14)
    for (const endpoint of MUTATION_ENDPOINTS) {
      const path = MUTATION_PATHS[endpoint]
      const operation = document.paths[`/canvases/{canvasId}/parseAndMutate/${path}`]?.post
      expect(operation?.["x-access"], path).toBe("editor")
      expect(operation?.requestBody?.content["application/json"].schema, path).toEqual(
        Schema.toJsonSchemaDocument(MUTATION_BODY_SCHEMAS[endpoint]).schema,
      )
      const result = operation?.responses["200"]?.content?.["application/json"].schema
      expect(result?.required, path).toEqual(
        expect.arrayContaining([
          "changedFiles",
          "codebaseIds",
          "newCodebaseId",
          "addedCodebaseIds",
        ]),
      )
      const properties = result?.properties ?? {}
      expect(properties.changedFiles?.items?.required, path).toEqual(["path", "fileHash"])
      expect(properties.codebaseIds?.type, path).toBe("object")
      expect(properties.codebaseIds?.additionalProperties, path).toMatchObject({ type: "string" })
      expect(
        properties.newCodebaseId?.anyOf?.map((option) => option.type),
        path,
      ).toEqual(["string", "null"])
      expect(properties.addedCodebaseIds?.items?.type, path).toBe("string")
    }
  })
})

import { cp, mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EDITOR_TOKEN_HEADER } from "../../adapters/http/app.ts"
import { codebaseIdOf } from "../../adapters/source/codebase-id.ts"
import { SAMPLE_APP } from "../../adapters/source/test-support.ts"
import { pastedFileContents } from "../../apps/editor/src/editing/pasted-file.ts"
import { type Actor, seedActor } from "./support/actors.ts"
import { client, startTestServer, type TestServer } from "./support/server.ts"

/**
 * GET /canvases/:canvasId/elements/:codebaseId/source on a copy of the sample app: an element's
 * JSX, its lines and its file's imports (the code panel and Copy), and a paste of it into another
 * file through addJsxElement's file contents, which brings its import along.
 */

const TOKEN = "editor-token-for-tests"
const APP = "src/App.tsx"
const FOOTER = "src/components/Footer.tsx"

let server: TestServer
let root: string
let admin: Actor

const read = (path: string) => readFile(join(root, path), "utf8")
const idAt = async (path: string, snippet: string) =>
  codebaseIdOf(path, (await read(path)).indexOf(snippet))
const sourceOf = (codebaseId: string, canvasId = "sample") =>
  admin.browser.get(`/canvases/${canvasId}/elements/${codebaseId}/source`)

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "colorday-element-source-"))
  await cp(SAMPLE_APP, root, { recursive: true, filter: (source) => !source.includes("/dist") })
  server = await startTestServer({
    canvases: [{ id: "sample", root }],
    config: { editorToken: TOKEN },
  })
  admin = await seedActor(server, "sourceadmin", { admin: true })
})

afterAll(async () => {
  await server?.close()
  await rm(root, { recursive: true, force: true })
})

describe("an element's source", () => {
  it("is its JSX as the file has it, the lines it spans and the file's imports", async () => {
    const app = await read(APP)
    const section = await idAt(APP, '<section className="mt-8')
    const response = await sourceOf(section)
    expect(response.status, response.text).toBe(200)
    const start = app.indexOf('<section className="mt-8')
    const end = app.indexOf("</section>") + "</section>".length
    expect(response.body).toEqual({
      path: APP,
      startLine: app.slice(0, start).split("\n").length,
      endLine: app.slice(0, end).split("\n").length,
      text: app.slice(start, end),
      imports: app
        .split("\n")
        .filter((line) => line.startsWith("import "))
        .join("\n"),
    })
    expect(response.body.endLine - response.body.startLine).toBe(4)
  })

  it("is read with the editor token too, and refused to a visitor", async () => {
    const id = await idAt(APP, "<Footer")
    const visitor = client(server.url)
    const withToken = await visitor.get(`/canvases/sample/elements/${id}/source`, {
      [EDITOR_TOKEN_HEADER]: TOKEN,
    })
    expect(withToken.status).toBe(200)
    expect(withToken.body.text).toBe("<Footer />")
    expect((await visitor.get(`/canvases/sample/elements/${id}/source`)).status).toBe(401)
  })

  it("answers 404 naming what is missing, and 400 for what is not a codebase id", async () => {
    const gone = await sourceOf("tempo-00000000-0000-5000-8000-000000000000")
    expect(gone.status).toBe(404)
    expect(gone.body.code).toBe("ELEMENT_NOT_FOUND")
    const canvas = await sourceOf(await idAt(APP, "<Footer"), "elsewhere")
    expect(canvas.body.code).toBe("CANVAS_NOT_FOUND")
    expect((await sourceOf("not-an-id")).status).toBe(400)
  })

  it("pasted into another file, brings its component's import", async () => {
    const copied = (await sourceOf(await idAt(APP, "<Header"))).body as {
      path: string
      text: string
      imports: string
    }
    const footer = await read(FOOTER)
    const response = await admin.browser.post(
      "/canvases/sample/parseAndMutate/mutate/addJsxElement",
      {
        destinationElement: { codebaseId: await idAt(FOOTER, "<footer") },
        fileContentsToSourceFrom: pastedFileContents({ ...copied, name: "Header" }),
        fileContentsSourceFilename: copied.path,
      },
    )
    expect(response.status, response.text).toBe(200)
    const written = await read(FOOTER)
    expect(written).toContain('<Header title="Today\'s tasks" subtitle="A sample app to edit" />')
    expect(written).toMatch(/import \{ Header \} from "\.\/Header(\.tsx)?"/)
    expect(written).not.toBe(footer)
    const undo = await admin.browser.post(
      "/canvases/sample/parseAndMutate/activities/undoChangeToFiles",
      {},
    )
    expect(undo.status).toBe(200)
    expect(await read(FOOTER)).toBe(footer)
  })
})

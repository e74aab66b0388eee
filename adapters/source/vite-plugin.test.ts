import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { build, createServer, type ViteDevServer } from "vite"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { contentHash } from "./canvas-files.ts"
import { codebaseIdOf } from "./codebase-id.ts"
import { buildFileModel, parseErrorsOf, parseText } from "./jsx-tree.ts"
import { makeCanvas, SAMPLE_APP, type TestCanvas } from "./test-support.ts"
import {
  CODEBASE_ID_PROP,
  CODEBASE_SOURCE_PROP,
  FILE_VERSION_EVENT,
  FRAME_MODULE_ID,
  stampCodebaseIds,
} from "./vite-plugin.ts"

const REPO = join(import.meta.dirname, "../..")
const PLUGIN_FILE = join(import.meta.dirname, "vite-plugin.ts")
const SAMPLE_FILES = [
  "src/App.tsx",
  "src/main.tsx",
  "src/components/Header.tsx",
  "src/components/TaskList.tsx",
  "src/components/TaskItem.tsx",
  "src/components/Footer.tsx",
  "src/components/Badge.tsx",
]

/** Every `tempo-<uuid>` a text holds, in order. */
const idsIn = (text: string) => [...text.matchAll(/tempo-[0-9a-f-]{36}/g)].map((match) => match[0])

describe("stampCodebaseIds", () => {
  let canvas: TestCanvas
  beforeAll(async () => {
    canvas = await makeCanvas()
  })
  afterAll(() => canvas.dispose())

  it.each(SAMPLE_FILES)(
    "stamps every element of %s with the id the rewriter knows it by",
    async (path) => {
      const text = await canvas.read(path)
      const stamped = stampCodebaseIds(path, text)
      expect(stamped).not.toBeNull()
      expect(parseErrorsOf(parseText(path, stamped!))).toEqual([])
      const elements = buildFileModel(path, text, "", parseText(path, text)).elements
      const ids = idsIn(stamped!)
      expect(new Set(ids)).toEqual(new Set(elements.map((element) => element.id)))
      for (const id of ids) {
        const info = await canvas.run(canvas.rewriter.inspectElement(canvas.root, id))
        expect(info.path).toBe(path)
        // The stamp sits on the element it names: its tag opens just before it.
        const before = stamped!.slice(0, stamped!.indexOf(id))
        const opening = before.slice(before.lastIndexOf("<") + 1)
        expect(opening.startsWith(info.tagName)).toBe(true)
        if (info.isComponent) expect(opening).toMatch(new RegExp(`${CODEBASE_ID_PROP}="$`))
        else expect(opening).toMatch(/className=(\{\[)?["'`]$/)
      }
    },
  )

  it("adds the class to a static className, or a className where there is none", async () => {
    const path = "src/App.tsx"
    const text = await canvas.read(path)
    const stamped = stampCodebaseIds(path, text)!
    const main = await canvas.at(path, `<main className="mx-auto`)
    const label = await canvas.at(path, "<label")
    const input = await canvas.at(path, "<input")
    expect(stamped).toContain(`<main className="${main.codebaseId} mx-auto max-w-xl p-6">`)
    expect(stamped).toContain(`<label className="${label.codebaseId} mb-4`)
    expect(stamped).toMatch(new RegExp(`<input className="${input.codebaseId}"\\s+type="checkbox"`))
    const header = await canvas.at(path, "<Header")
    const line = text.slice(0, text.indexOf("<Header")).split("\n").length
    expect(stamped).toContain(
      `<Header ${CODEBASE_ID_PROP}="${header.codebaseId}" ${CODEBASE_SOURCE_PROP}="${path}:${line}" title=`,
    )
  })

  it("never adds or removes a line", async () => {
    for (const path of SAMPLE_FILES) {
      const text = await canvas.read(path)
      expect(stampCodebaseIds(path, text)!.split("\n").length).toBe(text.split("\n").length)
    }
  })

  it("keeps computed class names, quotes, spreads, fragments and type arguments working", () => {
    const path = "src/Odd.tsx"
    const text = [
      `export const Odd = (props: { on: boolean; rest: object }) => (`,
      `  <>`,
      `    <div className={props.on ? "on" : undefined} />`,
      `    <span className={'single'} {...props.rest} />`,
      `    <p {...props.rest}>plain</p>`,
      "    <b className={`tpl`}>x</b>",
      `    <List<string> items={[]} />`,
      `    <React.Fragment key="k"><i /></React.Fragment>`,
      `  </>`,
      `)`,
    ].join("\n")
    const stamped = stampCodebaseIds(path, text)!
    expect(parseErrorsOf(parseText(path, stamped))).toEqual([])
    const id = (snippet: string) => codebaseIdOf(path, text.indexOf(snippet))
    expect(stamped).toContain(
      `<div className={["${id("<div")}", (props.on ? "on" : undefined)].filter(Boolean).join(" ")} />`,
    )
    expect(stamped).toContain(`<span className={'${id("<span")} single'} {...props.rest} />`)
    // A spread comes after the added class, so a className it carries still wins.
    expect(stamped).toContain(`<p className="${id("<p")}" {...props.rest}>plain</p>`)
    expect(stamped).toContain("<b className={`" + id("<b") + " tpl`}>x</b>")
    const listLine = text.slice(0, text.indexOf("<List")).split("\n").length
    expect(stamped).toContain(
      `<List<string> ${CODEBASE_ID_PROP}="${id("<List")}" ${CODEBASE_SOURCE_PROP}="${path}:${listLine}" items={[]} />`,
    )
    expect(stamped).toContain(`<React.Fragment key="k"><i className="${id("<i")}" />`)
  })

  it("leaves a file without JSX alone", () => {
    expect(stampCodebaseIds("src/util.tsx", "export const two = 1 + 1\n")).toBeNull()
  })
})

/**
 * A copy of the sample app outside the repository, as the editor makes one: node_modules linked
 * to the repository's, the plugin named in COLORDAY_VITE_PLUGIN.
 */
const copySampleApp = async () => {
  const root = await mkdtemp(join(tmpdir(), "colorday-vite-"))
  await cp(SAMPLE_APP, root, { recursive: true, filter: (source) => !source.includes("/dist") })
  await symlink(join(REPO, "node_modules"), join(root, "node_modules"), "dir")
  return root
}

const filesUnder = async (dir: string): Promise<ReadonlyArray<string>> => {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

describe("the sample app with the plugin in its Vite config", () => {
  let root: string
  const previous = process.env.COLORDAY_VITE_PLUGIN
  beforeAll(async () => {
    root = await copySampleApp()
    process.env.COLORDAY_VITE_PLUGIN = PLUGIN_FILE
  })
  afterAll(async () => {
    if (previous === undefined) delete process.env.COLORDAY_VITE_PLUGIN
    else process.env.COLORDAY_VITE_PLUGIN = previous
    await rm(root, { recursive: true, force: true })
  })

  it("builds for production with no codebase id and no frame script", async () => {
    await build({ root, configFile: join(root, "vite.config.ts"), logLevel: "silent" })
    const files = await filesUnder(join(root, "dist"))
    expect(files.some((file) => file.endsWith(".js"))).toBe(true)
    for (const file of files) {
      const text = await readFile(file, "utf8")
      expect(text, file).not.toContain("tempo-")
      expect(text, file).not.toContain("@colorday/frame")
      expect(text, file).not.toContain(CODEBASE_ID_PROP)
    }
  }, 120_000)

  describe("on the dev server", () => {
    let server: ViteDevServer
    beforeAll(async () => {
      server = await createServer({
        root,
        configFile: join(root, "vite.config.ts"),
        logLevel: "silent",
        server: { port: 0, strictPort: false },
      })
      await server.listen()
    }, 60_000)
    afterAll(() => server?.close())

    it("serves components stamped with their codebase ids", async () => {
      const path = "src/components/TaskItem.tsx"
      const text = await readFile(join(root, path), "utf8")
      const expected = buildFileModel(path, text, "", parseText(path, text)).elements.map(
        (element) => element.id,
      )
      const served = await server.transformRequest(`/${path}`)
      expect(served).not.toBeNull()
      expect(new Set(idsIn(served!.code))).toEqual(new Set(expected))
    })

    it("injects the frame script into index.html, and serves it", async () => {
      const html = await server.transformIndexHtml(
        "/",
        await readFile(join(root, "index.html"), "utf8"),
      )
      expect(html).toContain(`<script type="module" src="${FRAME_MODULE_ID}"></script>`)
      const frame = await server.transformRequest(FRAME_MODULE_ID)
      expect(frame).not.toBeNull()
    })

    it("finds the frame's own packages in its first dependency scan, so loading the frame never optimises again (a reload)", async () => {
      const optimizer = server.environments.client.depsOptimizer
      expect(optimizer).toBeDefined()
      await optimizer?.scanProcessing
      const found = () => {
        const metadata = optimizer?.metadata
        return [
          ...Object.keys(metadata?.optimized ?? {}),
          ...Object.keys(metadata?.discovered ?? {}),
        ]
      }
      // lz-string: imported by the frame (frame/src/messages.ts) only, never by the app.
      expect(found()).toContain("lz-string")
      expect(found()).toContain("react-dom/client")
    })

    it(`sends ${FILE_VERSION_EVENT} with the new content hash when a file changes`, async () => {
      const hot = server.environments.client.hot
      const sent: Array<unknown> = []
      const send = hot.send.bind(hot)
      hot.send = ((...args: Parameters<typeof hot.send>) => {
        sent.push(args[0])
        send(...args)
      }) as typeof hot.send
      const path = "src/components/Footer.tsx"
      const text = `${await readFile(join(root, path), "utf8")}// edited\n`
      await writeFile(join(root, path), text)
      await expect
        .poll(() => sent, { timeout: 20_000, interval: 100 })
        .toContainEqual({
          type: "custom",
          event: FILE_VERSION_EVENT,
          data: { path, hash: contentHash(text) },
        })
    }, 30_000)
  })
})

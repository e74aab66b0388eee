import { readFile } from "node:fs/promises"
import { join, resolve } from "node:path"
import ts from "typescript"
import { describe, expect, it } from "vitest"
import { openApiDocument } from "../../adapters/http/openapi.ts"
import { allRoutes } from "../../adapters/http/routes/index.ts"
import {
  apiContractFiles,
  DOCUMENT_PATH,
  TYPES_PATH,
  typesOf,
} from "../../scripts/generate-api-types.ts"

/**
 * The apps' API types are generated from the server's Schemas (issue 17): the committed document
 * and types are what `npm run api-types` writes today, and a field renamed in a response Schema
 * makes the app that reads it fail to typecheck.
 */

const root = resolve(import.meta.dirname, "../..")

describe("the generated API contract (apps/api-client)", () => {
  it("is what npm run api-types writes from the server's Schemas", async () => {
    const expected = await apiContractFiles()
    const committed = {
      document: await readFile(DOCUMENT_PATH, "utf8"),
      types: await readFile(TYPES_PATH, "utf8"),
    }
    expect(
      committed.document === expected.document,
      "apps/api-client/openapi.json differs from the routes' Schemas: run npm run api-types",
    ).toBe(true)
    expect(
      committed.types === expected.types,
      "apps/api-client/schema.ts differs from the OpenAPI document: run npm run api-types",
    ).toBe(true)
  })

  it("names each body by its Schema's identifier, for readable client types", () => {
    const document = openApiDocument(allRoutes)
    const ok = (path: string) =>
      (
        document.paths[path]?.get as {
          responses: Record<string, { content?: Record<string, { schema: unknown }> }>
        }
      ).responses["200"]?.content?.["application/json"]?.schema
    expect(ok("/api/gallery")).toEqual({ $ref: "#/components/schemas/GalleryPage" })
    expect(ok("/api/session")).toEqual({ $ref: "#/components/schemas/SignedIn" })
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["Entry", "Contest", "Member", "AdminEntry", "Overview"]),
    )
    // Every declared body is documented at its success status (201 for a route that creates).
    const undocumented = allRoutes
      .filter((route) => route.okBody !== undefined)
      .filter((route) => {
        const operation = document.paths[route.path.replace(/:([A-Za-z_]+)/g, "{$1}")]?.[
          route.method.toLowerCase()
        ] as { responses: Record<string, { content?: unknown }> } | undefined
        return operation?.responses[String(route.okStatus ?? 200)]?.content === undefined
      })
      .map((route) => `${route.method} ${route.path}`)
    expect(undocumented).toEqual([])
  })

  it("fails the site's typecheck when a response Schema renames a field the site reads", async () => {
    // The server's Entry says thumbUrl where it said thumbnailUrl: the document as it would be.
    const document = structuredClone(openApiDocument(allRoutes))
    const entry = document.components.schemas.Entry as {
      properties: Record<string, unknown>
      required: Array<string>
    }
    entry.properties.thumbUrl = entry.properties.thumbnailUrl
    delete entry.properties.thumbnailUrl
    entry.required = entry.required.map((name) => (name === "thumbnailUrl" ? "thumbUrl" : name))
    const renamed = await typesOf(document)
    expect(renamed).toContain("thumbUrl")

    // The real site file that reads thumbnailUrl, compiled with the project's options against
    // those types (served in place of the committed apps/api-client/schema.ts).
    const config = ts.readConfigFile(join(root, "tsconfig.json"), (path) => ts.sys.readFile(path))
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root)
    const reader = join(root, "apps/web/src/entries/entry-view.ts")
    const compile = (types: string) => {
      const host = ts.createCompilerHost(options)
      const readFile = host.readFile.bind(host)
      host.readFile = (path) => (resolve(path) === TYPES_PATH ? types : readFile(path))
      // With the site's Vite client types (import.meta.glob, which the catalogs' loader uses).
      const viteTypes = join(root, "apps/web/src/vite-env.d.ts")
      const program = ts.createProgram({ rootNames: [reader, viteTypes], options, host })
      return ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
        file: diagnostic.file?.fileName ?? "",
        text: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
      }))
    }

    expect(compile(await readFile(TYPES_PATH, "utf8"))).toEqual([])
    const failures = compile(renamed)
    expect(failures.length).toBeGreaterThan(0)
    expect(failures.every((failure) => resolve(failure.file) === reader)).toBe(true)
    expect(failures.map((failure) => failure.text).join("\n")).toMatch(/thumbnailUrl/)
  })
})

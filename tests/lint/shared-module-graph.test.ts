import { globSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import config, { REPLACES_MODULES } from "../../vitest.config.ts"

/**
 * Most test projects run their files in one module graph per worker (`isolate: false` in
 * vitest.config.ts: importing the app again for every file was a third of the suite's time). A
 * file that replaces a module (`vi.mock`) would then see the module another file already loaded,
 * or leave its replacement to the next file: such files belong in an isolated project
 * (web-isolated is chosen this way).
 */

const projects = (config.test?.projects ?? []).flatMap((project) =>
  typeof project === "object" && "test" in project && project.test ? [project.test] : [],
)

/** The files a project runs: its include globs less its exclude globs. */
const filesOf = (project: (typeof projects)[number], alsoExcluded: ReadonlyArray<string> = []) =>
  globSync(project.include ?? [], {
    exclude: [...(project.exclude ?? []), "**/node_modules/**", ...alsoExcluded],
  })

describe("test projects that share a module graph", () => {
  const shared = projects.filter((project) => project.isolate === false)

  it("are most of them", () => {
    expect(shared.map((project) => project.name)).toEqual(
      expect.arrayContaining(["unit", "contract", "http", "cli", "web"]),
    )
  })

  it.each(shared.map((project) => [project.name, project] as const))(
    "%s: no file replaces a module",
    (_name, project) => {
      const files = filesOf(project, ["tests/lint/shared-module-graph.test.ts"])
      expect(files.length).toBeGreaterThan(0)
      const replacing = files.filter((file) => REPLACES_MODULES.test(readFileSync(file, "utf8")))
      expect(replacing).toEqual([])
    },
  )
})

/**
 * The projects name their folders by hand: a test file in a folder none of them names (a new
 * adapter's, say) would never run, and nothing would say so.
 */
describe("test files", () => {
  it("each belongs to a test project", () => {
    const run = new Set(projects.flatMap((project) => filesOf(project)))
    const all = globSync(["**/*.test.ts", "**/*.test.tsx"], {
      exclude: ["**/node_modules/**", "**/dist/**", ".git/**"],
    })
    expect(all.length).toBeGreaterThan(300)
    expect(all.filter((file) => !run.has(file))).toEqual([])
  })
})

// Proves the hexagon's arrows (eslint.layers.js) fire on wrong imports and stay quiet on allowed
// ones, by linting virtual files with only the layer rules and a TypeScript parser.
import { fileURLToPath } from "node:url"
import { ESLint } from "eslint"
import tseslint from "typescript-eslint"
import { describe, expect, it } from "vitest"
import { layerRules } from "../../eslint.layers.js"

const repoRoot = fileURLToPath(new URL("../../", import.meta.url))

const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ["**/*.ts", "**/*.tsx"],
      languageOptions: { parser: tseslint.parser },
    },
    ...layerRules,
  ],
})

interface Finding {
  readonly ruleId: string | null
  readonly line: number
  readonly message: string
}

/** Lints `code` as if it lived at `filePath` (relative to the repo root). */
const lint = async (filePath: string, code: string): Promise<ReadonlyArray<Finding>> => {
  const [result] = await eslint.lintText(code, { filePath })
  if (result === undefined) throw new Error(`no lint result for ${filePath}`)
  return result.messages.map(({ ruleId, line, message }) => ({ ruleId, line, message }))
}

/** The lines of `code` that no-restricted-imports reports, asserting nothing else is reported. */
const restrictedLines = async (filePath: string, code: string): Promise<ReadonlyArray<number>> => {
  const findings = await lint(filePath, code)
  expect(findings.filter((f) => f.ruleId !== "no-restricted-imports")).toEqual([])
  return findings.map((f) => f.line)
}

const imports = (...specifiers: ReadonlyArray<string>): string =>
  specifiers.map((specifier, i) => `import * as m${i} from "${specifier}"\n`).join("") +
  `export const all = [${specifiers.map((_, i) => `m${i}`).join(", ")}]\n`

describe("layer rules: domain/", () => {
  const file = "domain/contests/x.ts"

  it("reports a domain file importing an adapter", async () => {
    const findings = await lint(file, imports("../../adapters/memory/store.ts"))
    expect(findings).toEqual([
      {
        ruleId: "no-restricted-imports",
        line: 1,
        message: expect.stringContaining(
          "domain/ imports only `effect` and other domain files.",
        ) as string,
      },
    ])
  })

  it("reports a domain file importing a third-party package or a Node module", async () => {
    expect(await restrictedLines(file, imports("koa"))).toEqual([1])
    expect(await restrictedLines(file, imports("node:fs"))).toEqual([1])
  })

  it("allows a domain file to import effect and other domain files", async () => {
    expect(await lint(file, imports("effect", "effect/Schema", "../shared/ids.ts"))).toEqual([])
  })
})

describe("layer rules: domain/ tests", () => {
  const file = "domain/x/y.test.ts"

  it("allows the test libraries and the in-memory adapters", async () => {
    const code = imports(
      "vitest",
      "fast-check",
      "@effect/vitest",
      "effect",
      "../../adapters/memory/layers.ts",
    )
    expect(await lint(file, code)).toEqual([])
  })

  it("reports any other adapter", async () => {
    const findings = await lint(file, imports("../../adapters/persistence/x.ts"))
    expect(findings).toEqual([
      {
        ruleId: "no-restricted-imports",
        line: 1,
        message: expect.stringContaining(
          "domain/ tests may use only the in-memory adapters.",
        ) as string,
      },
    ])
  })
})

describe("layer rules: apps/ and frame/", () => {
  it("reports an apps file importing an adapter", async () => {
    expect(
      await restrictedLines("apps/web/src/a.tsx", imports("../../../adapters/http/x.ts")),
    ).toEqual([1])
  })

  it("reports an apps file importing a Node module", async () => {
    expect(await restrictedLines("apps/web/src/a.tsx", imports("node:fs"))).toEqual([1])
  })

  it("reports a frame file importing an adapter", async () => {
    expect(await restrictedLines("frame/src/a.ts", imports("../../adapters/http/x.ts"))).toEqual([
      1,
    ])
  })
})

describe("layer rules: apps/ui (the shared design system)", () => {
  const file = "apps/ui/src/a.tsx"

  it("reports the kit importing an app", async () => {
    expect(
      await restrictedLines(
        file,
        imports("../../web/src/api/http.ts", "../../admin/src/ui/x.tsx", "../../editor/src/x.ts"),
      ),
    ).toEqual([1, 2, 3])
  })

  it("reports the kit importing the domain, an adapter or a Node module", async () => {
    expect(
      await restrictedLines(
        file,
        imports("../../../domain/contests/x.ts", "../../../adapters/http/x.ts", "node:fs"),
      ),
    ).toEqual([1, 2, 3])
  })

  it("allows the kit's own files and its libraries", async () => {
    expect(
      await restrictedLines(file, imports("./button.tsx", "radix-ui", "react-router-dom", "clsx")),
    ).toEqual([])
  })

  it("allows an app to import the kit", async () => {
    expect(
      await restrictedLines("apps/admin/src/a.tsx", imports("../../ui/src/button.tsx")),
    ).toEqual([])
  })
})

describe("layer rules: adapters/", () => {
  const file = "adapters/http/a.ts"

  it("reports an adapter importing apps/ or cli/", async () => {
    expect(
      await restrictedLines(file, imports("../../apps/web/x.ts", "../../cli/main.ts")),
    ).toEqual([1, 2])
  })

  it("allows an adapter to import the domain", async () => {
    expect(await lint(file, imports("../../domain/x.ts"))).toEqual([])
  })
})

describe("layer rules in the real eslint.config.js", () => {
  // The blocks above prove each arrow fires; here, that the real config applies each block's
  // arrows, unchanged by any later block, to the files it names. Resolving a file's config builds
  // no TypeScript program (linting a probe on disk with the real, type-aware config took 15 s on a
  // quiet machine and 80 s under load); `npm run lint` then lints every file with it.
  const real = new ESLint({ cwd: repoRoot })
  const samples: ReadonlyArray<readonly [file: string, block: string]> = [
    ["domain/contests/x.ts", "colorday/layers/domain"],
    ["domain/editing/x.tsx", "colorday/layers/domain"],
    ["domain/contests/x.test.ts", "colorday/layers/domain-tests"],
    ["apps/web/src/x.tsx", "colorday/layers/browser"],
    ["apps/admin/src/x.ts", "colorday/layers/browser"],
    ["frame/src/x.ts", "colorday/layers/browser"],
    ["apps/ui/src/x.tsx", "colorday/layers/ui"],
    ["adapters/http/x.ts", "colorday/layers/adapters"],
  ]

  it.each(samples)("applies to %s the arrows of %s", async (file, block) => {
    const rule = layerRules.find((entry) => entry.name === block)?.rules?.["no-restricted-imports"]
    if (!Array.isArray(rule)) throw new Error(`${block} has no no-restricted-imports rule`)
    const [, ...options] = rule
    const config = (await real.calculateConfigForFile(file)) as {
      rules?: Record<string, unknown>
    }
    expect(config.rules?.["no-restricted-imports"]).toEqual([2, ...options])
  })

  it("leaves files outside the layers to the rest of the config", async () => {
    const config = (await real.calculateConfigForFile("tests/http/x.test.ts")) as {
      rules?: Record<string, unknown>
    }
    const rule = config.rules?.["no-restricted-imports"]
    expect(rule === undefined || (Array.isArray(rule) && rule[0] === 0)).toBe(true)
  })
})

describe("layer rules: the gaps a path pattern could miss", () => {
  it("reports Node modules by bare name in browser code", async () => {
    expect(await restrictedLines("apps/web/src/a.tsx", imports("fs", "path/posix"))).toEqual([1, 2])
    expect(await restrictedLines("frame/src/a.ts", imports("node:path"))).toEqual([1])
  })

  it("reports a domain .tsx file importing outside the domain", async () => {
    expect(await restrictedLines("domain/editing/x.tsx", imports("react"))).toEqual([1])
  })

  it("reports a domain file reaching into node_modules or package.json by a relative path", async () => {
    expect(
      await restrictedLines(
        "domain/contests/x.ts",
        imports("../../node_modules/koa/index.js", "../../package.json"),
      ),
    ).toEqual([1, 2])
  })
})

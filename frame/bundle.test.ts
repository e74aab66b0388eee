// @vitest-environment node
import { type Rolldown, build } from "vite"
import { describe, expect, it } from "vitest"

// The frame's bundle, built in memory as `npx vite build --config frame/vite.config.ts` does.
const configFile = new URL("./vite.config.ts", import.meta.url).pathname

const buildFrame = async (entry?: string) => {
  const result = await build({
    configFile,
    logLevel: "silent",
    build: {
      write: false,
      ...(entry ? { lib: { entry, formats: ["es"], fileName: () => "probe.js" } } : {}),
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Array<Rolldown.RolldownOutput>
  return outputs.flatMap((output) => output.output).filter((item) => item.type === "chunk")
}

describe("the frame bundle", () => {
  it("is one small module with no Effect runtime in it", async () => {
    const chunks = await buildFrame()
    expect(chunks).toHaveLength(1)
    const [chunk] = chunks
    const modules = chunk?.moduleIds ?? []
    expect(modules.some((id) => id.endsWith("frame/src/main.ts"))).toBe(true)
    expect(modules.filter((id) => /node_modules[\\/]effect[\\/]/.test(id))).toEqual([])
    // Domain files that import effect at run time stay out; the pure rules (codebase-id.ts,
    // element-key.ts, class-names.ts, …) come in: the frame uses the domain's own rules.
    expect(
      modules.filter((id) =>
        /domain[\\/]editing[\\/](element-key-parsing|change-ledger)\.ts$/.test(id),
      ),
    ).toEqual([])
    expect(chunk?.code).not.toMatch(/from\s*["']effect/)
    console.log(`frame bundle: ${chunk?.code.length ?? 0} bytes, ${modules.length} modules`)
  }, 60_000)

  it("fails to build when something pulls effect in", async () => {
    // The typed-refusal side of element keys imports effect: as an entry, the build must refuse it.
    const probe = new URL("../domain/editing/element-key-parsing.ts", import.meta.url).pathname
    await expect(buildFrame(probe)).rejects.toThrow(/must not include effect/)
  }, 60_000)
})

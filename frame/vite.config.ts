import { fileURLToPath } from "node:url"
import { type Plugin, defineConfig } from "vite"

/**
 * The frame as one small ES module (frame/dist/frame.js). The dev server serves frame/src/main.ts
 * itself (through the Vite plugin's `/@colorday/frame`); this bundle is what gets measured and what
 * a non-Vite host would load. It must carry no Effect runtime: the build fails if any module of
 * the `effect` package is part of it.
 */
const noEffectRuntime = (): Plugin => ({
  name: "colorday-frame-no-effect",
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== "chunk") continue
      const offending = output.moduleIds.filter((id) =>
        /[\\/]node_modules[\\/]effect[\\/]/.test(id),
      )
      if (offending.length > 0) {
        this.error(`The frame bundle must not include effect, but has: ${offending.join(", ")}`)
      }
    }
  },
})

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  publicDir: false,
  plugins: [noEffectRuntime()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    minify: true,
    // Library mode keeps whitespace in ES output; this is a script for a page, so squeeze it.
    rolldownOptions: { output: { minify: true } },
    lib: {
      entry: fileURLToPath(new URL("src/main.ts", import.meta.url)),
      formats: ["es"],
      fileName: () => "frame.js",
    },
  },
})

import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"

/**
 * The visual editor's parent tool, its own bundle served at /editor: `npm run build` writes
 * apps/editor/dist, which `colorday serve` and `colorday editor` serve under /editor.
 * `npm run dev:editor` serves it with hot reload at /editor/ and sends /canvases calls to a
 * Colorday server on :3000 (`colorday editor` prints its own port).
 */
const api = process.env.COLORDAY_API ?? "http://127.0.0.1:3000"

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/editor/",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: { "/canvases": api, "/api": api },
  },
})

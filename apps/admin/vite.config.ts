import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"

/**
 * The admin dashboard, its own bundle served at /admin: `npm run build` writes apps/admin/dist,
 * which `colorday serve` serves under /admin; `npm run dev:admin` serves it with hot reload at
 * /admin/ and sends API calls to a `colorday serve` on :3000.
 */
const api = process.env.COLORDAY_API ?? "http://127.0.0.1:3000"

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/admin/",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: Object.fromEntries(["/api", "/images", "/checkout"].map((path) => [path, api])),
  },
})

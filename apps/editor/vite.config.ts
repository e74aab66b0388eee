import { appConfig } from "../ui/vite.app-config.ts"

/**
 * The visual editor's parent tool, its own bundle served at /editor: `npm run build` writes
 * apps/editor/dist, which `colorday serve` and `colorday editor` serve under /editor.
 * `npm run dev:editor` serves it with hot reload at /editor/ and sends /canvases calls to a
 * Colorday server on :3000 (`colorday editor` prints its own port).
 */
export default appConfig({
  root: new URL(".", import.meta.url),
  base: "/editor/",
  proxied: ["/canvases", "/api"],
})

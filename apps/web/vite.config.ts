import { appConfig } from "../ui/vite.app-config.ts"

/**
 * The contest site. `npm run build` writes apps/web/dist, which `colorday serve` serves at /;
 * `npm run dev:web` serves it with hot reload and sends API calls to a `colorday serve` on :3000.
 */
export default appConfig({
  root: new URL(".", import.meta.url),
  proxied: ["/api", "/images", "/checkout"],
  // Served from public/ at the root, where browsers and crawlers also look for it.
  favicon: "/favicon.svg",
  // The site's first load is the one a phone waits for (issue 20's budget).
  preact: true,
  // The server preloads each page's screen chunk from the build's manifest.
  manifest: true,
  // The entry's modules in one chunk: one request where there were ~35 (issue 20).
  initialChunk: true,
  // The header painted from the first response, before the scripts (apps/ui/vite.app-config.ts).
  shell: "src/layout/render-shell.tsx",
  // …prerendered in each language too (issue 22); the server sends the reader's.
  languages: ["es", "fr", "de"],
})

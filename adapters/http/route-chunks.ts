import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { sitePage } from "../../domain/site/page-titles.ts"
import { escapeHtml } from "./page-meta.ts"

/**
 * The screen chunk of a page, preloaded from its HTML (issue 20): the site's router loads each
 * screen lazily (apps/web/src/routes.tsx), so without a hint the browser learns of the page's own
 * chunk only after the entry script has run. With Vite's manifest of the build
 * (`dist/.vite/manifest.json`, written because apps/web asks for it) the server names the chunk
 * and everything it imports as modulepreloads, fetched in parallel with the entry script.
 */

/** The screen module (as the build's manifest names it) a site page renders, if it is one of these. */
export const siteScreenModule = (path: string): string | undefined => {
  const page = sitePage(path)
  switch (page.kind) {
    case "static":
      return STATIC_SCREENS[page.path]
    case "contest":
      return "src/screens/contests/ContestPage.tsx"
    case "artist":
      return "src/screens/artist/ArtistPage.tsx"
    case "entry":
      return "src/screens/entry/EntryPage.tsx"
    case "not-found":
      return undefined
  }
}

/** The pages a visitor lands on most, by path (the rest load their chunk as before). */
const STATIC_SCREENS: Readonly<Record<string, string>> = {
  "/": "src/screens/home/HomePage.tsx",
  "/gallery": "src/screens/gallery/GalleryPage.tsx",
  "/leaderboard": "src/screens/leaderboard/LeaderboardPage.tsx",
  "/contests": "src/screens/contests/ContestsPage.tsx",
  "/pricing": "src/screens/pricing/PricingPage.tsx",
  "/rewards": "src/screens/rewards/RewardsPage.tsx",
}

interface ManifestChunk {
  readonly file: string
  readonly imports?: ReadonlyArray<string>
  /** The entry script: index.html loads it and its imports already. */
  readonly isEntry?: boolean
}

/** Vite's build manifest: source module (or internal chunk name) → its output and static imports. */
export type BuildManifest = Readonly<Record<string, ManifestChunk>>

/** The build's manifest, or undefined when the build wrote none (or it cannot be read). */
export const readBuildManifest = async (dir: string): Promise<BuildManifest | undefined> => {
  try {
    return JSON.parse(await readFile(join(dir, ".vite", "manifest.json"), "utf8")) as BuildManifest
  } catch {
    return undefined
  }
}

/**
 * `<link rel="modulepreload">` tags for a module's chunk and every chunk it imports statically
 * (leaving out the entry and what it imports, which index.html preloads itself), under the app's
 * prefix; "" when the manifest does not name the module.
 */
export const chunkPreloads = (manifest: BuildManifest, module: string, prefix: string): string => {
  const files: Array<string> = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk || chunk.isEntry === true) return
    files.push(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry === true)
  for (const entry of entries) for (const imported of entry.imports ?? []) seen.add(imported)
  visit(module)
  const base = prefix.endsWith("/") ? prefix : `${prefix}/`
  return files
    .map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(base + file)}" />`)
    .join("\n    ")
}

import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { type BuildManifest, chunkPreloads, siteScreenModule } from "./route-chunks.ts"

const WEB = join(import.meta.dirname, "../../apps/web")

describe("a page's screen chunk, preloaded from its HTML", () => {
  it("names, for the pages it knows, a screen module the site's router really loads lazily", () => {
    const routes = readFileSync(join(WEB, "src/routes.tsx"), "utf8")
    for (const path of [
      "/",
      "/gallery",
      "/leaderboard/",
      "/contests",
      "/pricing",
      "/rewards",
      "/contests/0b6a3d0e-3d0e-4d0e-8d0e-0b6a3d0e3d0e",
      "/artists/ada",
      "/entries/0b6a3d0e-3d0e-4d0e-8d0e-0b6a3d0e3d0e",
    ]) {
      const module = siteScreenModule(path)
      expect(module, path).toBeDefined()
      expect(existsSync(join(WEB, module ?? "")), `${path}: ${module}`).toBe(true)
      expect(routes, `${path}: routes.tsx imports ${module}`).toContain(
        `import("./${(module ?? "").replace(/^src\//, "")}")`,
      )
    }
    expect(siteScreenModule("/no/such/page")).toBeUndefined()
  })

  it("preloads the chunk and what it imports, once each, leaving out the entry's own", () => {
    const manifest: BuildManifest = {
      "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_shared-2.js"] },
      "_shared-2.js": { file: "assets/shared-2.js" },
      "_card-3.js": { file: "assets/card-3.js", imports: ["_shared-2.js", "_icon-4.js"] },
      "_icon-4.js": { file: "assets/icon-4.js", imports: ["_card-3.js"] },
      "src/screens/home/HomePage.tsx": {
        file: "assets/HomePage-5.js",
        imports: ["index.html", "_card-3.js", "_icon-4.js"],
      },
    }
    const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])
    expect(hrefs(chunkPreloads(manifest, "src/screens/home/HomePage.tsx", "/"))).toEqual([
      "/assets/HomePage-5.js",
      "/assets/card-3.js",
      "/assets/icon-4.js",
    ])
    expect(chunkPreloads(manifest, "src/screens/home/HomePage.tsx", "/admin")).toContain(
      'href="/admin/assets/HomePage-5.js"',
    )
    expect(chunkPreloads(manifest, "src/screens/none.tsx", "/")).toBe("")
  })
})

import { createReadStream, existsSync } from "node:fs"
import { readFile, stat } from "node:fs/promises"
import { extname, join, resolve, sep } from "node:path"
import type { Context, Middleware } from "koa"
import {
  chooseLanguage,
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES,
  LANGUAGE_COOKIE,
  type Language,
} from "../../domain/site/languages.ts"
import { acceptedLanguage } from "./error-messages.ts"
import {
  type BuildManifest,
  chunkPreloads,
  readBuildManifest,
  siteScreenModule,
} from "./route-chunks.ts"

/**
 * The built web apps (Vite's output: index.html and assets/), served by the API's own process.
 * Each app owns a path prefix; within it, files under assets/ are served with a year-long
 * immutable cache (Vite names them by content hash), other files of the build as they are, and
 * every other page a browser asks for is the app's index.html (the router in the page takes it
 * from there), rendered with the page's head tags and never cached.
 *
 * A small server of our own rather than koa-static: apps are mounted under prefixes (/admin,
 * /editor) whose files live at the root of their own build, which koa-static cannot do without
 * koa-mount, and index.html is rendered per page, not sent as a file.
 */

export interface WebApp {
  /** Where the app is served: "/" for the site ("/admin", "/editor" for the others to come). */
  readonly prefix: string
  /** The build: index.html, assets/, and whatever else Vite copied from public/. */
  readonly dir: string
  /**
   * The screen module a page path renders (route-chunks.ts): its chunk is preloaded from the
   * page, read from the build's manifest. Without it, or without a manifest, no preloads.
   */
  readonly screenOf?: (path: string) => string | undefined
}

/** The repository's root, from this file's place in it (adapters/http). */
const REPO_ROOT = resolve(import.meta.dirname, "../..")

/** Where `npm run build` writes the contest site. */
export const DEFAULT_SITE_DIR = join(REPO_ROOT, "apps/web/dist")

/** The apps served by default: the site at /. Another app is one more line here. */
export const DEFAULT_ADMIN_DIR = join(REPO_ROOT, "apps/admin/dist")
/** Where `npm run build` writes the visual editor's parent tool. */
export const DEFAULT_EDITOR_DIR = join(REPO_ROOT, "apps/editor/dist")
/** The admin dashboard and the editor first: the longest prefix wins. */
export const DEFAULT_WEB_APPS: ReadonlyArray<WebApp> = [
  { prefix: "/admin", dir: DEFAULT_ADMIN_DIR },
  { prefix: "/editor", dir: DEFAULT_EDITOR_DIR },
  { prefix: "/", dir: DEFAULT_SITE_DIR, screenOf: siteScreenModule },
]

/** Paths that never are an app's pages: the API, stored images, the offline checkout. */
const SERVER_PREFIXES = ["/api", "/images", "/checkout"]

/** The comment in index.html that each page's head tags replace. */
export const META_PLACEHOLDER = "<!--colorday:meta-->"

export const NOT_BUILT_MESSAGE = "The web app is not built: run npm run build"

/** index.html is read once and kept; its date is looked at again at most this often (a rebuild). */
const RECHECK_MS = 1_000

const IMMUTABLE = "public, max-age=31536000, immutable"

/**
 * Pictures of the build's public/ files (the share card, icons) keep their names when redrawn,
 * so they are kept a day, not a year: crawlers fetching a share card then ask once a day.
 */
const PICTURES = new Set([".png", ".jpg", ".jpeg", ".webp", ".svg", ".ico"])
const PICTURE_CACHE = "public, max-age=86400"

/** What a page's head tags are made from. */
export interface PageRequest {
  /** The app's prefix ("/" for the site). */
  readonly app: string
  /** The path, e.g. /gallery. */
  readonly path: string
  readonly query: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
  /** This server's origin as the browser reached it (protocol://host). */
  readonly origin: string
  /**
   * The language the page is in (issue 22): the member's setting, else the footer's cookie, else
   * Accept-Language, else English. `<html lang>` and the head tags are rendered in it.
   */
  readonly language: Language
}

/** The head tags of a page (already HTML-escaped), put in place of META_PLACEHOLDER. */
export type HeadTags = (page: PageRequest) => Promise<string>

/**
 * More head tags that depend on who asks (first-screen.ts: the first screen's data), from the
 * page and its session cookie; "" when there are none.
 */
export type VisitorTags = (page: PageRequest, sessionToken: string | null) => Promise<string>

const underPrefix = (path: string, prefix: string) =>
  prefix === "/" || path === prefix || path.startsWith(`${prefix}/`)

/** The app owning a path: the longest prefix that matches. */
const appFor = (apps: ReadonlyArray<WebApp>, path: string): WebApp | undefined =>
  [...apps]
    .filter((app) => underPrefix(path, app.prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length)[0]

/** The path within the app, without its prefix: /admin/assets/x.js → /assets/x.js. */
const withinApp = (path: string, prefix: string) =>
  prefix === "/" ? path : path.slice(prefix.length) || "/"

/**
 * The file a path names inside `dir`, or undefined when the path is not a plain file name:
 * undecodable, a NUL or backslash, a hidden or parent segment (no dotfiles, no way out of dir).
 */
const fileIn = (dir: string, path: string): string | undefined => {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return undefined
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return undefined
  const segments = decoded.split("/").filter((segment) => segment !== "")
  if (segments.length === 0 || segments.some((segment) => segment.startsWith("."))) {
    return undefined
  }
  const root = resolve(dir)
  const file = resolve(root, ...segments)
  return file.startsWith(`${root}${sep}`) ? file : undefined
}

/** A regular file's size and date, or undefined when there is none. */
const fileStats = async (file: string) => {
  try {
    const stats = await stat(file)
    return stats.isFile() ? stats : undefined
  } catch {
    return undefined
  }
}

/**
 * The build's text files come compressed beside themselves (`x.js.br`, `x.js.gz`: the build's
 * compression plugin, apps/ui/vite.app-config.ts), made once at build time at the highest
 * levels; the browser gets the best one it accepts.
 */
const PRECOMPRESSED: ReadonlyArray<readonly [encoding: string, suffix: string]> = [
  ["br", ".br"],
  ["gzip", ".gz"],
]
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt"])

/** The file to send and its Content-Encoding: a precompressed copy the browser accepts, if any. */
const variantOf = async (ctx: Context, file: string) => {
  if (COMPRESSIBLE.has(extname(file))) {
    for (const [encoding, suffix] of PRECOMPRESSED) {
      if (ctx.acceptsEncodings(encoding, "identity") !== encoding) continue
      const stats = await fileStats(`${file}${suffix}`)
      if (stats) return { path: `${file}${suffix}`, stats, encoding }
    }
  }
  const stats = await fileStats(file)
  return stats ? { path: file, stats, encoding: undefined } : undefined
}

/** Sends a file of the build, with its type from its extension; 304 when the browser has it. */
const sendFile = async (ctx: Context, file: string, cacheControl: string) => {
  const variant = await variantOf(ctx, file)
  if (!variant) return false
  ctx.status = 200
  ctx.set("Cache-Control", cacheControl)
  ctx.set("Last-Modified", variant.stats.mtime.toUTCString())
  if (COMPRESSIBLE.has(extname(file))) ctx.vary("Accept-Encoding")
  if (ctx.fresh) {
    ctx.status = 304
    return true
  }
  ctx.type = extname(file)
  if (variant.encoding) ctx.set("Content-Encoding", variant.encoding)
  ctx.length = variant.stats.size
  ctx.body = createReadStream(variant.path)
  return true
}

interface Template {
  /** index.html split at the placeholder (the whole file and "" when it has none). */
  readonly before: string
  readonly after: string
  /** The same without the build's own `<title>` and description, for tags that bring theirs. */
  readonly bare: { readonly before: string; readonly after: string }
  readonly modifiedMs: number
  /** The same build's manifest (route-chunks.ts), when it wrote one. */
  readonly manifest: BuildManifest | undefined
}

/** The build's own `<title>` and description: what a page's head tags replace when they carry theirs. */
const OWN_TITLE = /[ \t]*<title>[\s\S]*?<\/title>[ \t]*\r?\n?/gi
const OWN_DESCRIPTION = /[ \t]*<meta\s+name="description"[^>]*>[ \t]*\r?\n?/gi
const withoutOwnTitle = (html: string) => html.replace(OWN_TITLE, "").replace(OWN_DESCRIPTION, "")

/** Whether a page's head tags bring a title of their own (the build's then gives way). */
const bringsTitle = (tags: string) => tags.includes("<title>")

/**
 * One page of a build (index.html, or a language's index.<language>.html), read once and read
 * again only when its date changes.
 */
const indexTemplate = (dir: string, name: string) => {
  const file = join(dir, name)
  let cached: Template | undefined
  let checkedAt = Number.NEGATIVE_INFINITY
  // The look in progress: requests arriving meanwhile wait for it instead of taking what was
  // cached before it (on a fresh server, nothing: two first pages at once got a 503).
  let looking: Promise<Template | undefined> | undefined
  const look = async (): Promise<Template | undefined> => {
    const stats = await fileStats(file)
    if (!stats) return undefined
    if (cached?.modifiedMs === stats.mtimeMs) return cached
    const html = await readFile(file, "utf8")
    const at = html.indexOf(META_PLACEHOLDER)
    const before = at < 0 ? html : html.slice(0, at)
    const after = at < 0 ? "" : html.slice(at + META_PLACEHOLDER.length)
    return {
      before,
      after,
      bare: { before: withoutOwnTitle(before), after: withoutOwnTitle(after) },
      modifiedMs: stats.mtimeMs,
      manifest: await readBuildManifest(dir),
    }
  }
  return async (): Promise<Template | undefined> => {
    if (looking) return looking
    // A missing page too is looked for again at most this often (most apps have no
    // index.<language>.html).
    if (Date.now() - checkedAt < RECHECK_MS) return cached
    looking = look()
    try {
      cached = await looking
      checkedAt = Date.now()
      return cached
    } finally {
      looking = undefined
    }
  }
}

const isServerPath = (path: string) =>
  SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

/**
 * The middleware serving `apps`: GET and HEAD outside the server's own paths. A missing file
 * under assets/ (or any path with a file extension) is a 404; a page asked for by something
 * that takes HTML is the app's index.html, or a 503 saying how to build it.
 */
export const serveWebApps = (options: {
  readonly apps: ReadonlyArray<WebApp>
  readonly headTags: HeadTags
  readonly visitorTags?: VisitorTags
  /** The session cookie's name, read for visitorTags. */
  readonly sessionCookie?: string
  /** A signed-in member's language setting, from the session cookie (none: a visitor). */
  readonly memberLanguage?: (sessionToken: string) => Promise<Language | undefined>
}): Middleware => {
  const templates = new Map(
    options.apps.flatMap((app) => [
      [app.prefix, indexTemplate(app.dir, "index.html")] as const,
      // The shell prerendered in each language (apps/ui/vite.app-config.ts), where the build has it.
      ...LANGUAGE_CODES.filter((language) => language !== DEFAULT_LANGUAGE).map(
        (language) =>
          [`${app.prefix} ${language}`, indexTemplate(app.dir, `index.${language}.html`)] as const,
      ),
    ]),
  )
  return async (ctx, next) => {
    if ((ctx.method !== "GET" && ctx.method !== "HEAD") || isServerPath(ctx.path)) {
      await next()
      return
    }
    const app = appFor(options.apps, ctx.path)
    if (!app) {
      await next()
      return
    }
    const path = withinApp(ctx.path, app.prefix)
    if (path !== "/index.html") {
      if (path.startsWith("/assets/")) {
        const file = fileIn(app.dir, path)
        if (!file || !(await sendFile(ctx, file, IMMUTABLE))) notFound(ctx)
        return
      }
      // Other files of the build (from public/): robots.txt, icons. A page path has no extension.
      if (extname(path) !== "") {
        const file = fileIn(app.dir, path)
        const cache = PICTURES.has(extname(path).toLowerCase()) ? PICTURE_CACHE : "no-cache"
        if (!file || !(await sendFile(ctx, file, cache))) notFound(ctx)
        return
      }
    }
    // What a page path answers depends on what the client takes.
    ctx.vary("Accept")
    if (!ctx.accepts("html")) {
      notFound(ctx)
      return
    }
    const sessionToken = (options.sessionCookie && ctx.cookies.get(options.sessionCookie)) || null
    const language = chooseLanguage({
      member: sessionToken ? await options.memberLanguage?.(sessionToken) : undefined,
      cookie: ctx.cookies.get(LANGUAGE_COOKIE),
      accepted: acceptedLanguage(ctx),
    })
    // The page's language depends on these too.
    ctx.vary("Accept-Language")
    ctx.vary("Cookie")
    const template =
      (await templates.get(`${app.prefix} ${language}`)?.()) ??
      (await templates.get(app.prefix)?.())
    if (!template) {
      ctx.status = 503
      ctx.type = "text/plain; charset=utf-8"
      ctx.set("Cache-Control", "no-store")
      ctx.body = NOT_BUILT_MESSAGE
      return
    }
    const page: PageRequest = {
      app: app.prefix,
      path: ctx.path,
      query: ctx.query,
      origin: `${ctx.protocol}://${ctx.host}`,
      language,
    }
    const [pageTags, visitor] = await Promise.all([
      options.headTags(page),
      options.visitorTags?.(page, sessionToken) ?? "",
    ])
    const screen = template.manifest && app.screenOf?.(withinApp(ctx.path, app.prefix))
    const preloads =
      screen && template.manifest ? chunkPreloads(template.manifest, screen, app.prefix) : ""
    const tags = [pageTags, visitor, preloads].filter((part) => part !== "").join("\n    ")
    ctx.status = 200
    ctx.type = "text/html; charset=utf-8"
    // With a signed-in member's data in it the page is that browser's alone: no shared cache
    // may keep it. Without a session cookie it is every visitor's page.
    ctx.set("Cache-Control", visitor !== "" && sessionToken ? "private, no-cache" : "no-cache")
    const { before, after } = bringsTitle(tags) ? template.bare : template
    ctx.body = `${withLanguage(before, language)}${tags}${after}`
  }
}

/** The build's `<html lang="en">` as the page's language. */
const withLanguage = (html: string, language: Language) =>
  html.replace(/<html(\s[^>]*)?\slang="[^"]*"/i, (tag) =>
    tag.replace(/lang="[^"]*"/i, `lang="${language}"`),
  )

const notFound = (ctx: Context) => {
  ctx.status = 404
  ctx.type = "text/plain; charset=utf-8"
  ctx.body = "Not found"
}

/** The apps whose build is missing (no index.html), for the one line `colorday serve` logs. */
export const unbuiltWebApps = (apps: ReadonlyArray<WebApp>): ReadonlyArray<WebApp> =>
  apps.filter((app) => !existsSync(join(app.dir, "index.html")))

import { lingui } from "@lingui/vite-plugin"
import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import Beasties from "beasties"
import { posix } from "node:path"
import { fileURLToPath } from "node:url"
import { defineConfig, runnerImport, type Plugin, type UserConfig } from "vite"
import { compression } from "vite-plugin-compression2"

/**
 * The head lines every app's index.html starts with, written once: the character set, the phone
 * viewport, the browser's theme colour (the brand's vermilion, --color-brand-600) and the
 * favicon (the mark drawn by apps/ui/src/logo.tsx). Each index.html keeps only its own (title,
 * description, robots, preloads).
 */
const sharedHead = (favicon: string): Plugin => ({
  name: "colorday-shared-head",
  transformIndexHtml: {
    // Before Vite reads the page, so the favicon is bundled like the page's own links.
    order: "pre",
    handler: (html) =>
      html.replace(
        /<head>/i,
        [
          "<head>",
          '    <meta charset="UTF-8" />',
          '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
          '    <meta name="theme-color" content="#b83a14" />',
          `    <link rel="icon" type="image/svg+xml" href="${favicon}" />`,
        ].join("\n"),
      ),
  },
})

/**
 * React on Preact in the production build (preact/compat, Preact 11, which forwards `ref` as a
 * prop like React 19): the same components, about 50 kB less brotli on every first load, which is
 * what brings the site's home route within its budget (issue 20). Only `vite build` swaps it:
 * the dev server keeps React for Fast Refresh and its dev warnings, and the component tests run on
 * React, while the e2e and Lighthouse runs exercise the built site on Preact.
 */
const reactOnPreact = (): Plugin => ({
  name: "colorday-react-on-preact",
  config: (_config, { command }) =>
    command === "build"
      ? {
          resolve: {
            alias: [
              { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
              { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
              { find: /^react-dom$/, replacement: "preact/compat" },
              { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
              { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
              { find: /^react$/, replacement: "preact/compat" },
            ],
          },
          build: {
            rollupOptions: {
              // React Router reads React.useOptimistic by a computed name and falls back when it
              // is absent (preact/compat has none): a known, handled gap, not worth a warning
              // on every build. ("use client" directives Vite would drop from the log itself.)
              onwarn: (warning, warn) => {
                if (warning.code === "IMPORT_IS_UNDEFINED" && /useOptimistic/.test(warning.message))
                  return
                if (warning.code === "MODULE_LEVEL_DIRECTIVE") return
                warn(warning)
              },
            },
          },
        }
      : undefined,
})

/**
 * React Router's production build in `vite build`. Its package sends every bundler to
 * dist/development (there is no "production" export condition), whose only difference is that
 * it checks and warns for developers on every navigation; the production files are the same
 * code with those checks off (issue 20: less work before a phone's first render). Both entry
 * points are swapped, so the two share one copy of the router's state.
 */
const routerForProduction = (): Plugin => ({
  name: "colorday-router-for-production",
  config: (_config, { command }) =>
    command === "build"
      ? {
          resolve: {
            alias: [
              { find: /^react-router$/, replacement: ROUTER_BUILD("index.mjs") },
              { find: /^react-router\/dom$/, replacement: ROUTER_BUILD("dom-export.mjs") },
            ],
          },
        }
      : undefined,
})

const ROUTER_BUILD = (file: string) =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url))

/**
 * The page's stylesheets preloaded from the head instead of linked (issue 20): a linked sheet,
 * even at the end of <body>, holds back the module scripts until it has loaded and counts as
 * render-blocking in Lighthouse, while the shell's critical rules are already inlined. The entry
 * script applies the preloaded sheets and renders once they have loaded
 * (apps/ui/src/page-stylesheet.ts); without scripts, a <noscript> link styles the page.
 */
const preloadStylesheets = (html: string): string => {
  const links: Array<string> = []
  const withoutLinks = html.replace(
    /<link rel="stylesheet"([^>]*)>(?=\s*<\/body>)/g,
    (_link, attributes: string) => {
      links.push(attributes)
      return `<noscript><link rel="stylesheet"${attributes}></noscript>`
    },
  )
  if (links.length === 0) return html
  const preloads = links.map((attributes) => `<link rel="preload" as="style"${attributes}>`)
  return withoutLinks.replace(/<\/head>/i, `${preloads.join("\n")}\n</head>`)
}

/**
 * The first paint without scripts (issue 20): the app's frame rendered to HTML into index.html's
 * #root, with the CSS rules it uses inlined in a <style> and the whole stylesheet preloaded
 * (preloadStylesheets), so the browser paints the header from the first response while the
 * stylesheet and the scripts load (the entry applies the sheet and waits for it, so the app never
 * renders unstyled).
 * `shell` is a module of the app exporting `renderShell(language): Promise<string>`, imported
 * through Vite's own module runner (TSX, the app's imports, its catalogs compiled by Lingui's
 * plugin) with React DOM's server renderer. Beasties (the kept fork of Google's critters) picks
 * the rules; nothing is written by hand. Build only.
 *
 * One page per language (issue 22): index.html in English and index.<language>.html for each
 * of `languages`, with `<html lang>` set, which the server sends to a reader of that language
 * (adapters/http/web-app.ts), so a Spanish reader's first paint is already Spanish. Built here
 * rather than rendered per request: the shell is the same for everyone in a language, and the
 * server stays a file server for it.
 */
const prerenderShell = (root: string, shell: string, languages: ReadonlyArray<string>): Plugin => ({
  name: "colorday-prerender-shell",
  apply: "build",
  enforce: "post",
  async generateBundle(_options, bundle) {
    const page = bundle["index.html"]
    if (page?.type !== "asset") return
    const { module } = await runnerImport<{
      renderShell: (language: string) => Promise<string>
    }>(fileURLToPath(new URL(shell, `file://${root}/`)), {
      root,
      configFile: false,
      logLevel: "silent",
      plugins: [lingui()],
    })
    const html = String(page.source)
    const empty = '<div id="root"></div>'
    if (!html.includes(empty)) this.error(`index.html has no ${empty} to render the shell into`)
    // The stylesheets are in the bundle, not yet on disk: Beasties reads them from there.
    const cssOf = (file: string) => {
      const asset = bundle[posix.relative("/", file)]
      return asset?.type === "asset" ? String(asset.source) : ""
    }
    const beasties = new (class extends Beasties {
      override readFile(file: string) {
        return cssOf(file)
      }
    })({ path: "/", publicPath: "/", preload: "body", fonts: false, logLevel: "warn" })
    for (const language of ["en", ...languages.filter((other) => other !== "en")]) {
      const withShell = html
        .replace(empty, `<div id="root">${await module.renderShell(language)}</div>`)
        .replace(/<html lang="[^"]*"/i, `<html lang="${language}"`)
      const source = preloadStylesheets(await beasties.process(withShell))
      if (language === "en") page.source = source
      else this.emitFile({ type: "asset", fileName: `index.${language}.html`, source })
    }
  },
})

/**
 * The modules the entry script imports statically (Rolldown's `$initial` tag), in one chunk beside
 * the entry (issue 20). Left to itself, Rolldown gives each module that a lazily loaded screen
 * shares with the entry a chunk of its own: the site's first load was ~35 modulepreloads of 1–3 kB
 * each, which over HTTP/1.1's six connections per host cost a phone a round trip (150 ms on
 * Lighthouse's slow 4G) for every six files before the first render. The browser needs all of
 * them before the entry runs anyway, so one file costs the same bytes and one round trip. The
 * screens' own chunks import what they need from it (and never from the entry, whose top-level
 * await would otherwise hold them).
 */
const INITIAL_CHUNK = { name: "app", tags: ["$initial" as const] }

/**
 * The small chunks the lazily loaded screens share, copied into the chunks that read them (issue
 * 20): left to itself, Rolldown gives each set of screens that share a module a chunk of its own,
 * so the home page fetched 60 files, most of them 1–2 kB (one lucide icon, a formatter, a
 * catalog), /gallery and an entry's page 33 each, every one a request and a task on a phone. Its
 * Inline Common Chunks copies each common chunk under the limit (transformed source, before
 * minifying) into its readers as a factory, and a registry in its runtime keeps one execution and
 * one state per module, so no page downloads code it did not before (measured with `npm run bench
 * -- bundle`: home 1 file where it had 11, /gallery 7 for 33, an entry 7 for 34, /leaderboard 3 for
 * 20, each the same kB or fewer). Style modules stay out, as Vite's own builds keep them: its CSS
 * plugin would emit a style once per copy. Experimental in Rolldown 1.2; it turns on
 * `strictExecutionOrder`, which runs every module's body in source order.
 */
const INLINE_COMMON_CHUNKS = {
  maxSize: 20 * 1024,
  exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
}

/**
 * The build and dev-server settings the three apps share (apps/web, apps/admin, apps/editor): React,
 * Tailwind, `dist/` with source maps, every text file also written brotli- and gzip-compressed
 * beside itself (at the highest levels, once, so `colorday serve` sends them without compressing
 * per request; adapters/http/web-app.ts), and a dev server that sends the server's own paths to a
 * `colorday serve` on :3000 (or COLORDAY_API). Each app's vite.config.ts names only what is its own.
 */
export const appConfig = (app: {
  /** The app's folder: `new URL(".", import.meta.url)` from its vite.config.ts. */
  readonly root: URL
  /** Where `colorday serve` mounts it ("/" for the site). */
  readonly base?: string
  /** Paths the dev server forwards to the API server. */
  readonly proxied: ReadonlyArray<string>
  /** The favicon's address from the app's index.html (the site's own public/favicon.svg). */
  readonly favicon?: string
  /** Build on Preact instead of React DOM (see reactOnPreact). */
  readonly preact?: boolean
  /**
   * Write Vite's manifest (dist/.vite/manifest.json), from which `colorday serve` preloads each
   * page's screen chunk (adapters/http/route-chunks.ts).
   */
  readonly manifest?: boolean
  /**
   * A module of the app exporting `renderShell(language): Promise<string>`, relative to its
   * folder: its HTML is built into index.html (and index.<language>.html for each of
   * `languages`) with its critical CSS inlined (see prerenderShell).
   */
  readonly shell?: string
  /** The languages besides English the shell is prerendered in. */
  readonly languages?: ReadonlyArray<string>
  /**
   * Everything the entry imports statically in one chunk (see INITIAL_CHUNK), instead of one
   * small chunk per module the screens share with it.
   */
  readonly initialChunk?: boolean
}): UserConfig => {
  const api = process.env.COLORDAY_API ?? "http://127.0.0.1:3000"
  return defineConfig({
    root: fileURLToPath(app.root),
    base: app.base ?? "/",
    plugins: [
      sharedHead(app.favicon ?? "../web/public/favicon.svg"),
      react(),
      // The catalogs (locales/<language>/<area>.json, imported with ?lingui) compiled at build time:
      // the page gets ready functions, not ICU text to parse (lingui.config.ts).
      lingui({ failOnCompileError: true }),
      ...(app.preact === true ? [reactOnPreact()] : []),
      routerForProduction(),
      tailwindcss(),
      ...(app.shell === undefined
        ? []
        : [prerenderShell(fileURLToPath(app.root), app.shell, app.languages ?? [])]),
      compression({
        algorithms: ["brotliCompress", "gzip"],
        include: /\.(js|mjs|css|html|svg|json|txt)$/,
        // Below a packet, compressing saves nothing worth a second file.
        threshold: 1024,
        skipIfLargerOrEqual: true,
        logLevel: "silent",
      }),
    ],
    build: {
      outDir: "dist",
      emptyOutDir: true,
      manifest: app.manifest === true,
      sourcemap: true,
      ...(app.initialChunk === true
        ? {
            rolldownOptions: {
              output: {
                codeSplitting: {
                  groups: [INITIAL_CHUNK],
                  experimentalInlineCommonChunks: INLINE_COMMON_CHUNKS,
                },
              },
            },
          }
        : {}),
    },
    server: {
      proxy: Object.fromEntries(app.proxied.map((path) => [path, api])),
    },
  })
}

import { existsSync, realpathSync } from "node:fs"
import { readFile } from "node:fs/promises"
import { join, resolve } from "node:path"
import { ts } from "ts-morph"
import { type Plugin, searchForWorkspaceRoot } from "vite"
import { contentHash, isJsxSource } from "./canvas-files.ts"
import { canvasPathOf } from "./codebase-id.ts"
import { buildFileModel, parseText } from "./jsx-tree.ts"

/**
 * The editor's Vite plugin, active only on the dev server (`apply: "serve"`); a production build
 * never sees it. It:
 *
 * - stamps every JSX element of the app's .tsx/.jsx files with its codebase id, computed by the
 *   same function as the rewriter's (codebase-id.ts) on the file's original text: the class
 *   `tempo-<uuid>` on host elements (added to a static className, wrapped around a dynamic one,
 *   or added), and the prop `data-codebase-id="tempo-<uuid>"` on components, which the frame reads
 *   from the component's props (and which reaches the DOM where a component spreads its props),
 *   with `data-codebase-source="src/App.tsx:42"`, where that instance is written;
 * - injects the frame script into index.html as the module `/@colorday/frame`;
 * - sends the HMR event `colorday:file-version` with `{ path, hash }` when a JSX file changes, the
 *   hash being the `fileHash` the rewriter answers with, so the frame can drop the instant previews
 *   that the new version of the file now carries for real.
 *
 * Stamping only inserts text inside a line, so line numbers (stack traces, the overlay) stay right;
 * no source map is returned.
 */

/** The attribute carrying a component element's codebase id. */
export const CODEBASE_ID_PROP = "data-codebase-id"
/**
 * The attribute carrying where a component element is written (`src/App.tsx:42`), so the editor
 * can say which instance an edit at the usage site goes to (issue 18 §3).
 */
export const CODEBASE_SOURCE_PROP = "data-codebase-source"
/** The module id the frame script is served under. */
export const FRAME_MODULE_ID = "/@colorday/frame"
/** The custom HMR event announcing a file's new content hash. */
export const FILE_VERSION_EVENT = "colorday:file-version"

export interface FileVersion {
  /** Relative to the canvas root, `/`-separated: the path codebase ids are made of. */
  readonly path: string
  /** Hex SHA-256 of the file's UTF-8 text: the rewriter's `fileHash`. */
  readonly hash: string
}

export interface ColordayEditorOptions {
  /** The canvas root codebase ids are relative to (default: Vite's root). */
  readonly root?: string | undefined
  /** The frame's entry module (default: frame/src/main.ts of this repository, when it exists). */
  readonly frameEntry?: string | undefined
}

const RESOLVED_FRAME_ID = "\0colorday-frame"
const DEFAULT_FRAME_ENTRY = join(import.meta.dirname, "../../frame/src/main.ts")
/** Tags that take no props but key and children. */
const PROPLESS = new Set(["Fragment", "React.Fragment"])

interface Insertion {
  readonly at: number
  readonly text: string
}

/** The end of an opening tag's name (and type arguments): where a new attribute goes. */
const afterTagName = (opening: ts.JsxOpeningElement | ts.JsxSelfClosingElement) =>
  opening.typeArguments ? opening.typeArguments.end + 1 : opening.tagName.end

const classNameAttribute = (opening: ts.JsxOpeningElement | ts.JsxSelfClosingElement) =>
  opening.attributes.properties.find(
    (property): property is ts.JsxAttribute =>
      ts.isJsxAttribute(property) &&
      ts.isIdentifier(property.name) &&
      property.name.text === "className",
  )

const stampHost = (
  source: ts.SourceFile,
  opening: ts.JsxOpeningElement | ts.JsxSelfClosingElement,
  id: string,
): ReadonlyArray<Insertion> => {
  const attribute = classNameAttribute(opening)
  if (!attribute) return [{ at: afterTagName(opening), text: ` className="${id}"` }]
  const value = attribute.initializer
  if (value === undefined) return [{ at: attribute.name.end, text: `="${id}"` }]
  // A literal: the id goes first inside its quotes, whatever the quote style.
  if (ts.isStringLiteral(value)) return [{ at: value.getStart(source) + 1, text: `${id} ` }]
  if (!ts.isJsxExpression(value) || value.expression === undefined) return []
  const expression = value.expression
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return [{ at: expression.getStart(source) + 1, text: `${id} ` }]
  }
  // Computed: kept as it is, the id joined in front at run time (false, null and "" dropped).
  return [
    { at: expression.getStart(source), text: `[${JSON.stringify(id)}, (` },
    { at: expression.end, text: `)].filter(Boolean).join(" ")` },
  ]
}

/**
 * The text of a JSX file with every element stamped with its codebase id, or null when it has no
 * JSX element. `path` is the file's path relative to the canvas root; ids are computed on `text`
 * as given, which must be the file's text on disk.
 */
export const stampCodebaseIds = (path: string, text: string): string | null => {
  const source = parseText(path, text)
  const model = buildFileModel(path, text, "", source)
  if (model.elements.length === 0) return null
  const insertions: Array<Insertion> = []
  for (const element of model.elements) {
    if (PROPLESS.has(element.tagName)) continue
    if (element.isComponent) {
      const line = source.getLineAndCharacterOfPosition(element.start).line + 1
      insertions.push({
        at: afterTagName(element.opening),
        text: ` ${CODEBASE_ID_PROP}="${element.id}" ${CODEBASE_SOURCE_PROP}="${path}:${line}"`,
      })
    } else {
      insertions.push(...stampHost(source, element.opening, element.id))
    }
  }
  // From the end backwards, so earlier positions stay valid; ties keep their order of insertion.
  const ordered = insertions
    .map((insertion, index) => ({ ...insertion, index }))
    .sort((a, b) => b.at - a.at || b.index - a.index)
  let result = text
  for (const { at, text: inserted } of ordered) {
    result = result.slice(0, at) + inserted + result.slice(at)
  }
  return result
}

/** The file a module id names, without its query. */
const fileOf = (id: string) => id.split("?", 1)[0] ?? id

export const colordayEditor = (options: ColordayEditorOptions = {}): Plugin => {
  let root = ""
  const frameEntry = options.frameEntry ?? DEFAULT_FRAME_ENTRY
  const frameExists = () => existsSync(frameEntry)

  const canvasPath = (file: string) => {
    if (!isJsxSource(file) || file.includes("/node_modules/")) return null
    return canvasPathOf(root, file)
  }

  return {
    name: "colorday-editor",
    apply: "serve",
    // Before the JSX transform: ids are positions in the file as written.
    enforce: "pre",

    config(config) {
      // The frame lives in this repository, which may be outside the app's workspace.
      const appRoot = resolve(config.root ?? process.cwd())
      const allow = config.server?.fs?.allow
        ? [join(frameEntry, "..")]
        : [searchForWorkspaceRoot(appRoot), join(frameEntry, "..")]
      // The dependency scan reads index.html as written, without the frame script we inject: the
      // frame's own packages (lz-string) would be found only when the page first loads it, and
      // Vite then optimises again and may reload the page mid-session (a click in the canvas
      // lost with the old document). Scanning the frame's entry too has them bundled up front.
      // Entries given here replace Vite's default (every HTML file), hence that default beside it.
      const entries = config.optimizeDeps?.entries === undefined ? ["**/*.html"] : []
      return {
        server: { fs: { allow } },
        ...(frameExists() ? { optimizeDeps: { entries: [...entries, frameEntry] } } : {}),
      }
    },

    configResolved(config) {
      const base = resolve(options.root ?? config.root)
      // Module ids are real paths; so must the root be for the relative paths to match.
      root = existsSync(base) ? realpathSync(base) : base
    },

    resolveId(source) {
      return source === FRAME_MODULE_ID ? RESOLVED_FRAME_ID : undefined
    },

    load(id) {
      if (id !== RESOLVED_FRAME_ID) return undefined
      // The frame bundle may not be built yet: an empty module keeps the page working.
      return frameExists()
        ? `import ${JSON.stringify(frameEntry)}\n`
        : "// The Colorday frame is not built yet.\nexport {}\n"
    },

    transform(code, id) {
      const path = canvasPath(fileOf(id))
      if (path === null) return undefined
      const stamped = stampCodebaseIds(path, code)
      return stamped === null ? undefined : { code: stamped, map: null }
    },

    transformIndexHtml() {
      return [
        {
          tag: "script",
          attrs: { type: "module", src: FRAME_MODULE_ID },
          injectTo: "body",
        },
      ]
    },

    async hotUpdate({ file, type }) {
      if (this.environment.name !== "client" || type === "delete") return
      const path = canvasPath(file)
      if (path === null) return
      const text = await readFile(file, "utf8").catch(() => null)
      if (text === null) return
      const data: FileVersion = { path, hash: contentHash(text) }
      this.environment.hot.send({ type: "custom", event: FILE_VERSION_EVENT, data })
    },
  }
}

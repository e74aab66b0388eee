import { readFile } from "node:fs/promises"
import { posix } from "node:path"
import { FileConflict, UnsupportedEdit } from "../../domain/editing/source-rewriter.port.ts"
import type { FileCreation } from "./canvas-models.ts"
import { insideCanvas } from "./canvas-files.ts"
import { canvasPathOf } from "./codebase-id.ts"
import {
  bindsName,
  exportOf,
  importedModuleOf,
  importSplice,
  relativeImportOf,
  relativeSpecifier,
  SOURCE_EXTENSIONS,
  specifierFor,
  stripExtension,
} from "./imports.ts"
import type { JsxFromFile } from "./jsx-from-file.ts"
import type { FileModel } from "./jsx-tree.ts"
import type { FileEdit } from "./splices.ts"

/**
 * What an added element brings with it besides its JSX: the imports of the names it uses (a
 * component from another file, the imports of JSX taken from a file) and the extra files it needs,
 * each refused rather than written over something else. CanvasEditor's add and move use these.
 */

/** The canvas an edit happens in: its root folder and its modelled JSX files by path. */
export interface Canvas {
  readonly root: string
  readonly files: ReadonlyMap<string, FileModel>
}

/** The file exporting a component, and how, when the destination file does not bind it yet. */
const componentSource = async (
  canvas: Canvas,
  name: string,
  componentFile: string | undefined,
  into: FileModel,
) => {
  if (bindsName(into.source, name.split(".")[0]!)) return null
  if (componentFile !== undefined) {
    await insideCanvas(canvas.root, componentFile)
    const file = canvas.files.get(componentFile)
    const kind = file ? exportOf(file.source, name) : null
    if (!file || !kind) {
      throw new UnsupportedEdit({
        reason: `${componentFile} does not export a component named ${name}`,
      })
    }
    return { file, kind }
  }
  for (const file of canvas.files.values()) {
    const kind = file.path === into.path ? null : exportOf(file.source, name)
    if (kind) return { file, kind }
  }
  throw new UnsupportedEdit({ reason: `No file of the canvas exports a component named ${name}` })
}

/** The import edits that bring the names a new element uses into `file`. */
export const importsFor = async (
  canvas: Canvas,
  file: FileModel,
  tag: string,
  componentFile: string | undefined,
): Promise<FileEdit[]> => {
  if (!/^[A-Z]/.test(tag) && !tag.includes(".")) return []
  const source = await componentSource(canvas, tag, componentFile, file)
  if (!source) return []
  const habit = [...canvas.files.values()].map(relativeImportOf).find((found) => found)
  const specifier = specifierFor(file, source.file.path, habit)
  return [
    {
      splices: [importSplice(file, tag.split(".")[0]!, specifier, source.kind)],
      carries: [],
      created: [],
    },
  ]
}

/** The canvas file a module path (`src/ui/Button`, no extension) names, if any. */
const canvasModule = (canvas: Canvas, module: string) => {
  const candidates = [module, ...SOURCE_EXTENSIONS.map((extension) => `${module}${extension}`)]
  candidates.push(...SOURCE_EXTENSIONS.map((extension) => `${module}/index${extension}`))
  return candidates.find((path) => canvas.files.has(path))
}

/** The imports the JSX taken from a file needs in `file`, refusing a clashing name. */
export const importsOfTaken = (canvas: Canvas, file: FileModel, taken: JsxFromFile): FileEdit[] => {
  const habit = [...canvas.files.values()].map(relativeImportOf).find((found) => found)
  const edits: FileEdit[] = []
  for (const used of taken.imports) {
    const module = used.relative ? (canvasModule(canvas, used.module) ?? used.module) : used.module
    const specifier = used.relative
      ? canvas.files.has(module)
        ? specifierFor(file, module, habit)
        : relativeSpecifier(file.path, module)
      : module
    const existing = importedModuleOf(file, used.name)
    if (existing !== undefined) {
      const same =
        existing === specifier ||
        stripExtension(posix.join(posix.dirname(file.path), existing)) === stripExtension(module)
      if (same) continue
      throw new UnsupportedEdit({
        reason: `${file.path} already imports ${used.name} from ${existing}; the added JSX uses the one from ${used.module}`,
      })
    }
    if (bindsName(file.source, used.name)) {
      throw new UnsupportedEdit({
        reason: `${file.path} declares its own ${used.name}; the added JSX uses the one from ${used.module}`,
      })
    }
    const binding =
      used.kind === "named" && used.imported !== used.name
        ? `${used.imported} as ${used.name}`
        : used.name
    edits.push({
      splices: [importSplice(file, binding, specifier, used.kind)],
      carries: [],
      created: [],
    })
  }
  return edits
}

/**
 * The files an added element needs (extraFiles): created with the edit and recorded with it, so
 * undo removes them; one already holding exactly those contents is left alone, one holding
 * others is refused rather than overwritten.
 */
export const extraFilesOf = async (
  canvas: Canvas,
  extraFiles: { readonly [path: string]: string } | undefined,
): Promise<FileCreation[]> => {
  const created: FileCreation[] = []
  for (const [path, contents] of Object.entries(extraFiles ?? {})) {
    const absolute = await insideCanvas(canvas.root, path)
    const relative = canvasPathOf(canvas.root, absolute)!
    const onDisk = await readFile(absolute, "utf8").catch(() => null)
    if (onDisk === contents) continue
    if (onDisk !== null) {
      throw new FileConflict({
        path: relative,
        reason: "extraFiles would overwrite it with other contents; it is left as it is",
      })
    }
    created.push({ path: relative, text: contents, expected: null })
  }
  return created
}

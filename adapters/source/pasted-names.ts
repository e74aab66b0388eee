import { posix } from "node:path"
import { ts } from "ts-morph"
import { UnsupportedEdit } from "../../domain/editing/source-rewriter.port.ts"
import type { Canvas } from "./added-imports.ts"
import { exportOf } from "./imports.ts"
import type { JsxFromFile, UsedImport } from "./jsx-from-file.ts"

/*
 * A copy pasted into another file (issue 21): the JSX may read names its own file declares (a
 * component or a value written next to it). The paste names that file (fileContentsSourceFilename);
 * each such name its file exports at the top level comes along as an import from that file, as
 * the copy's own imports do. A name the file declares without exporting it, or inside a component
 * (a prop, a local value), would be undefined where the JSX lands: the paste is refused, naming it
 * and saying what to do. We do not export it on the user's behalf: that would change a file they
 * did not touch, and a name kept private may be so on purpose. Pasted into its own file, the names
 * are already there and nothing is added.
 */

/** Whether `name` is declared at the file's top level (a function, class, variable or enum). */
const declaredAtTop = (source: ts.SourceFile, name: string): boolean =>
  source.statements.some(
    (statement) =>
      ((ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
        statement.name?.text === name) ||
      (ts.isVariableStatement(statement) &&
        statement.declarationList.declarations.some(
          (declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === name,
        )),
  )

/** Whether `name` is declared anywhere in the file (a parameter, a local, a destructured prop). */
const declaredAnywhere = (source: ts.SourceFile, name: string): boolean => {
  let found = false
  const visit = (node: ts.Node) => {
    if (found) return
    if (
      (ts.isVariableDeclaration(node) ||
        ts.isParameter(node) ||
        ts.isBindingElement(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node)) &&
      node.name !== undefined &&
      ts.isIdentifier(node.name) &&
      node.name.text === name
    ) {
      found = true
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/**
 * The imports from the copied file that the taken JSX's free names need in `into`, or a refusal
 * naming what cannot come along. Names the copied file does not declare are globals: left alone.
 */
export const importsFromCopiedFile = (
  canvas: Canvas,
  taken: JsxFromFile,
  copiedFrom: string | undefined,
  into: string,
): ReadonlyArray<UsedImport> => {
  const origin = copiedFrom === undefined ? undefined : canvas.files.get(copiedFrom)
  if (!origin || origin.path === into) return []
  const module = origin.path
  const imports: UsedImport[] = []
  const unexported: string[] = []
  const local: string[] = []
  for (const name of taken.free) {
    const kind = exportOf(origin.source, name)
    if (kind !== null) {
      imports.push({
        name,
        kind,
        imported: kind === "default" ? "default" : name,
        module,
        relative: true,
      })
    } else if (declaredAtTop(origin.source, name)) unexported.push(name)
    else if (declaredAnywhere(origin.source, name)) local.push(name)
  }
  const list = (names: ReadonlyArray<string>) => names.join(", ")
  if (unexported.length > 0) {
    throw new UnsupportedEdit({
      reason: `The pasted JSX uses ${list(unexported)}, which ${module} declares without exporting: export ${unexported.length === 1 ? "it" : "them"} there to paste it into ${posix.basename(into)}`,
    })
  }
  if (local.length > 0) {
    throw new UnsupportedEdit({
      reason: `The pasted JSX uses ${list(local)}, declared inside a component of ${module} (a prop or a local value): ${local.length === 1 ? "it" : "they"} would be undefined in ${posix.basename(into)}`,
    })
  }
  return imports
}

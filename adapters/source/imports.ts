import { posix } from "node:path"
import { ts } from "ts-morph"
import type { FileModel } from "./jsx-tree.ts"
import { stringLiteral } from "./source-style.ts"
import type { Splice } from "./splices.ts"

/** How a file exports a component: by name, as its default, or not at all. */
export const exportOf = (source: ts.SourceFile, name: string): "named" | "default" | null => {
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined
    const exported = modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false
    const isDefault = modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ?? false
    if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
      statement.name?.text === name &&
      exported
    ) {
      return isDefault ? "default" : "named"
    }
    if (ts.isVariableStatement(statement) && exported) {
      const declared = statement.declarationList.declarations.some(
        (declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === name,
      )
      if (declared) return "named"
    }
    if (ts.isExportDeclaration(statement) && statement.exportClause) {
      if (
        ts.isNamedExports(statement.exportClause) &&
        statement.exportClause.elements.some((element) => element.name.text === name)
      ) {
        return "named"
      }
    }
    if (
      ts.isExportAssignment(statement) &&
      ts.isIdentifier(statement.expression) &&
      statement.expression.text === name
    ) {
      return "default"
    }
  }
  return null
}

/** Whether the file already has a binding of that name (declared or imported). */
export const bindsName = (source: ts.SourceFile, name: string): boolean => {
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && statement.importClause) {
      const clause = statement.importClause
      if (clause.name?.text === name) return true
      const bindings = clause.namedBindings
      if (bindings && ts.isNamedImports(bindings)) {
        if (bindings.elements.some((element) => element.name.text === name)) return true
      }
      if (bindings && ts.isNamespaceImport(bindings) && bindings.name.text === name) return true
    }
  }
  return exportOf(source, name) !== null || declaresLocally(source, name)
}

const declaresLocally = (source: ts.SourceFile, name: string) =>
  source.statements.some(
    (statement) =>
      ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
        statement.name?.text === name) ||
      (ts.isVariableStatement(statement) &&
        statement.declarationList.declarations.some(
          (declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === name,
        )),
  )

export const relativeImportOf = (file: FileModel) =>
  file.source.statements
    .filter(ts.isImportDeclaration)
    .map((statement) => (statement.moduleSpecifier as ts.StringLiteral).text)
    .find((specifier) => specifier.startsWith("."))

/**
 * The specifier `file` imports `to` by, written like the file's relative imports (with `.tsx`,
 * `.js` or no extension), or like `habit` (another file's) when it has none.
 */
export const specifierFor = (file: FileModel, to: string, habit?: string) => {
  const relativeImport = relativeImportOf(file) ?? habit
  let path = posix.relative(posix.dirname(file.path), to)
  if (!path.startsWith(".")) path = `./${path}`
  const extension = posix.extname(path)
  const written = relativeImport ? posix.extname(relativeImport) : ""
  if (written === ".js" || written === ".jsx") {
    return path.slice(0, -extension.length) + (extension === ".tsx" ? ".js" : written)
  }
  if (written === ".ts" || written === ".tsx") return path
  return path.slice(0, -extension.length)
}

/** The splice that imports `name` from `specifier`, next to the file's other imports. */
export const importSplice = (
  file: FileModel,
  name: string,
  specifier: string,
  kind: "named" | "default",
): Splice => {
  const { source, style } = file
  const imports = source.statements.filter(ts.isImportDeclaration)
  const sameModule = imports.find(
    (statement) =>
      (statement.moduleSpecifier as ts.StringLiteral).text === specifier &&
      !statement.importClause?.isTypeOnly,
  )
  const bindings = sameModule?.importClause?.namedBindings
  if (kind === "named" && bindings && ts.isNamedImports(bindings) && bindings.elements.length) {
    const last = bindings.elements[bindings.elements.length - 1]!
    return { start: last.end, end: last.end, text: `, ${name}` }
  }
  const clause = kind === "named" ? `{ ${name} }` : name
  const statement = `import ${clause} from ${stringLiteral(specifier, style.codeQuote)}${
    style.semicolons ? ";" : ""
  }`
  const lastImport = imports[imports.length - 1]
  if (lastImport) {
    return { start: lastImport.end, end: lastImport.end, text: `${style.newline}${statement}` }
  }
  const first = source.statements[0]
  const at = first ? first.getStart(source) : 0
  return { start: at, end: at, text: `${statement}${style.newline}${first ? style.newline : ""}` }
}

/** The extensions a module's source file may have, in the order a bundler tries them. */
export const SOURCE_EXTENSIONS = [".tsx", ".ts", ".jsx", ".js"] as const

export const stripExtension = (path: string) => {
  const extension = posix.extname(path)
  return (SOURCE_EXTENSIONS as ReadonlyArray<string>).includes(extension)
    ? path.slice(0, -extension.length)
    : path
}

/** A `./`-relative specifier from the file at `from` to the canvas path `to`, as written. */
export const relativeSpecifier = (from: string, to: string) => {
  const path = posix.relative(posix.dirname(from), to)
  return path.startsWith(".") ? path : `./${path}`
}

/** The specifier of the (value) import that binds `name` in the file, if one does. */
export const importedModuleOf = (file: FileModel, name: string): string | undefined => {
  for (const statement of file.source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue
    const clause = statement.importClause
    const bindings = clause.namedBindings
    const binds =
      clause.name?.text === name ||
      (bindings !== undefined &&
        (ts.isNamedImports(bindings)
          ? bindings.elements.some((element) => element.name.text === name)
          : bindings.name.text === name))
    if (binds) return (statement.moduleSpecifier as ts.StringLiteral).text
  }
  return undefined
}

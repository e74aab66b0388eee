import { posix } from "node:path"
import { ts } from "ts-morph"
import { UnsupportedEdit } from "../../domain/editing/source-rewriter.port.ts"
import { parseErrorsOf, parseText } from "./jsx-tree.ts"
import { indentationAt } from "./source-style.ts"

/*
 * ADD_JSX from a file's contents (tempo-devtools' fileContentsToSourceFrom): the JSX a file renders,
 * taken out of it with the imports it uses, so that it can be added where the user dropped it.
 */

type JsxRoot = ts.JsxElement | ts.JsxSelfClosingElement | ts.JsxFragment

/** One binding the taken JSX uses from an import of its file. */
export interface UsedImport {
  readonly name: string
  readonly kind: "named" | "default"
  /** The name it is exported as (for `import { a as b }`, `a`); "default" for a default import. */
  readonly imported: string
  /** The module: a canvas path (`src/ui/Button.tsx` without extension) or a package name. */
  readonly module: string
  readonly relative: boolean
}

export interface JsxFromFile {
  /** The JSX's text as the file has it. */
  readonly text: string
  /** The indentation of the line it starts on, for re-indenting it at its new place. */
  readonly indent: string
  readonly imports: ReadonlyArray<UsedImport>
  /**
   * The names the JSX reads that the contents neither import nor declare (nor declare inside the
   * JSX itself): globals, or names of the file the JSX was copied from (pasted-names.ts).
   */
  readonly free: ReadonlyArray<string>
}

const isJsxRoot = (node: ts.Node): node is JsxRoot =>
  ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)

/** The outermost JSX nodes under `node`, in source order. */
const outermostJsx = (node: ts.Node): JsxRoot[] => {
  const found: JsxRoot[] = []
  const visit = (at: ts.Node) => {
    if (isJsxRoot(at)) {
      found.push(at)
      return
    }
    ts.forEachChild(at, visit)
  }
  visit(node)
  return found
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  (ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined)?.some((m) => m.kind === kind) ??
  false

/** The declaration the file's default export names, if it has one in this file. */
const defaultExportOf = (source: ts.SourceFile): ts.Node | undefined => {
  for (const statement of source.statements) {
    if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
      hasModifier(statement, ts.SyntaxKind.DefaultKeyword)
    ) {
      return statement
    }
    if (ts.isExportAssignment(statement)) {
      const expression = statement.expression
      if (!ts.isIdentifier(expression)) return expression
      return source.statements.find(
        (other) =>
          ((ts.isFunctionDeclaration(other) || ts.isClassDeclaration(other)) &&
            other.name?.text === expression.text) ||
          (ts.isVariableStatement(other) &&
            other.declarationList.declarations.some(
              (declaration) =>
                ts.isIdentifier(declaration.name) && declaration.name.text === expression.text,
            )),
      )
    }
  }
  return undefined
}

/** Every identifier the JSX reads: tag names' first part and names in its expressions. */
const namesUsed = (root: JsxRoot): ReadonlySet<string> => {
  const names = new Set<string>()
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText()
      if (/^[A-Z]/.test(tag) || tag.includes(".")) names.add(tag.split(".")[0]!)
    }
    if (ts.isIdentifier(node) && !ts.isJsxAttribute(node.parent)) {
      const parent = node.parent
      const isPropertyName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node)
      if (!isPropertyName) names.add(node.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(root)
  return names
}

/** The imports of the file, by the local name each binds. */
const importsOf = (source: ts.SourceFile, filename: string) => {
  const byName = new Map<string, UsedImport>()
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue
    if (statement.importClause.isTypeOnly) continue
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text
    const relative = specifier.startsWith(".")
    const module = relative
      ? posix.normalize(posix.join(posix.dirname(filename), specifier))
      : specifier
    const clause = statement.importClause
    if (clause.name) {
      const name = clause.name.text
      byName.set(name, { name, kind: "default", imported: "default", module, relative })
    }
    const bindings = clause.namedBindings
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if (element.isTypeOnly) continue
        const name = element.name.text
        const imported = element.propertyName?.text ?? name
        byName.set(name, { name, kind: "named", imported, module, relative })
      }
    }
  }
  return byName
}

/**
 * The JSX a file renders: the first JSX of its default export, else its first JSX anywhere; with
 * the imports of the file that the JSX uses. Refused when the contents do not parse, render no
 * JSX, or the JSX uses a name the file declares itself (a prop, a local value, a component of the
 * file), which would be unresolved where it is added.
 */
export const jsxFromFile = (contents: string, filename: string | undefined): JsxFromFile => {
  const path = filename ?? "source.tsx"
  const source = parseText(path.endsWith(".jsx") ? path : `${path}.tsx`, contents)
  const errors = parseErrorsOf(source)
  if (errors.length > 0) {
    throw new UnsupportedEdit({
      reason: `fileContentsToSourceFrom does not parse: ${errors.slice(0, 3).join("; ")}`,
    })
  }
  const fromDefault = defaultExportOf(source)
  const root = (fromDefault ? outermostJsx(fromDefault) : [])[0] ?? outermostJsx(source)[0]
  if (!root) throw new UnsupportedEdit({ reason: "fileContentsToSourceFrom renders no JSX" })
  const imports = importsOf(source, path)
  const used: UsedImport[] = []
  const unresolved: string[] = []
  const free: string[] = []
  const inside = declaredInside(root)
  for (const name of namesUsed(root)) {
    const imported = imports.get(name)
    if (imported) used.push(imported)
    else if (declaredIn(source, name, root)) unresolved.push(name)
    else if (!inside.has(name)) free.push(name)
  }
  if (unresolved.length > 0) {
    throw new UnsupportedEdit({
      reason: `The JSX of fileContentsToSourceFrom uses ${unresolved.join(", ")}, declared in its own file; it would be undefined where it is added`,
    })
  }
  const start = root.getStart(source)
  return {
    text: contents.slice(start, root.end),
    indent: indentationAt(contents, start),
    imports: used,
    free,
  }
}

/** The names the JSX declares itself (an arrow's parameters, a destructuring in it). */
const declaredInside = (root: JsxRoot): ReadonlySet<string> => {
  const names = new Set<string>()
  const visit = (node: ts.Node) => {
    if (
      (ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) &&
      ts.isIdentifier(node.name)
    ) {
      names.add(node.name.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(root)
  return names
}

/** Whether `name` is declared in the file outside the JSX (a parameter, variable, function…). */
const declaredIn = (source: ts.SourceFile, name: string, root: JsxRoot): boolean => {
  let found = false
  const visit = (node: ts.Node) => {
    if (found || (node.pos >= root.pos && node.end <= root.end)) return
    if (
      (ts.isVariableDeclaration(node) ||
        ts.isParameter(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isBindingElement(node)) &&
      node.name &&
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

import { ts } from "ts-morph"
import { scriptKindOf } from "./jsx-tree.ts"

/*
 * Whether moved code still finds its names: the TypeScript binder's scopes over one file alone
 * (no other files, no lib, no type check), asked through the checker's symbol lookup.
 */

const DECLARATION_NAMES = [
  ts.isVariableDeclaration,
  ts.isParameter,
  ts.isFunctionDeclaration,
  ts.isFunctionExpression,
  ts.isClassDeclaration,
  ts.isBindingElement,
  ts.isImportSpecifier,
  ts.isImportClause,
  ts.isNamespaceImport,
  ts.isPropertySignature,
  ts.isMethodDeclaration,
  ts.isPropertyDeclaration,
  ts.isInterfaceDeclaration,
  ts.isTypeAliasDeclaration,
  ts.isTypeParameterDeclaration,
  ts.isEnumDeclaration,
  ts.isEnumMember,
] as ReadonlyArray<(node: ts.Node) => boolean>

/**
 * The names read inside the JSX element that starts at `elementStart` of a file's text that no
 * declaration in scope binds, with how often each is read.
 */
export const unresolvedNames = (
  path: string,
  text: string,
  elementStart: number,
): ReadonlyMap<string, number> => unresolvedNamesIn(path, text, { elementStart })

/** The names read anywhere in a file that no declaration in scope binds, with how often each is read. */
export const unresolvedNamesInFile = (path: string, text: string): ReadonlyMap<string, number> =>
  unresolvedNamesIn(path, text, { elementStart: null })

const unresolvedNamesIn = (
  path: string,
  text: string,
  { elementStart }: { readonly elementStart: number | null },
): ReadonlyMap<string, number> => {
  const fileName = `/${path}`
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    scriptKindOf(path),
  )
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === fileName ? source : undefined),
    getDefaultLibFileName: () => "lib.d.ts",
    writeFile: () => undefined,
    getCurrentDirectory: () => "/",
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
    fileExists: (name) => name === fileName,
    readFile: (name) => (name === fileName ? text : undefined),
  }
  const program = ts.createProgram({
    rootNames: [fileName],
    options: { noLib: true, noResolve: true, types: [], allowJs: true, jsx: ts.JsxEmit.Preserve },
    host,
  })
  const checker = program.getTypeChecker()
  const start = elementStart ?? 0
  let end = elementStart ?? text.length
  const locate = (node: ts.Node): void => {
    if (end > start) return
    if (
      (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) &&
      node.getStart(source) === start
    ) {
      end = node.end
      return
    }
    if (node.pos <= start && start < node.end) ts.forEachChild(node, locate)
  }
  if (elementStart !== null) locate(source)
  const found = new Map<string, number>()
  const isReference = (node: ts.Identifier) => {
    const parent = node.parent
    if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false
    if (ts.isQualifiedName(parent) && parent.right === node) return false
    if (ts.isJsxAttribute(parent) || ts.isPropertyAssignment(parent))
      return parent.initializer === node
    if (
      (ts.isJsxOpeningElement(parent) ||
        ts.isJsxSelfClosingElement(parent) ||
        ts.isJsxClosingElement(parent)) &&
      /^[a-z]/.test(node.text)
    ) {
      return false
    }
    if (
      DECLARATION_NAMES.some((is) => is(parent)) &&
      (parent as ts.NamedDeclaration).name === node
    ) {
      return false
    }
    return true
  }
  const visit = (node: ts.Node) => {
    if (node.end <= start || node.pos >= end) return
    if (
      ts.isIdentifier(node) &&
      node.getStart(source) >= start &&
      node.end <= end &&
      isReference(node)
    ) {
      const symbol = ts.isShorthandPropertyAssignment(node.parent)
        ? checker.getShorthandAssignmentValueSymbol(node.parent)
        : checker.getSymbolAtLocation(node)
      if (!symbol) found.set(node.text, (found.get(node.text) ?? 0) + 1)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The names that resolved in the old range and do not in the new one (more unresolved reads). */
export const newlyUnresolved = (
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
): ReadonlyArray<string> =>
  [...after].filter(([name, count]) => count > (before.get(name) ?? 0)).map(([name]) => name)

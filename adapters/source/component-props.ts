import { ts } from "ts-morph"
import type {
  ComponentInfo,
  ComponentProp,
  ComponentPropKind,
} from "../../domain/editing/source-rewriter.port.ts"
import { exportOf } from "./imports.ts"

/**
 * The components a file exports and the props an element of each must be given (issue 21: a
 * component inserted without them crashes the page). Read from the syntax alone, as the rest of
 * the rewriter: the props parameter's type (a type literal, or an interface or type alias of the
 * same file, intersections of those; `FC<Props>` and `forwardRef<El, Props>` too), required when
 * declared without `?` and not given a default where the parameter is taken apart.
 */

const isComponentName = (name: string) => /^[A-Z][A-Za-z0-9_]*$/.test(name)

interface Candidate {
  readonly name: string
  readonly parameter: ts.ParameterDeclaration | undefined
  /** A props type written outside the parameter (`FC<Props>`, `forwardRef<El, Props>`). */
  readonly propsType: ts.TypeNode | undefined
}

type FunctionNode = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression

const isFunctionNode = (node: ts.Node): node is ts.ArrowFunction | ts.FunctionExpression =>
  ts.isArrowFunction(node) || ts.isFunctionExpression(node)

const calleeName = (call: ts.CallExpression) => {
  const callee = call.expression
  if (ts.isIdentifier(callee)) return callee.text
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text
  return ""
}

/** The function a variable's initializer makes, through memo() and forwardRef(). */
const functionOf = (
  expression: ts.Expression,
): { readonly fn: FunctionNode; readonly propsType: ts.TypeNode | undefined } | undefined => {
  if (isFunctionNode(expression)) return { fn: expression, propsType: undefined }
  if (ts.isParenthesizedExpression(expression)) return functionOf(expression.expression)
  if (ts.isCallExpression(expression)) {
    const name = calleeName(expression)
    const first = expression.arguments[0]
    if (first === undefined) return undefined
    const inner = functionOf(first)
    if (!inner) return undefined
    if (name === "forwardRef") return { fn: inner.fn, propsType: expression.typeArguments?.[1] }
    if (name === "memo") return { fn: inner.fn, propsType: expression.typeArguments?.[0] }
  }
  return undefined
}

/** `FC<Props>`, `React.FC<Props>`, `FunctionComponent<Props>`: the Props. */
const propsOfComponentType = (type: ts.TypeNode | undefined): ts.TypeNode | undefined => {
  if (!type || !ts.isTypeReferenceNode(type)) return undefined
  const name = ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text
  return ["FC", "FunctionComponent", "VFC"].includes(name) ? type.typeArguments?.[0] : undefined
}

const candidatesOf = (source: ts.SourceFile): ReadonlyArray<Candidate> =>
  source.statements.flatMap((statement): ReadonlyArray<Candidate> => {
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      return [
        { name: statement.name.text, parameter: statement.parameters[0], propsType: undefined },
      ]
    }
    if (!ts.isVariableStatement(statement)) return []
    return statement.declarationList.declarations.flatMap((declaration) => {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) return []
      const found = functionOf(declaration.initializer)
      if (!found) return []
      return [
        {
          name: declaration.name.text,
          parameter: found.fn.parameters[0],
          propsType: found.propsType ?? propsOfComponentType(declaration.type),
        },
      ]
    })
  })

/** The interface or type alias of this file a type name refers to. */
const localType = (source: ts.SourceFile, name: string) =>
  source.statements.find(
    (statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
      statement.name.text === name,
  )

const referencedName = (type: ts.TypeReferenceNode) =>
  ts.isIdentifier(type.typeName) ? type.typeName.text : undefined

/** The members a props type declares (a type it cannot see into adds none). */
const membersOf = (
  source: ts.SourceFile,
  type: ts.TypeNode | undefined,
  seen: ReadonlySet<string> = new Set(),
): ReadonlyArray<ts.TypeElement> => {
  if (!type) return []
  if (ts.isParenthesizedTypeNode(type)) return membersOf(source, type.type, seen)
  if (ts.isTypeLiteralNode(type)) return type.members
  if (ts.isIntersectionTypeNode(type)) {
    return type.types.flatMap((part) => membersOf(source, part, seen))
  }
  if (ts.isTypeReferenceNode(type)) {
    const name = referencedName(type)
    const declared = name === undefined || seen.has(name) ? undefined : localType(source, name)
    if (!declared || name === undefined) return []
    const next = new Set([...seen, name])
    if (ts.isTypeAliasDeclaration(declared)) return membersOf(source, declared.type, next)
    const inherited = (declared.heritageClauses ?? []).flatMap((clause) =>
      clause.types.flatMap((base) =>
        ts.isIdentifier(base.expression)
          ? membersOf(source, ts.factory.createTypeReferenceNode(base.expression.text), next)
          : [],
      ),
    )
    return [...inherited, ...declared.members]
  }
  return []
}

const isNullish = (type: ts.TypeNode) =>
  type.kind === ts.SyntaxKind.UndefinedKeyword ||
  (ts.isLiteralTypeNode(type) && type.literal.kind === ts.SyntaxKind.NullKeyword)

const isBooleanLiteral = (type: ts.TypeNode) =>
  ts.isLiteralTypeNode(type) &&
  (type.literal.kind === ts.SyntaxKind.TrueKeyword ||
    type.literal.kind === ts.SyntaxKind.FalseKeyword)

/** What a prop's type lets the editor ask for. */
const kindOf = (
  source: ts.SourceFile,
  type: ts.TypeNode | undefined,
  seen: ReadonlySet<string> = new Set(),
): { readonly kind: ComponentPropKind; readonly options: ReadonlyArray<string> } => {
  const other = { kind: "other", options: [] } as const
  if (!type) return other
  switch (type.kind) {
    case ts.SyntaxKind.StringKeyword:
      return { kind: "string", options: [] }
    case ts.SyntaxKind.NumberKeyword:
      return { kind: "number", options: [] }
    case ts.SyntaxKind.BooleanKeyword:
      return { kind: "boolean", options: [] }
    default:
      break
  }
  if (ts.isParenthesizedTypeNode(type)) return kindOf(source, type.type, seen)
  if (ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) {
    return { kind: "choice", options: [type.literal.text] }
  }
  if (ts.isUnionTypeNode(type)) {
    const parts = type.types.filter((part) => !isNullish(part))
    if (parts.length === 1 && parts[0]) return kindOf(source, parts[0], seen)
    if (
      parts.every((part) => isBooleanLiteral(part) || part.kind === ts.SyntaxKind.BooleanKeyword)
    ) {
      return { kind: "boolean", options: [] }
    }
    const kinds = parts.map((part) => kindOf(source, part, seen))
    if (kinds.every((kind) => kind.kind === "choice")) {
      return { kind: "choice", options: [...new Set(kinds.flatMap((kind) => kind.options))] }
    }
    return other
  }
  if (ts.isTypeReferenceNode(type) && type.typeArguments === undefined) {
    const name = referencedName(type)
    const declared = name === undefined || seen.has(name) ? undefined : localType(source, name)
    if (declared && name !== undefined && ts.isTypeAliasDeclaration(declared)) {
      return kindOf(source, declared.type, new Set([...seen, name]))
    }
  }
  return other
}

const memberName = (member: ts.TypeElement) => {
  const name = member.name
  if (!name) return undefined
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text
  return undefined
}

/** The props the component's parameter gives a default to (`{ done = false }`). */
const defaulted = (parameter: ts.ParameterDeclaration | undefined): ReadonlySet<string> => {
  if (!parameter || !ts.isObjectBindingPattern(parameter.name)) return new Set()
  return new Set(
    parameter.name.elements.flatMap((element) => {
      if (!element.initializer) return []
      const key = element.propertyName ?? element.name
      return ts.isIdentifier(key) || ts.isStringLiteral(key) ? [key.text] : []
    }),
  )
}

const requiredPropsOf = (
  source: ts.SourceFile,
  candidate: Candidate,
): ReadonlyArray<ComponentProp> => {
  const { parameter } = candidate
  // `(props = {})`: nothing has to be given.
  if (parameter?.initializer) return []
  const members = membersOf(source, candidate.propsType ?? parameter?.type)
  const withDefaults = defaulted(parameter)
  const props = new Map<string, ComponentProp>()
  for (const member of members) {
    const name = memberName(member)
    if (name === undefined || member.questionToken !== undefined || withDefaults.has(name)) {
      if (name !== undefined) props.delete(name)
      continue
    }
    if (ts.isPropertySignature(member)) {
      const { kind, options } = kindOf(source, member.type)
      props.set(name, { name, kind, options, typeText: member.type?.getText(source) ?? "any" })
    } else if (ts.isMethodSignature(member)) {
      props.set(name, { name, kind: "other", options: [], typeText: member.getText(source) })
    }
  }
  return [...props.values()]
}

/** The components `source` (the canvas file at `path`) exports, each with its required props. */
export const componentsOf = (path: string, source: ts.SourceFile): ReadonlyArray<ComponentInfo> =>
  candidatesOf(source)
    .filter((candidate) => isComponentName(candidate.name) && exportOf(source, candidate.name))
    .map((candidate) => ({
      name: candidate.name,
      file: path,
      requiredProps: requiredPropsOf(source, candidate),
    }))

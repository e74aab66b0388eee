/**
 * What a Tailwind class does, as CSS declarations the frame can show before the source has it.
 *
 * A class added in the inspector is usually one the edited page has no rule for yet: Tailwind
 * only emits the classes it finds in the source, so the page learns `tracking-widest` from the
 * hot reload that follows the write. For the instant preview (the frame's
 * applyChangeItemToDocument, second argument) the editor asks Tailwind's own compiler — the
 * `tailwindcss` package, the engine @tailwindcss/vite runs, which works in a browser — for the
 * class's rule, rather than keeping a table of utilities by hand that would drift from Tailwind.
 *
 * The declarations carry what the rule needs to stand alone on the element: the theme variables it
 * reads (`--tracking-widest: 0.1em`) and the initial values of the `@property` variables it
 * composes with (`--tw-inset-shadow: 0 0 #0000`), since the page may define neither.
 * Variants (hover:, md:) are not compiled here: the frame wraps the declarations for the
 * modifiers itself.
 */

/** The slice of Tailwind's compiled AST this reads (tailwindcss's AstNode). */
type Node =
  | { readonly kind: "rule"; readonly selector: string; readonly nodes: ReadonlyArray<Node> }
  | {
      readonly kind: "at-rule"
      readonly name: string
      readonly params: string
      readonly nodes: ReadonlyArray<Node>
    }
  | { readonly kind: "declaration"; readonly property: string; readonly value?: string }
  | { readonly kind: "comment" | "context" | "at-root"; readonly nodes?: ReadonlyArray<Node> }

export type ClassDeclarations = Readonly<Record<string, string>>

/** Builds the rules of the given classes, as Tailwind's compiler does (compileAst's build). */
export type BuildClasses = (classNames: ReadonlyArray<string>) => ReadonlyArray<Node>

/** `.name` as Tailwind writes the selector of a class: every other character escaped. */
export const classSelector = (className: string): string =>
  `.${className.replace(/[^A-Za-z0-9_-]/g, (character) => `\\${character}`)}`

const declarationsOf = (nodes: ReadonlyArray<Node>): Map<string, string> => {
  const found = new Map<string, string>()
  for (const node of nodes) {
    // Direct declarations only: a nested @supports holds a progressive enhancement of a
    // declaration the rule already has in a form every browser reads.
    if (node.kind === "declaration" && node.value !== undefined && !found.has(node.property)) {
      found.set(node.property, node.value)
    }
  }
  return found
}

const VARIABLE = /var\(\s*(--[A-Za-z0-9_-]+)/g

/**
 * The declarations of `className` in Tailwind's output `nodes`, with the variables they read;
 * undefined when Tailwind does not know the class (a typo, or a class of the app's own CSS).
 */
export const declarationsForClass = (
  nodes: ReadonlyArray<Node>,
  className: string,
): ClassDeclarations | undefined => {
  const selector = classSelector(className)
  const theme = new Map<string, string>()
  const initial = new Map<string, string>()
  let own: Map<string, string> | undefined
  const visit = (list: ReadonlyArray<Node>) => {
    for (const node of list) {
      if (node.kind === "rule") {
        if (node.selector === selector) own = declarationsOf(node.nodes)
        else if (node.selector.includes(":root")) {
          for (const [property, value] of declarationsOf(node.nodes)) theme.set(property, value)
        }
      } else if (node.kind === "at-rule") {
        if (node.name === "@property") {
          const value = declarationsOf(node.nodes).get("initial-value")
          if (value !== undefined) initial.set(node.params.trim(), value)
        } else if (node.name === "@layer" || node.name === "@media" || node.name === "@supports") {
          // Theme variables sit in @layer theme; a class's rule is never behind a query here.
          visit(node.nodes)
        }
      } else if (node.kind !== "declaration" && node.nodes) {
        visit(node.nodes)
      }
    }
  }
  visit(nodes)
  if (own === undefined || own.size === 0) return undefined
  const result = new Map(own)
  // The variables the values read, and the ones those read in turn.
  const pending = [...own.values()]
  while (pending.length > 0) {
    const value = pending.pop() ?? ""
    for (const match of value.matchAll(VARIABLE)) {
      const name = match[1] ?? ""
      if (result.has(name)) continue
      const defined = theme.get(name) ?? initial.get(name)
      if (defined === undefined) continue
      result.set(name, defined)
      pending.push(defined)
    }
  }
  return Object.fromEntries(result)
}

/** Tailwind's compiler with its default theme, loaded once, on the first class asked for. */
const loadTailwind = async (): Promise<BuildClasses> => {
  const [{ compileAst }, theme] = await Promise.all([
    import("tailwindcss"),
    import("tailwindcss/theme.css?raw").then((module: { default: string }) => module.default),
  ])
  const atRule = (name: string, params: string) => ({
    kind: "at-rule" as const,
    name,
    params,
    nodes: [],
  })
  const compiler = await compileAst(
    [atRule("@import", '"tailwindcss/theme.css"'), atRule("@tailwind", "utilities")],
    { loadStylesheet: (id, base) => Promise.resolve({ content: theme, base, path: id }) },
  )
  return (classNames) => compiler.build([...classNames])
}

/**
 * The class's declarations through Tailwind's compiler, or undefined (unknown class, or the
 * compiler could not be loaded: the preview then shows the class name only, and the hot reload
 * brings its style).
 */
export const tailwindClassCss = (
  load: () => Promise<BuildClasses> = loadTailwind,
): ((className: string) => Promise<ClassDeclarations | undefined>) => {
  let build: Promise<BuildClasses> | undefined
  return async (className) => {
    try {
      build ??= load()
      return declarationsForClass((await build)([className]), className)
    } catch (error) {
      console.warn("[colorday editor] Tailwind could not compile", className, error)
      return undefined
    }
  }
}

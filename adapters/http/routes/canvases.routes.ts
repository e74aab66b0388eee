import { Effect, Schema } from "effect"
import { CodebaseIdSchema } from "../../../domain/editing/change-fields.schema.ts"
import { listCanvasComponents } from "../../../domain/editing/list-components.use-case.ts"
import { type MutationCall, mutateCanvas } from "../../../domain/editing/mutate-canvas.use-case.ts"
import { MUTATION_BODY_SCHEMAS } from "../../../domain/editing/mutation-request.schema.ts"
import type { ComponentInfo, MutationResult } from "../../../domain/editing/source-rewriter.port.ts"
import {
  MUTATION_ENDPOINTS,
  MUTATION_PATHS,
  type MutationEndpoint,
} from "../../../domain/editing/mutation-request.ts"
import { readElementSource } from "../element-source.ts"
import type { DocumentedRoute } from "../openapi.ts"
import { ok, route } from "../route.ts"

/**
 * The visual editor's mutation API (the frame spec's §7): POST
 * /canvases/:canvasId/parseAndMutate/{mutate|activities}/{endpoint}, one route per call, bodies
 * decoded by the domain's schemas. Each answers the rewriter's result: the files written with
 * their new content hashes, the map from old codebase ids to new ones, and the elements created.
 *
 * Access ("editor"): an admin session, or the server's editor token (X-Colorday-Editor-Token),
 * which `colorday editor` sets and hands to its own frame. The canvas id names a registered root
 * (COLORDAY_CANVASES or `colorday editor --root`); nothing else is ever written.
 */

const CanvasParams = Schema.Struct({
  canvasId: Schema.String.check(
    Schema.isPattern(/^[A-Za-z0-9_-]+$/, { expected: "a canvas id (letters, digits, - and _)" }),
  ),
})

const WHAT: Readonly<Record<MutationEndpoint, string>> = {
  styling: "Styles an element: inline style, or Tailwind classes under modifiers",
  addJsxElement:
    "Adds an element (a tag or a component, imported) into a container or by a sibling",
  moveJsxElement: "Moves an element to another parent or next to a sibling",
  removeJsxElement: "Removes elements",
  changePropValue: "Sets, changes or removes a prop",
  wrapInDiv: "Wraps sibling elements in a div",
  duplicate: "Duplicates elements after themselves",
  changeElementTag: "Changes an element's tag, opening and closing",
  addClass: "Adds a class (a Tailwind class under modifiers)",
  removeClass: "Removes a class",
  editText: "Replaces an element's static text, if it still is the old text",
  updateClasses: "Replaces an element's classes, if they still are the old classes",
  undoChangeToFiles: "Undoes the latest change to the canvas's files",
  redoChangeToFiles: "Redoes the latest undone change",
}

const ACCESS_NOTE = "(admin session or editor token)"

/** What every call answers (the rewriter's MutationResult, which the type keeps it to). */
const MutationResultBody: Schema.Codec<MutationResult> = Schema.Struct({
  changedFiles: Schema.Array(
    Schema.Struct({
      path: Schema.String.annotate({ description: "Relative to the canvas root, / separated" }),
      fileHash: Schema.String.annotate({
        description: "The file's content hash as written; send it back in seenFileHashes",
      }),
    }),
  ).annotate({ description: "The files written" }),
  codebaseIds: Schema.Record(Schema.String, Schema.String).annotate({
    description: "Old codebase id to new, for the elements of the changed files whose id changed",
  }),
  newCodebaseId: Schema.NullOr(Schema.String).annotate({
    description: "The element the edit created (the first copy for duplicate), or null",
  }),
  addedCodebaseIds: Schema.Array(Schema.String).annotate({
    description: "Every element the edit created, in source order",
  }),
})

const RESPONSES: Readonly<Record<number, string>> = {
  403: "Neither an admin nor the editor token; or a path outside the canvas (PATH_OUTSIDE_CANVAS)",
  404: "No such canvas (CANVAS_NOT_FOUND) or element (ELEMENT_NOT_FOUND)",
  409: "A file changed since it was seen (FILE_CONFLICT), old text or classes or parent not what the source holds, or nothing to undo/redo",
  422: "The edit cannot be made: dynamic content, an unsupported edit, or a result that would not parse",
}

const canvasRoute = (endpoint: MutationEndpoint): DocumentedRoute => ({
  ...route({
    method: "POST",
    path: `/canvases/:canvasId/parseAndMutate/${MUTATION_PATHS[endpoint]}`,
    summary: `${WHAT[endpoint]} ${ACCESS_NOTE}`,
    tag: "editor",
    access: "editor",
    params: CanvasParams,
    body: MUTATION_BODY_SCHEMAS[endpoint],
    responses: RESPONSES,
    handler: ({ params, body }) =>
      // The body was decoded by this endpoint's own schema.
      mutateCanvas(params.canvasId, { endpoint, body } as MutationCall).pipe(Effect.map(ok)),
  }),
  okBody: MutationResultBody,
})

const ComponentInfoBody: Schema.Codec<ComponentInfo> = Schema.Struct({
  name: Schema.String,
  file: Schema.String.annotate({ description: "Relative to the canvas root, / separated" }),
  requiredProps: Schema.Array(
    Schema.Struct({
      name: Schema.String,
      kind: Schema.Literals(["string", "number", "boolean", "choice", "other"]).annotate({
        description:
          "What the prop's declared type takes: choice is one of options; other is anything a form cannot ask for (typeText says what)",
      }),
      options: Schema.Array(Schema.String),
      typeText: Schema.String.annotate({ description: "The prop's type as the source writes it" }),
    }),
  ).annotate({
    description:
      "Declared without ? and given no default; a props type imported from another file is not read",
  }),
}).annotate({ identifier: "CanvasComponent" })

/** The components the canvas's files export, for Add element. */
const componentsRoute: DocumentedRoute = {
  ...route({
    method: "GET",
    path: "/canvases/:canvasId/components",
    summary: `Lists the components the canvas's files export, with their required props ${ACCESS_NOTE}`,
    tag: "editor",
    access: "editor",
    params: CanvasParams,
    responses: { 404: "No such canvas (CANVAS_NOT_FOUND)" },
    handler: ({ params }) =>
      listCanvasComponents(params.canvasId).pipe(Effect.map((components) => ok({ components }))),
  }),
  okBody: Schema.Struct({ components: Schema.Array(ComponentInfoBody) }),
}

const ElementParams = Schema.Struct({
  canvasId: CanvasParams.fields.canvasId,
  codebaseId: CodebaseIdSchema,
})

/** One element's JSX as its file has it: the editor's code panel, and what Copy takes. */
const elementSourceRoute: DocumentedRoute = {
  ...route({
    method: "GET",
    path: "/canvases/:canvasId/elements/:codebaseId/source",
    summary: `Reads an element's source: its JSX, the lines it spans and its file's imports ${ACCESS_NOTE}`,
    tag: "editor",
    access: "editor",
    params: ElementParams,
    responses: { 404: "No such canvas (CANVAS_NOT_FOUND) or element (ELEMENT_NOT_FOUND)" },
    handler: ({ params }) =>
      readElementSource(params.canvasId, params.codebaseId).pipe(Effect.map(ok)),
  }),
  okBody: Schema.Struct({
    path: Schema.String.annotate({ description: "Relative to the canvas root, / separated" }),
    startLine: Schema.Number.annotate({ description: "1-based" }),
    endLine: Schema.Number.annotate({ description: "1-based, inclusive" }),
    text: Schema.String.annotate({ description: "The element's JSX as its file has it" }),
    imports: Schema.String.annotate({ description: "The import declarations of its file" }),
  }).annotate({ identifier: "ElementSource" }),
}

export const canvasRoutes: ReadonlyArray<DocumentedRoute> = [
  ...MUTATION_ENDPOINTS.map(canvasRoute),
  componentsRoute,
  elementSourceRoute,
]

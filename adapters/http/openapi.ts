import { Schema } from "effect"
import type { AnyRoute } from "./route.ts"

/**
 * The OpenAPI 3.1 document, generated from the same route declarations and Schemas that decode
 * the requests and type the answers (okBody), so it cannot drift from what the server accepts or
 * says. Served at GET /api/openapi.json; npm run api-types writes it, and the apps' client types
 * generated from it, to apps/api-client/.
 *
 * A Schema with an identifier annotation (Entry, Contest, ...) becomes a named component under
 * components.schemas, referenced by $ref, so generated client types have readable names.
 */

/** Named schemas, by identifier, gathered while the document is written. */
type Components = Map<string, unknown>

const DEFS = "#/$defs/"
const COMPONENTS = "#/components/schemas/"

/** The JSON Schema's references to $defs, pointed at components.schemas instead. */
const toComponentRefs = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(toComponentRefs)
  if (typeof value !== "object" || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "$ref" && typeof inner === "string" && inner.startsWith(DEFS)
        ? COMPONENTS + inner.slice(DEFS.length)
        : toComponentRefs(inner),
    ]),
  )
}

/**
 * The JSON Schema of `schema`, its named parts moved into `components`. Answers are closed
 * (additionalProperties: false): a generated client type then has no index signature, so reading
 * a field the server does not send fails the app's typecheck. Two different Schemas under one
 * identifier are a mistake the document refuses.
 */
const jsonSchema = (
  schema: Schema.Top,
  components: Components,
  onExcessProperty: "ignore" | "error" = "ignore",
) => {
  const document = Schema.toJsonSchemaDocument(schema, { onExcessProperty })
  for (const [name, definition] of Object.entries(document.definitions)) {
    const named = toComponentRefs(definition)
    const known = components.get(name)
    if (known !== undefined && JSON.stringify(known) !== JSON.stringify(named)) {
      throw new Error(
        `Two different Schemas are both named "${name}" (identifier annotation): rename one`,
      )
    }
    components.set(name, named)
  }
  return toComponentRefs(document.schema)
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}")

const parameters = (
  schema: Schema.Top | undefined,
  where: "path" | "query",
  components: Components,
) => {
  if (!schema) return []
  const document = jsonSchema(schema, components) as {
    properties?: Record<string, unknown>
    required?: ReadonlyArray<string>
  }
  return Object.entries(document.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (document.required ?? []).includes(name),
    schema: property,
  }))
}

/** A route as documented: any route, with the Schema of its success answer where it has one. */
export type DocumentedRoute = AnyRoute

export const openApiDocument = (routes: ReadonlyArray<DocumentedRoute>) => {
  const paths: Record<string, Record<string, unknown>> = {}
  const components: Components = new Map()
  for (const route of routes) {
    const path = toOpenApiPath(route.path)
    const okStatus = route.okStatus ?? 200
    const responses: Record<string, { description: string; content?: unknown }> = {
      [okStatus]: {
        description: okStatus === 201 ? "Created" : "OK",
        ...(route.okBody
          ? {
              content: {
                [route.okMediaType ?? "application/json"]: {
                  schema: jsonSchema(route.okBody, components, "error"),
                },
              },
            }
          : {}),
      },
      400: {
        description: 'Bad input: `{code: "BAD_REQUEST", message: "<field>: <what is wrong>"}`',
      },
      500: { description: "A defect, carrying a request id" },
    }
    if (route.access !== "public") responses[401] = { description: "Not signed in" }
    if (route.access === "admin") responses[403] = { description: "Not an admin" }
    if (route.access === "editor") {
      responses[403] = { description: "Neither an admin nor the editor token" }
    }
    if (route.rateLimit) responses[429] = { description: "Rate limited; see Retry-After" }
    for (const [status, description] of Object.entries(route.responses ?? {})) {
      // A declared description of the success status keeps its body.
      responses[status] = { ...responses[status], description }
    }
    paths[path] = {
      ...paths[path],
      [route.method.toLowerCase()]: {
        summary: route.summary,
        tags: [route.tag],
        ...(route.access === "public"
          ? {}
          : route.access === "editor"
            ? { security: [{ session: [] }, { editorToken: [] }] }
            : { security: [{ session: [] }] }),
        "x-access": route.access,
        parameters: [
          ...parameters(route.params, "path", components),
          ...parameters(route.query, "query", components),
        ],
        ...(route.body
          ? {
              requestBody: {
                required: true,
                content: { "application/json": { schema: jsonSchema(route.body, components) } },
              },
            }
          : {}),
        responses,
      },
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Colorday API",
      version: "1.0.0",
      description:
        "The contest site's API. Identity comes from the session cookie; a user_id in a request that is not the signed-in member's is refused with 403.",
    },
    components: {
      // Sorted, so the document (and the client types generated from it) reads the same each time.
      schemas: Object.fromEntries([...components].sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "colorday_session" },
        editorToken: { type: "apiKey", in: "header", name: "X-Colorday-Editor-Token" },
      },
    },
    paths,
  }
}

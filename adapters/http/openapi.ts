import { Schema } from "effect"
import type { AnyRoute } from "./route.ts"

/**
 * The OpenAPI 3.1 document, generated from the same route declarations and Schemas that decode
 * the requests, so it cannot drift from what the server accepts. Served at GET /api/openapi.json.
 */
const jsonSchema = (schema: Schema.Top) => Schema.toJsonSchemaDocument(schema).schema

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}")

const parameters = (schema: Schema.Top | undefined, where: "path" | "query") => {
  if (!schema) return []
  const document = jsonSchema(schema) as {
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

/** A route as documented: any route, and the Schema of its 200 answer's body where it has one. */
export interface DocumentedRoute extends AnyRoute {
  readonly okBody?: Schema.Top | undefined
}

export const openApiDocument = (routes: ReadonlyArray<DocumentedRoute>) => {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const path = toOpenApiPath(route.path)
    const responses: Record<string, { description: string; content?: unknown }> = {
      200: {
        description: "OK",
        ...(route.okBody
          ? { content: { "application/json": { schema: jsonSchema(route.okBody) } } }
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
      responses[status] = { description }
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
        parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")],
        ...(route.body
          ? {
              requestBody: {
                required: true,
                content: { "application/json": { schema: jsonSchema(route.body) } },
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
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "colorday_session" },
        editorToken: { type: "apiKey", in: "header", name: "X-Colorday-Editor-Token" },
      },
    },
    paths,
  }
}

/**
 * An element's source from the server (GET /canvases/:canvasId/elements/:codebaseId/source): its
 * JSX as its file has it, the lines it spans and its file's imports. What the code panel shows and
 * Copy takes; sent with the same credentials as the mutations.
 */
import type { paths } from "../../../api-client/schema.ts"
import { CanvasRefusal, type CanvasApiOptions, EDITOR_TOKEN_HEADER } from "./canvas-api.ts"

type ElementSourceBody =
  paths["/canvases/{canvasId}/elements/{codebaseId}/source"]["get"]["responses"][200]["content"]["application/json"]

/** The answer, its line numbers checked to be numbers (the generated type also allows strings). */
export type ElementSource = Omit<ElementSourceBody, "startLine" | "endLine"> & {
  readonly startLine: number
  readonly endLine: number
}

export type ReadElementSource = (codebaseId: string) => Promise<ElementSource>

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

export const elementSourceApi = (
  options: CanvasApiOptions & { readonly canvasId: string },
): ReadElementSource => {
  const send = options.fetch ?? ((input, init) => fetch(input, init))
  return async (codebaseId) => {
    const headers: Record<string, string> = { Accept: "application/json" }
    if (options.token) headers[EDITOR_TOKEN_HEADER] = options.token
    let response: Response
    try {
      response = await send(
        `${options.baseUrl ?? ""}/canvases/${encodeURIComponent(options.canvasId)}/elements/${encodeURIComponent(codebaseId)}/source`,
        { method: "GET", headers, credentials: "same-origin" },
      )
    } catch {
      throw new CanvasRefusal(0, "NETWORK", "The Colorday server cannot be reached")
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (
      !response.ok ||
      !isRecord(body) ||
      typeof body.path !== "string" ||
      typeof body.text !== "string" ||
      typeof body.imports !== "string" ||
      typeof body.startLine !== "number" ||
      typeof body.endLine !== "number"
    ) {
      const code = isRecord(body) && typeof body.code === "string" ? body.code : "HTTP_ERROR"
      const message =
        isRecord(body) && typeof body.message === "string"
          ? body.message
          : `The element's source could not be read (the server answered ${response.status})`
      throw new CanvasRefusal(response.status, code, message)
    }
    return {
      path: body.path,
      text: body.text,
      imports: body.imports,
      startLine: body.startLine,
      endLine: body.endLine,
    }
  }
}

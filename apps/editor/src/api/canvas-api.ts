/**
 * The editor's client of the mutation API (`POST /canvases/:canvasId/parseAndMutate/…`). A change
 * ledger item becomes its request through the domain's toMutationRequest; this sends it with the
 * editor token (X-Colorday-Editor-Token) when the editor was opened with one, else with the admin
 * session's cookie, and turns every refusal into a CanvasRefusal the screen can show as it is.
 */
import type { MutationRequest } from "../../../../domain/editing/mutation-request.ts"
import type { paths } from "../../../api-client/schema.ts"

export const EDITOR_TOKEN_HEADER = "X-Colorday-Editor-Token"

/**
 * What the server answers a mutation, an undo or a redo with (the rewriter's MutationResult): the
 * type generated from the canvases routes' response Schema (apps/api-client, npm run api-types).
 * codebaseIds maps an old codebase id to its new one, for the frame's keys (updateCodebaseIds).
 */
export type MutationResult =
  paths["/canvases/{canvasId}/parseAndMutate/mutate/styling"]["post"]["responses"][200]["content"]["application/json"]

/** The server (or the network) said no: the status, the stable code and the server's words. */
export class CanvasRefusal extends Error {
  override readonly name = "CanvasRefusal"
  readonly status: number
  readonly code: string
  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const strings = (value: unknown): ReadonlyArray<string> =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []

/** The result, read defensively: a field the server left out is empty, not a crash. */
export const asMutationResult = (body: unknown): MutationResult => {
  const record = isRecord(body) ? body : {}
  const ids: Record<string, string> = {}
  if (isRecord(record.codebaseIds)) {
    for (const [from, to] of Object.entries(record.codebaseIds)) {
      if (typeof to === "string") ids[from] = to
    }
  }
  const files = Array.isArray(record.changedFiles) ? record.changedFiles : []
  return {
    changedFiles: files.flatMap((file) =>
      isRecord(file) && typeof file.path === "string" && typeof file.fileHash === "string"
        ? [{ path: file.path, fileHash: file.fileHash }]
        : [],
    ),
    codebaseIds: ids,
    newCodebaseId: typeof record.newCodebaseId === "string" ? record.newCodebaseId : null,
    addedCodebaseIds: strings(record.addedCodebaseIds),
  }
}

/** Words for the statuses whose body says nothing we can show. */
const STATUS_WORDS: Readonly<Record<number, string>> = {
  401: "Sign in as an admin, or open the editor from the link `colorday editor` printed",
  403: "This editor may not change this canvas",
  404: "The canvas or the element was not found",
  409: "The source changed since the canvas showed it",
  413: "The change is too large",
  422: "This edit cannot be made in the source",
}

export interface CanvasApiOptions {
  /** The editor token, when the editor was opened with one. */
  readonly token: string | null
  /** Where the server is (default: this page's origin). */
  readonly baseUrl?: string
  readonly fetch?: typeof fetch
}

export type SendMutation = (request: MutationRequest) => Promise<MutationResult>

export const canvasApi = (options: CanvasApiOptions): SendMutation => {
  const send = options.fetch ?? ((input, init) => fetch(input, init))
  return async (request) => {
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      Accept: "application/json",
    }
    if (options.token) headers[EDITOR_TOKEN_HEADER] = options.token
    let response: Response
    try {
      response = await send(`${options.baseUrl ?? ""}/${request.path}`, {
        method: "POST",
        headers,
        credentials: "same-origin",
        body: JSON.stringify(request.body),
      })
    } catch {
      throw new CanvasRefusal(0, "NETWORK", "The Colorday server cannot be reached")
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) throw refusalOf(response.status, body)
    return asMutationResult(body)
  }
}

const refusalOf = (status: number, body: unknown) => {
  const code = isRecord(body) && typeof body.code === "string" ? body.code : "HTTP_ERROR"
  const message =
    isRecord(body) && typeof body.message === "string" && body.message !== ""
      ? body.message
      : (STATUS_WORDS[status] ?? `The server answered ${status}`)
  return new CanvasRefusal(status, code, message)
}

/**
 * A component the canvas's files export and the props an element of it must be given (GET
 * /canvases/:canvasId/components): what Add element offers, and asks for before inserting.
 */
export type CanvasComponent =
  paths["/canvases/{canvasId}/components"]["get"]["responses"][200]["content"]["application/json"]["components"][number]
export type RequiredProp = CanvasComponent["requiredProps"][number]

export type ListComponents = () => Promise<ReadonlyArray<CanvasComponent>>

const PROP_KINDS: ReadonlyArray<string> = ["string", "number", "boolean", "choice", "other"]

/** One listed component, read defensively; a malformed one is left out. */
const asComponent = (value: unknown): ReadonlyArray<CanvasComponent> => {
  if (!isRecord(value) || typeof value.name !== "string" || typeof value.file !== "string")
    return []
  const props = Array.isArray(value.requiredProps) ? value.requiredProps : []
  const requiredProps = props.flatMap((prop): ReadonlyArray<RequiredProp> =>
    isRecord(prop) &&
    typeof prop.name === "string" &&
    typeof prop.kind === "string" &&
    PROP_KINDS.includes(prop.kind)
      ? [
          {
            name: prop.name,
            kind: prop.kind as RequiredProp["kind"],
            options: strings(prop.options),
            typeText: typeof prop.typeText === "string" ? prop.typeText : "",
          },
        ]
      : [],
  )
  // A prop it could not read is one the form would not ask for: such a component is left out.
  if (requiredProps.length !== props.length) return []
  return [{ name: value.name, file: value.file, requiredProps }]
}

/** The canvas's components, from the server, with the same credentials as the mutations. */
export const componentsApi = (
  options: CanvasApiOptions & { readonly canvasId: string },
): ListComponents => {
  const send = options.fetch ?? ((input, init) => fetch(input, init))
  return async () => {
    const headers: Record<string, string> = { Accept: "application/json" }
    if (options.token) headers[EDITOR_TOKEN_HEADER] = options.token
    let response: Response
    try {
      response = await send(
        `${options.baseUrl ?? ""}/canvases/${encodeURIComponent(options.canvasId)}/components`,
        { method: "GET", headers, credentials: "same-origin" },
      )
    } catch {
      throw new CanvasRefusal(0, "NETWORK", "The Colorday server cannot be reached")
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) throw refusalOf(response.status, body)
    const list = isRecord(body) && Array.isArray(body.components) ? body.components : []
    return list.flatMap(asComponent)
  }
}

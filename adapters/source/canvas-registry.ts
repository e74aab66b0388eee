import { resolve } from "node:path"
import { Effect, Layer } from "effect"
import { type Canvas, CanvasNotFound, Canvases } from "../../domain/editing/canvases.port.ts"

/** Canvas ids follow the editor's id rule: letters, digits, hyphens and underscores. */
const CANVAS_ID = /^[A-Za-z0-9_-]+$/

/**
 * The canvases of COLORDAY_CANVASES: comma-separated `id=dir` pairs (`sample=./my-app`), each
 * dir resolved against the working directory. Unset or empty: no canvas, so nothing is writable.
 * A malformed entry or a repeated id throws, naming it: the server must not start half-configured.
 */
export const canvasesFromEnv = (
  env: Readonly<Record<string, string | undefined>>,
): ReadonlyArray<Canvas> => {
  const text = env.COLORDAY_CANVASES?.trim() ?? ""
  if (text === "") return []
  const canvases = text.split(",").map((entry) => {
    const at = entry.indexOf("=")
    const id = entry.slice(0, at).trim()
    const dir = entry.slice(at + 1).trim()
    if (at === -1 || !CANVAS_ID.test(id) || dir === "") {
      throw new Error(
        `COLORDAY_CANVASES: "${entry.trim()}" is not id=dir (an id of letters, digits, - and _)`,
      )
    }
    return { id, root: resolve(dir) }
  })
  const ids = canvases.map((canvas) => canvas.id)
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index)
  if (repeated !== undefined) throw new Error(`COLORDAY_CANVASES: the id ${repeated} is repeated`)
  return canvases
}

/** The Canvases port over a fixed list, given at start-up. */
export const layerCanvases = (canvases: ReadonlyArray<Canvas>) => {
  for (const canvas of canvases) {
    if (!CANVAS_ID.test(canvas.id)) throw new Error(`Not a canvas id: ${canvas.id}`)
  }
  const byId = new Map(
    canvases.map((canvas) => [canvas.id, { ...canvas, root: resolve(canvas.root) }]),
  )
  return Layer.succeed(
    Canvases,
    Canvases.of({
      find: (canvasId) => {
        const canvas = byId.get(canvasId)
        return canvas ? Effect.succeed(canvas) : Effect.fail(new CanvasNotFound({ canvasId }))
      },
      list: Effect.sync(() => [...byId.values()]),
    }),
  )
}

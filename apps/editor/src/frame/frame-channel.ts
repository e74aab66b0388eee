/**
 * The parent's side of the messages between the editor and the frame (the frame spec's §7), in
 * the envelope frame/src/protocol.ts defines:
 *
 * - to the frame: `{ id, type: "executeFunction", payload: { functionName, args | compressedArgs } }`
 *   and `{ id, type: "inspectElement", payload }`, posted to the iframe's window at the app's
 *   origin only (never "*");
 * - from the frame: `{ source: "colorday-frame", id, type, payload, replyTo? }`, accepted only from
 *   the iframe's own window at the app's origin (isFrameMessage); anything else is dropped. A reply
 *   (EXECUTE_FUNCTION_RESULT, INSPECT_ELEMENT_RESULT) settles the call whose id it names.
 *
 * Large argument lists travel compressed (lz-string, base64), as the spec allows.
 */
import LZString from "lz-string"
import {
  type CallableFunction,
  type FrameMessage,
  type FrameMessageType,
  isFrameMessage,
} from "../../../../frame/src/protocol.ts"

export type { CallableFunction, FrameMessage, FrameMessageType }

/** Arguments longer than this (as JSON) are sent compressed. */
export const COMPRESS_OVER_CHARS = 4096
/** A call the frame never answers (it reloaded, or is not ours) fails after this long. */
export const CALL_TIMEOUT_MS = 10_000

export class FrameCallError extends Error {
  override readonly name = "FrameCallError"
}

export interface FrameChannel {
  /** Runs one of the frame's callable functions and resolves with what it returned. */
  execute(functionName: CallableFunction, args?: ReadonlyArray<unknown>): Promise<unknown>
  /** inspectElement: the element's id, props and state, or the frame's error text. */
  inspect(payload: Readonly<Record<string, unknown>>): Promise<unknown>
  /** Every message of the frame that is not a reply. */
  subscribe(listener: (message: FrameMessage) => void): () => void
  dispose(): void
}

export interface FrameChannelOptions {
  /** The editor's window, where the frame's messages arrive. */
  readonly win: Window
  /** The iframe's window now (null before it exists). */
  readonly frameWindow: () => Window | null
  /** The edited app's origin: the only one messages go to and come from. */
  readonly frameOrigin: string
  readonly timeoutMs?: number
}

interface Pending {
  readonly resolve: (value: unknown) => void
  readonly reject: (error: Error) => void
  readonly timer: ReturnType<typeof setTimeout>
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** A reply's payload: `{ result }`, or `{ error }` for a call the frame refused or that threw. */
const settle = (pending: Pending, payload: unknown) => {
  if (isRecord(payload) && typeof payload.error === "string") {
    pending.reject(new FrameCallError(payload.error))
    return
  }
  pending.resolve(isRecord(payload) && "result" in payload ? payload.result : payload)
}

export const createFrameChannel = (options: FrameChannelOptions): FrameChannel => {
  const { win, frameOrigin } = options
  const timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS
  const pending = new Map<string, Pending>()
  const listeners = new Set<(message: FrameMessage) => void>()
  let counter = 0

  const onMessage = (event: MessageEvent) => {
    if (!isFrameMessage(event, options.frameWindow(), frameOrigin)) return
    const message = event.data
    const waiting = message.replyTo === undefined ? undefined : pending.get(message.replyTo)
    if (waiting && message.replyTo !== undefined) {
      pending.delete(message.replyTo)
      clearTimeout(waiting.timer)
      settle(waiting, message.payload)
      return
    }
    for (const listener of listeners) listener(message)
  }
  win.addEventListener("message", onMessage)

  const post = (type: string, payload: Record<string, unknown>): Promise<unknown> => {
    const target = options.frameWindow()
    if (!target) return Promise.reject(new FrameCallError("The canvas is not loaded"))
    counter += 1
    const id = `editor-${counter}`
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new FrameCallError(`The canvas did not answer ${type} in time`))
      }, timeoutMs)
      pending.set(id, { resolve, reject, timer })
      target.postMessage({ id, type, payload }, frameOrigin)
    })
  }

  return {
    execute: (functionName, args = []) => {
      const json = JSON.stringify(args)
      const payload =
        json.length > COMPRESS_OVER_CHARS
          ? { functionName, compressedArgs: LZString.compressToBase64(json) }
          : { functionName, args: JSON.parse(json) as unknown }
      return post("executeFunction", payload)
    },
    inspect: (payload) => post("inspectElement", { ...payload }),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose: () => {
      win.removeEventListener("message", onMessage)
      for (const [id, waiting] of pending) {
        clearTimeout(waiting.timer)
        waiting.reject(new FrameCallError("The editor closed the canvas"))
        pending.delete(id)
      }
      listeners.clear()
    },
  }
}

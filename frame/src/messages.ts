/**
 * The frame's side of the message channel (§7): origin-checked in both directions, and
 * executeFunction limited to the callable functions; nothing is ever looked up on `window`.
 */
import LZString from "lz-string"
import {
  CALLABLE_FUNCTIONS,
  type CallableFunction,
  FRAME_MESSAGE_SOURCE,
  FUNCTION_NOT_FOUND,
  type FrameMessage,
  type FrameMessageType,
  type ParentMessage,
  asParentMessage,
} from "./protocol.ts"
import { toPlainValue } from "./values.ts"

export type FunctionTable = Readonly<
  Record<CallableFunction, (...args: ReadonlyArray<unknown>) => unknown>
>

export const isCallableFunction = (name: unknown): name is CallableFunction =>
  typeof name === "string" && (CALLABLE_FUNCTIONS as ReadonlyArray<string>).includes(name)

/** The arguments of an executeFunction: `args`, or lz-string base64 of their JSON. */
export const decodeArgs = (payload: Readonly<Record<string, unknown>>): Array<unknown> => {
  if (typeof payload.compressedArgs === "string") {
    const json = LZString.decompressFromBase64(payload.compressedArgs)
    if (!json) throw new Error("compressedArgs could not be decompressed")
    const parsed: unknown = JSON.parse(json)
    return Array.isArray(parsed) ? parsed : [parsed]
  }
  if (Array.isArray(payload.args)) return payload.args as Array<unknown>
  return payload.args === undefined ? [] : [payload.args]
}

export const compressArgs = (args: ReadonlyArray<unknown>): string =>
  LZString.compressToBase64(JSON.stringify(args))

/** How much of a function's result is copied into the reply; beyond it parts become markers. */
export const RESULT_LIMITS = { maxDepth: 32, maxKeys: Number.POSITIVE_INFINITY }

export type FunctionOutcome = { readonly result: unknown } | { readonly error: string }

export const executeFunction = async (
  functions: FunctionTable,
  payload: Readonly<Record<string, unknown>>,
): Promise<FunctionOutcome> => {
  const name = payload.functionName
  if (!isCallableFunction(name) || !Object.hasOwn(functions, name)) {
    console.error(FUNCTION_NOT_FOUND, name)
    return { error: FUNCTION_NOT_FOUND }
  }
  try {
    const result: unknown = await functions[name](...decodeArgs(payload))
    // Our own plain data, whole: not cut as props are for display (a removal's
    // instantUpdateData is five levels deep, and the editor hands it back to undo the preview).
    return { result: toPlainValue(result, 0, new Set(), RESULT_LIMITS) }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

export interface Messenger {
  send(type: FrameMessageType, payload: unknown, replyTo?: string): void
  dispose(): void
}

export interface MessengerOptions {
  readonly win: Window
  /** The window the frame answers to: the iframe's parent. */
  readonly parent: Window
  readonly parentOrigin: string
  readonly onMessage: (message: ParentMessage, messenger: Messenger) => void
}

export const createMessenger = (options: MessengerOptions): Messenger => {
  const { win, parent, parentOrigin } = options
  let counter = 0
  const messenger: Messenger = {
    send: (type, payload, replyTo) => {
      counter += 1
      const message: FrameMessage = {
        source: FRAME_MESSAGE_SOURCE,
        id: `frame-${counter}`,
        type,
        payload,
        ...(replyTo === undefined ? {} : { replyTo }),
      }
      parent.postMessage(message, parentOrigin)
    },
    dispose: () => win.removeEventListener("message", listener),
  }
  const listener = (event: MessageEvent) => {
    // Only the parent window, and only at the allowed origin; anything else is not for us.
    if (event.origin !== parentOrigin || event.source !== parent) return
    const message = asParentMessage(event.data)
    if (message) options.onMessage(message, messenger)
  }
  win.addEventListener("message", listener)
  return messenger
}

import { act, render, type RenderResult } from "@testing-library/react"
import { createRef } from "react"
import { canvasApi, componentsApi } from "../api/canvas-api.ts"
import { elementSourceApi } from "../api/element-source-api.ts"
import { EditorLayout } from "../EditorApp.tsx"
import { EditorSession } from "../editing/editor-session.ts"
import type {
  CallableFunction,
  FrameChannel,
  FrameMessage,
  FrameMessageType,
} from "../frame/frame-channel.ts"

export { server } from "../../../web/src/test/server.ts"

/** The ids the sample tree uses: codebase ids as our Vite plugin stamps them. */
export const SECTION_ID = "tempo-11111111-1111-5111-8111-111111111111"
export const BUTTON_ID = "tempo-22222222-2222-5222-8222-222222222222"
export const TITLE_ID = "tempo-33333333-3333-5333-8333-333333333333"
export const CARD_ID = "tempo-44444444-4444-5444-8444-444444444444"
export const STORYBOARD_KEY = "TE_STORYBOARD-TOP-CONSTANT_app_0"
export const SECTION_KEY = `TE_${SECTION_ID}_app_0-0`
export const TITLE_KEY = `TE_${TITLE_ID}_app_0-0-0`
export const BUTTON_KEY = `TE_${BUTTON_ID}_app_0-0-1`
export const CARD_KEY = `TE_${CARD_ID}_app_0-0-2`
export const TOKEN = "editor-token-for-tests"

const node = (
  key: string,
  parent: string | null,
  fields: {
    name: string
    tag: string
    classes?: string[]
    text?: string[]
    isComponent?: boolean
    props?: Record<string, unknown>
  },
  children: ReadonlyArray<object> = [],
) => ({
  tempoElementKey: key,
  parent,
  children,
  classList: fields.classes ?? [],
  directlySetClassList: fields.classes ?? [],
  name: fields.name,
  elementTagName: fields.tag,
  isComponent: fields.isComponent ?? false,
  props: fields.props ?? {},
  literalChildren: fields.text ?? [],
  pageBoundingBox: { pageX: 0, pageY: 0, width: 100, height: 20 },
  scope: null,
  level: 1,
})

/** A page as the frame posts it: a section holding a title, a button and a Card component. */
export const SAMPLE_TREE = node(STORYBOARD_KEY, null, { name: "Storyboard", tag: "body" }, [
  node(SECTION_KEY, STORYBOARD_KEY, { name: "section", tag: "section", classes: ["mt-8", "p-4"] }, [
    node(TITLE_KEY, SECTION_KEY, { name: "h2", tag: "h2", classes: ["text-lg"], text: ["About"] }),
    node(BUTTON_KEY, SECTION_KEY, {
      name: "button",
      tag: "button",
      classes: ["rounded", "bg-indigo-600", "px-3"],
      text: ["Get started"],
      props: {
        type: { value: "button", type: "LITERAL" },
        onClick: { value: "onClick", type: "FUNCTION" },
      },
    }),
    node(CARD_KEY, SECTION_KEY, { name: "Card", tag: "Card", isComponent: true }),
  ]),
])

export interface FrameCall {
  readonly name: CallableFunction
  readonly args: ReadonlyArray<unknown>
}

/**
 * A frame that answers as the real one does (frame/src/frame.ts): applyChangeItemToDocument
 * reports a successful preview; every call is recorded for the test to look at.
 */
export const fakeFrame = () => {
  const calls: Array<FrameCall> = []
  const listeners = new Set<(message: FrameMessage) => void>()
  /** What a test makes the frame answer to a function (answer()), else undefined. */
  const answers = new Map<CallableFunction, unknown>()
  let counter = 0
  const channel: FrameChannel = {
    execute: (name, args = []) => {
      calls.push({ name, args })
      if (answers.has(name)) return Promise.resolve(answers.get(name))
      if (name === "applyChangeItemToDocument") {
        const item = args[0] as { id: string; type: string }
        return Promise.resolve({
          changeId: item.id,
          successful: true,
          instantUpdateData: { addedClass: "x", codebaseAddedClass: BUTTON_ID },
        })
      }
      return Promise.resolve(undefined)
    },
    inspect: () => Promise.resolve({}),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose: () => listeners.clear(),
  }
  const emit = (type: FrameMessageType, payload: unknown) => {
    counter += 1
    const message: FrameMessage = {
      source: "colorday-frame",
      id: `frame-${counter}`,
      type,
      payload,
    }
    // The screens re-render from the session's store: inside act, as React's tests want.
    act(() => {
      for (const listener of listeners) listener(message)
    })
  }
  /** The change items the frame was asked to preview, in order. */
  const previews = () =>
    calls
      .filter((call) => call.name === "applyChangeItemToDocument")
      .map((call) => call.args[0] as { type: string; changeFields: Record<string, unknown> })
  const answer = (name: CallableFunction, value: unknown) => answers.set(name, value)
  return { channel, calls, emit, previews, answer }
}

export type FakeFrame = ReturnType<typeof fakeFrame>

let ids = 0
const nextId = () => {
  ids += 1
  return `00000000-0000-4000-8000-${String(ids).padStart(12, "0")}`
}

/** The editor's screen on a fake frame and the real API client (answered by msw). */
export const renderEditor = (
  options: {
    readonly select?: string
    readonly classCss?: ConstructorParameters<typeof EditorSession>[0]["classCss"]
  } = {},
): RenderResult & { readonly frame: FakeFrame; readonly session: EditorSession } => {
  const frame = fakeFrame()
  const session = new EditorSession({
    canvasId: "sample",
    channel: frame.channel,
    send: canvasApi({ token: TOKEN }),
    listComponents: componentsApi({ token: TOKEN, canvasId: "sample" }),
    readElementSource: elementSourceApi({ token: TOKEN, canvasId: "sample" }),
    newId: nextId,
    classCss: options.classCss,
  })
  const result = render(
    <EditorLayout
      session={session}
      canvasId="sample"
      frameSrc="about:blank"
      frameRef={createRef<HTMLIFrameElement>()}
      secondFrameRef={createRef<HTMLIFrameElement>()}
    />,
  )
  frame.emit("FRAME_READY", { href: "http://127.0.0.1:5173/", driveMode: false })
  frame.emit("NAV_TREE", { navTree: SAMPLE_TREE, outerHTML: "<body></body>" })
  if (options.select) frame.emit("SELECTED_ELEMENT_KEY", { elementKey: options.select })
  return { ...result, frame, session }
}

/** A mutation result as the server answers it. */
export const mutationResult = (codebaseIds: Record<string, string> = {}) => ({
  changedFiles: [{ path: "src/App.tsx", fileHash: "abc" }],
  codebaseIds,
  newCodebaseId: null,
  addedCodebaseIds: [],
})

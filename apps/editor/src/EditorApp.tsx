import { createRef, type RefObject, useEffect } from "react"
import { ToastProvider, useToast } from "../../ui/src/toast.tsx"
import { canvasApi, componentsApi } from "./api/canvas-api.ts"
import { elementSourceApi } from "./api/element-source-api.ts"
import { Canvas } from "./canvas/Canvas.tsx"
import { ChangeList, RefusalMessage } from "./changes/ChangeList.tsx"
import { CodePanel } from "./code-panel/CodePanel.tsx"
import { ElementMenu } from "./context-menu/ElementMenu.tsx"
import { EditorSessionProvider, useEditor, useSession } from "./editing/editor-context.tsx"
import { EditorSession } from "./editing/editor-session.ts"
import { useEditorShortcuts } from "./editing/editor-shortcuts.ts"
import type { EditorConfig } from "./editor-config.ts"
import { createFrameChannel } from "./frame/frame-channel.ts"
import { createFramePair } from "./frame/frame-pair.ts"
import { tailwindClassCss } from "./inspector/class-css.ts"
import { Inspector } from "./inspector/Inspector.tsx"
import { LayersPanel } from "./layers/LayersPanel.tsx"
import { ShortcutSheet } from "./onboarding/ShortcutSheet.tsx"
import { EditorPanels } from "./panels/EditorPanels.tsx"
import { Toolbar } from "./toolbar/Toolbar.tsx"

/** The session's toasts ("Successfully added", "Prop changed") through the site's toaster. */
const ToastBridge = () => {
  const { toast } = useEditor()
  const session = useSession()
  const show = useToast()
  useEffect(() => {
    if (!toast) return
    show({ title: toast.title })
    session.dismissToast()
  }, [toast, show, session])
  return null
}

/** The editor's screen, on a session made elsewhere (the tests give their own). */
export const EditorLayout = ({
  session,
  canvasId,
  frameSrc,
  frameRef,
  secondFrameRef,
}: {
  readonly session: EditorSession
  readonly canvasId: string
  readonly frameSrc: string
  readonly frameRef: RefObject<HTMLIFrameElement | null>
  /** Side by side's second frame (createEditor makes one; tests may leave it out). */
  readonly secondFrameRef?: RefObject<HTMLIFrameElement | null>
}) => {
  useEditorShortcuts(session)
  return (
    <EditorSessionProvider session={session}>
      <ToastProvider>
        <ToastBridge />
        <ElementMenu />
        <ShortcutSheet />
        <div className="grid h-full grid-rows-[auto_auto_minmax(0,1fr)] overflow-hidden">
          <Toolbar canvasId={canvasId} />
          <RefusalMessage />
          <EditorPanels
            layers={<LayersPanel />}
            canvas={
              <div className="grid h-full grid-rows-[minmax(0,1fr)_auto]">
                <Canvas src={frameSrc} frameRef={frameRef} secondFrameRef={secondFrameRef} />
                <CodePanel />
              </div>
            }
            inspector={
              <div className="grid h-full min-h-0 grid-rows-[1fr_12rem]">
                <div className="min-h-0">
                  <Inspector />
                </div>
                <div className="min-h-0 border-t border-slate-200 bg-white">
                  <ChangeList />
                </div>
              </div>
            }
          />
        </div>
      </ToastProvider>
    </EditorSessionProvider>
  )
}

/**
 * The editor on the canvas its URL names: the frame channel, the API client and the session, made
 * once per page load, outside React. They listen on the window, so they must not be made in a
 * render: React runs a useState initializer twice under StrictMode, and the copy it throws away
 * would go on answering the frame (every drag and text edit sent to the server twice).
 */
export const createEditor = (config: EditorConfig) => {
  const frameRef = createRef<HTMLIFrameElement>()
  const secondFrameRef = createRef<HTMLIFrameElement>()
  const channelTo = (ref: RefObject<HTMLIFrameElement | null>) =>
    createFrameChannel({
      win: window,
      frameWindow: () => ref.current?.contentWindow ?? null,
      frameOrigin: config.appOrigin,
    })
  // One channel for the session over both frames of side by side (the second only while shown).
  const channel = createFramePair([channelTo(frameRef), channelTo(secondFrameRef)], (index) =>
    session.setActiveFrame(index),
  )
  const session = new EditorSession({
    canvasId: config.canvasId,
    channel,
    send: canvasApi({ token: config.token }),
    listComponents: componentsApi({ token: config.token, canvasId: config.canvasId }),
    readElementSource: elementSourceApi({ token: config.token, canvasId: config.canvasId }),
    classCss: tailwindClassCss(),
    showSecondFrame: (on) => channel.setSecondOn(on),
  })
  return { session, frameRef, secondFrameRef, config }
}

export const EditorApp = ({ editor }: { readonly editor: ReturnType<typeof createEditor> }) => (
  <EditorLayout
    session={editor.session}
    canvasId={editor.config.canvasId}
    frameSrc={editor.config.appUrl}
    frameRef={editor.frameRef}
    secondFrameRef={editor.secondFrameRef}
  />
)

import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react"
import type { EditorSession } from "./editor-session.ts"
import type { EditorSnapshot } from "./editor-snapshot.ts"

const SessionContext = createContext<EditorSession | null>(null)

export const EditorSessionProvider = ({
  session,
  children,
}: {
  readonly session: EditorSession
  readonly children: ReactNode
}) => <SessionContext.Provider value={session}>{children}</SessionContext.Provider>

export const useSession = (): EditorSession => {
  const session = useContext(SessionContext)
  if (!session) throw new Error("useSession outside EditorSessionProvider")
  return session
}

/** The editor's state now; the component renders again when it changes. */
export const useEditor = (): EditorSnapshot => {
  const session = useSession()
  return useSyncExternalStore(session.subscribe, session.getSnapshot)
}

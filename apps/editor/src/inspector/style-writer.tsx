import { type ReactNode, createContext, useContext, useState } from "react"
import { useSession } from "../editing/editor-context.tsx"

/**
 * How the inspector's style controls write: as Tailwind classes (the default; the class each
 * control computes, under the breakpoint and state the session adds) or as an inline style. One
 * choice for every section, made in the Styles section's "Write as".
 */

export type WriteMode = "Tailwind" | "Inline"

const WriteModeContext = createContext<{
  readonly mode: WriteMode
  readonly setMode: (mode: WriteMode) => void
}>({ mode: "Tailwind", setMode: () => undefined })

export const WriteModeProvider = ({ children }: { readonly children: ReactNode }) => {
  const [mode, setMode] = useState<WriteMode>("Tailwind")
  return <WriteModeContext.Provider value={{ mode, setMode }}>{children}</WriteModeContext.Provider>
}

export const useWriteMode = () => useContext(WriteModeContext)

export interface StyleWriter {
  readonly mode: WriteMode
  /**
   * Sets `property` to `css`: in Tailwind mode as `className` (through the add-class path, which
   * drops the classes it overrides), or through the styling path when no class was found for it;
   * in inline mode as the inline style.
   */
  readonly set: (property: string, css: string, className?: string) => void
  /** Takes the property off: its classes under the current breakpoint and state, or inline. */
  readonly clear: (property: string) => void
}

export const useStyleWriter = (): StyleWriter => {
  const session = useSession()
  const { mode } = useWriteMode()
  return {
    mode,
    set: (property, css, className) => {
      if (mode === "Tailwind" && className !== undefined) session.addClass(className)
      else session.setStyle(property, css, mode)
    },
    clear: (property) => session.setStyle(property, "", mode),
  }
}

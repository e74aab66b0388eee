import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { createEditor, EditorApp } from "./EditorApp.tsx"
import { readEditorConfig } from "./editor-config.ts"
import "./styles.css"

const root = document.getElementById("root")
if (!root) throw new Error("index.html has no #root")

const config = readEditorConfig(window)
// Made here, once per page load, never inside a render (see createEditor).
const editor = "problem" in config ? null : createEditor(config)

createRoot(root).render(
  <StrictMode>
    {editor === null ? (
      <main className="mx-auto mt-24 max-w-lg rounded-lg border border-slate-200 bg-white p-6">
        <h1 className="text-lg font-semibold">Colorday editor</h1>
        <p role="alert" className="mt-2 text-slate-700">
          {"problem" in config ? config.problem : null}
        </p>
        <p className="mt-4 text-sm text-slate-600">
          Start it with <code className="rounded bg-slate-100 px-1">npx colorday editor</code>.
        </p>
      </main>
    ) : (
      <EditorApp editor={editor} />
    )}
  </StrictMode>,
)

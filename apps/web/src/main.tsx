import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { createBrowserRouter } from "react-router-dom"
import { activateLanguage, pageLanguage } from "../../ui/src/i18n.tsx"
import { App } from "./App.tsx"
import "./i18n.ts"
import { routes } from "./routes.tsx"
import "./styles.css"

const root = document.getElementById("root")
if (!root) throw new Error("index.html has no #root")

// The language the server chose for this page (<html lang>): its catalogs before the first render,
// so a Spanish reader never sees the app in English (the prerendered shell is already Spanish).
await activateLanguage(pageLanguage())

createRoot(root).render(
  <StrictMode>
    <App router={createBrowserRouter(routes)} />
  </StrictMode>,
)

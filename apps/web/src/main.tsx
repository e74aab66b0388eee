import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { BrowserRouter } from "react-router-dom"
import { activateLanguage, pageLanguage } from "../../ui/src/i18n.tsx"
import { applyPageStylesheets } from "../../ui/src/page-stylesheet.ts"
import { App } from "./App.tsx"
import "./i18n.ts"
import { SiteRoutes } from "./routes.tsx"
import "./styles.css"

const root = document.getElementById("root")
if (!root) throw new Error("index.html has no #root")

// The language the server chose for this page (<html lang>): its catalogs before the first render,
// so a Spanish reader never sees the app in English (the prerendered shell is already Spanish).
// And the stylesheet the page preloads, applied and loaded before it (page-stylesheet.ts).
await Promise.all([activateLanguage(pageLanguage()), applyPageStylesheets()])

createRoot(root).render(
  <StrictMode>
    <App>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
    </App>
  </StrictMode>,
)

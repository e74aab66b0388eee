import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom"
import { buttonClass } from "../../../web/src/ui/ui.tsx"

/** What a section that crashed (or whose code failed to load) shows instead of a blank page. */
const AdminErrorPage = () => {
  const error = useRouteError()
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error)
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="mt-3 break-words text-slate-700">{message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className={buttonClass("secondary")}
          onClick={() => window.location.reload()}
        >
          Reload Page
        </button>
        <Link to="/" className={buttonClass()} reloadDocument>
          Back to the overview
        </Link>
      </div>
    </div>
  )
}

export default AdminErrorPage

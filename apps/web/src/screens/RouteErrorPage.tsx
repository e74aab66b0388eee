import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom"
import { buttonClass, Page } from "../ui/ui.tsx"

/** The router's error page (spec §8, "Router default"): 'Unexpected Application Error!' and why. */
const RouteErrorPage = () => {
  const error = useRouteError()
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error)
  return (
    <Page className="text-center">
      <div role="alert" className="mx-auto max-w-lg py-16">
        <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-3 break-words text-slate-700">{message}</p>
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() => window.location.reload()}
          >
            Reload Page
          </button>
          <Link to="/" className={buttonClass()} reloadDocument>
            Back to Home
          </Link>
        </div>
      </div>
    </Page>
  )
}

export default RouteErrorPage

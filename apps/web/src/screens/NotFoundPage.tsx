import { Link, useLocation } from "react-router-dom"
import { buttonClass, Page } from "../ui/ui.tsx"

/** Any path the site does not have. */
const NotFoundPage = () => {
  const { pathname } = useLocation()
  return (
    <Page className="text-center">
      <div className="mx-auto max-w-lg py-16">
        <p className="text-sm font-semibold text-brand-600">404</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
        <p className="mt-3 break-words text-slate-700">
          There is no page at <code className="rounded bg-slate-100 px-1">{pathname}</code>.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Link to="/" className={buttonClass()}>
            Back to Home
          </Link>
          <Link to="/gallery" className={buttonClass("secondary")}>
            Visit the Gallery
          </Link>
        </div>
      </div>
    </Page>
  )
}

export default NotFoundPage

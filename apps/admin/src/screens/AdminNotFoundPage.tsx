import { Link, useLocation } from "react-router-dom"
import { buttonClass } from "../../../web/src/ui/ui.tsx"

/** A dashboard path that does not exist. */
const AdminNotFoundPage = () => {
  const { pathname } = useLocation()
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-3 break-words text-slate-700">
        The dashboard has no page at{" "}
        <code className="rounded bg-slate-100 px-1">/admin{pathname === "/" ? "" : pathname}</code>.
      </p>
      <Link to="/" className={buttonClass("primary", "mt-6")}>
        Back to the overview
      </Link>
    </div>
  )
}

export default AdminNotFoundPage

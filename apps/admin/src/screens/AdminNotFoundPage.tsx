import { Link } from "react-router-dom"
import { buttonVariants } from "../../../ui/src/button.tsx"
import { NotFoundPage } from "../../../ui/src/error-page.tsx"

/** A dashboard path that does not exist. */
const AdminNotFoundPage = () => (
  <NotFoundPage
    intro="The dashboard has no page at"
    where={(pathname) => `/admin${pathname === "/" ? "" : pathname}`}
  >
    <Link to="/" className={buttonVariants()}>
      Back to the overview
    </Link>
  </NotFoundPage>
)

export default AdminNotFoundPage

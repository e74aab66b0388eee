import { Link } from "react-router-dom"
import { buttonVariants } from "../../../ui/src/button.tsx"
import { NotFoundPage } from "../../../ui/src/error-page.tsx"
import { useT } from "../../../ui/src/i18n.tsx"

/** A dashboard path that does not exist. */
const AdminNotFoundPage = () => {
  const t = useT()
  return (
    <NotFoundPage
      intro={t("admin.layout.notFound")}
      where={(pathname) => `/admin${pathname === "/" ? "" : pathname}`}
    >
      <Link to="/" className={buttonVariants()}>
        {t("admin.layout.backToOverview")}
      </Link>
    </NotFoundPage>
  )
}

export default AdminNotFoundPage

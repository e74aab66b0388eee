import { Link } from "react-router-dom"
import { buttonVariants } from "../../../ui/src/button.tsx"
import { useT } from "../../../ui/src/i18n.tsx"
import { NotFoundPage as SharedNotFoundPage } from "../../../ui/src/error-page.tsx"

/** Any path the site does not have. */
const NotFoundPage = () => {
  const t = useT()
  return (
    <SharedNotFoundPage className="py-24">
      <Link to="/" className={buttonVariants()}>
        {t("web.notfound.backHome")}
      </Link>
      <Link to="/gallery" className={buttonVariants({ variant: "secondary" })}>
        {t("web.notfound.gallery")}
      </Link>
    </SharedNotFoundPage>
  )
}

export default NotFoundPage

import "./catalog.ts"
import { SOURCE_LANGUAGE, useLanguage, useT } from "../../../../ui/src/i18n.tsx"

/** On a translated legal page: the English text is the one that binds (shown in other languages). A span: it sits inside the lead paragraph. */
export const LegalNote = () => {
  const t = useT()
  const language = useLanguage()
  if (language === SOURCE_LANGUAGE) return null
  return (
    <span className="mt-3 block text-sm text-slate-600 italic">
      {t("web.static.legal.prevails")}
    </span>
  )
}

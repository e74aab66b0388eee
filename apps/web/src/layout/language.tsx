import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useId } from "react"
import {
  isLanguage,
  LANGUAGE_CODES,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_NAMES,
  type Language,
} from "../../../../domain/site/languages.ts"
import { activateLanguage, useLanguage, useT } from "../../../ui/src/i18n.tsx"
import { api } from "../api/api.ts"
import { settingsKey } from "../screens/profile/profile-queries.ts"
import { useSession } from "../session/session.tsx"

/**
 * The site's language (issue 22). The server renders each page in the member's setting, else the
 * footer's choice (the colorday_lang cookie), else Accept-Language (adapters/http/web-app.ts), and
 * main.tsx starts in that language; here the page follows the member's setting once the session is
 * known (a sign-in, a save in Settings), and the footer's switch changes it on the spot.
 */

/** Keeps a visitor's choice for the server's next page. */
const rememberLanguage = (language: Language) => {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie's attributes, not text
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`
}

/** The signed-in member's language setting (the Settings tab's own query), else undefined. */
const useMemberSettings = () => {
  const { member } = useSession()
  const memberId = member?.id
  const settings = useQuery({
    queryKey: settingsKey(memberId ?? ""),
    queryFn: () => api.settings(memberId ?? ""),
    enabled: memberId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  })
  return { memberId, settings: memberId === undefined ? undefined : settings.data }
}

/** Puts the page in the member's language when their settings are read or saved. Sits under the SessionProvider. */
export const MemberLanguage = () => {
  const language = useMemberSettings().settings?.language
  useEffect(() => {
    if (language !== undefined) void activateLanguage(language)
  }, [language])
  return null
}

/**
 * The footer's language switch: a plain select (no script needed to show it in the prerendered
 * shell). It switches the page at once and keeps the choice in the cookie; a signed-in member's
 * setting is saved too, so every page and mail follows it.
 */
export const LanguageSwitch = () => {
  const t = useT()
  const id = useId()
  const current = useLanguage()
  const queryClient = useQueryClient()
  const { memberId, settings } = useMemberSettings()
  const choose = async (language: Language) => {
    rememberLanguage(language)
    await activateLanguage(language)
    if (memberId !== undefined && settings !== undefined && settings.language !== language) {
      const saved = await api.saveSettings(memberId, { ...settings, language })
      queryClient.setQueryData(settingsKey(memberId), saved)
    }
  }
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id}>{t("web.layout.footer.language")}</label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const chosen = event.currentTarget.value
          if (isLanguage(chosen)) void choose(chosen)
        }}
        className="rounded-md border border-border bg-background px-2 py-1 text-sm text-foreground"
      >
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  )
}

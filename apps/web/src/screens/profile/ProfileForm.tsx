import "./catalog.ts"
import { useState, type FormEvent } from "react"
import { api } from "../../api/api.ts"
import { ApiError } from "../../api/http.ts"
import type { Member, ProfileForm as ProfileFields } from "../../api/types.ts"
import { useSession } from "../../session/session.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { Field, SettingsCard } from "./controls.tsx"

type Result =
  | { readonly kind: "idle" }
  | { readonly kind: "updating" }
  | { readonly kind: "updated" }
  | {
      readonly kind: "failed"
      readonly message: string
      readonly fields: Readonly<Partial<Record<keyof ProfileFields, string>>>
    }

const FIELDS: ReadonlyArray<keyof ProfileFields> = [
  "username",
  "email",
  "firstName",
  "lastName",
  "bio",
  "location",
  "website",
]
const isField = (name: string): name is keyof ProfileFields =>
  (FIELDS as ReadonlyArray<string>).includes(name)

/** A refusal in words, with the fields the server named (400 issues) to mark them. */
const failureOf = (error: unknown): Extract<Result, { kind: "failed" }> => {
  if (!(error instanceof ApiError)) return { kind: "failed", message: "", fields: {} }
  const body = (typeof error.body === "object" && error.body !== null ? error.body : {}) as {
    readonly issues?: unknown
  }
  const issues: ReadonlyArray<unknown> = Array.isArray(body.issues) ? body.issues : []
  const fields: Partial<Record<keyof ProfileFields, string>> = {}
  for (const issue of issues) {
    const { field, message } = (issue ?? {}) as { field?: unknown; message?: unknown }
    if (typeof field === "string" && isField(field) && typeof message === "string") {
      fields[field] = message
    }
  }
  return { kind: "failed", message: error.message, fields }
}

const initialFields = (member: Member): ProfileFields => ({
  username: member.username,
  email: member.email,
  firstName: member.firstName,
  lastName: member.lastName,
  bio: member.bio,
  location: member.location,
  website: member.website,
})

/** Settings → the profile form (spec §2, §4 "Profile update"). */
export const ProfileForm = ({ member }: { readonly member: Member }) => {
  const t = useT()
  const { refresh } = useSession()
  const toast = useToast()
  const [fields, setFields] = useState<ProfileFields>(() => initialFields(member))
  const [result, setResult] = useState<Result>({ kind: "idle" })
  const set = (name: keyof ProfileFields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }))
  const fieldError = (name: keyof ProfileFields) =>
    result.kind === "failed" ? result.fields[name] : undefined

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // A new update clears whatever the last one said.
    setResult({ kind: "updating" })
    try {
      const updated = await api.updateProfile(member.id, fields)
      setResult({ kind: "updated" })
      const asked = updated.pendingEmail !== null && updated.pendingEmail !== member.pendingEmail
      toast(
        asked
          ? {
              title: t("web.settings.profile.updated"),
              description: t("web.settings.profile.openLink", { email: updated.pendingEmail }),
            }
          : { title: t("web.settings.profile.updated") },
      )
      await refresh()
    } catch (error) {
      setResult(failureOf(error))
    }
  }

  /** Keeps the account's address: the pending change is dropped (its link stops working). */
  const cancelEmailChange = async () => {
    setResult({ kind: "updating" })
    try {
      await api.updateProfile(member.id, { ...fields, email: member.email })
      setFields((current) => ({ ...current, email: member.email }))
      setResult({ kind: "updated" })
      toast({
        title: t("web.settings.profile.emailChangeCancelled"),
        description: t("web.settings.profile.emailStays", { email: member.email }),
      })
      await refresh()
    } catch (error) {
      setResult(failureOf(error))
    }
  }

  const busy = result.kind === "updating"
  return (
    <SettingsCard
      id="profile-form"
      title={t("web.settings.profile.title")}
      description={t("web.settings.profile.description")}
    >
      <form onSubmit={(event) => void submit(event)} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="profile-username"
            label={t("web.settings.profile.username")}
            value={fields.username}
            onChange={set("username")}
            autoComplete="username"
            required
            error={fieldError("username")}
          />
          <Field
            id="profile-email"
            label={t("web.settings.profile.email")}
            type="email"
            value={fields.email}
            onChange={set("email")}
            autoComplete="email"
            required
            error={fieldError("email")}
          />
          {member.pendingEmail !== null && (
            <div
              role="status"
              id="profile-pending-email"
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2"
            >
              <p>
                <T
                  id="web.settings.profile.pendingEmail"
                  values={{ email: member.email, pending: member.pendingEmail }}
                  components={{
                    0: <strong className="break-all" />,
                    1: <strong className="break-all" />,
                  }}
                />
              </p>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="mt-2"
                disabled={busy}
                onClick={() => void cancelEmailChange()}
              >
                {t("web.settings.profile.keepEmail", { email: member.email })}
              </Button>
            </div>
          )}
          <Field
            id="profile-first-name"
            label={t("web.settings.profile.firstName")}
            value={fields.firstName}
            onChange={set("firstName")}
            autoComplete="given-name"
            error={fieldError("firstName")}
          />
          <Field
            id="profile-last-name"
            label={t("web.settings.profile.lastName")}
            value={fields.lastName}
            onChange={set("lastName")}
            autoComplete="family-name"
            error={fieldError("lastName")}
          />
        </div>
        <Field
          id="profile-bio"
          label={t("web.settings.profile.bio")}
          multiline
          value={fields.bio}
          onChange={set("bio")}
          error={fieldError("bio")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="profile-location"
            label={t("web.settings.profile.location")}
            placeholder={t("web.settings.profile.locationPlaceholder")}
            value={fields.location}
            onChange={set("location")}
            error={fieldError("location")}
          />
          <Field
            id="profile-website"
            label={t("web.settings.profile.website")}
            type="url"
            placeholder="https://"
            value={fields.website}
            onChange={set("website")}
            autoComplete="url"
            error={fieldError("website")}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? t("web.settings.updating") : t("web.settings.profile.submit")}
          </Button>
          <div aria-live="polite" className="min-w-0 text-sm">
            {result.kind === "updated" && (
              <p className="font-medium text-green-800">{t("web.settings.profile.updated")}</p>
            )}
          </div>
        </div>
        {result.kind === "failed" && (
          <div role="alert" className="text-sm break-words text-red-800">
            <p className="font-semibold">{t("web.settings.profile.failed")}</p>
            {result.message && result.message !== t("web.settings.profile.failed") && (
              <p>{result.message}</p>
            )}
          </div>
        )}
      </form>
    </SettingsCard>
  )
}

import "./catalog.ts"
import { useQueryClient } from "@tanstack/react-query"
import { ImageUp, Trash2 } from "lucide-react"
import { useEffect, useId, useState, type ChangeEvent } from "react"
import { api } from "../../api/api.ts"
import type { Member, SignedIn } from "../../api/types.ts"
import { SESSION_KEY } from "../../session/session.tsx"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { ArtistAvatar } from "../artist/ArtistProfile.tsx"
import { photoProblem } from "../home/submission-rules.ts"
import { SettingsCard } from "./controls.tsx"

/** As the profile's header shows them: first and last name, else the username. */
const initialsOf = (member: Member): string =>
  (
    `${member.firstName.trim().charAt(0)}${member.lastName.trim().charAt(0)}` ||
    member.username.slice(0, 2)
  ).toUpperCase()

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif"

type Step =
  | { readonly kind: "idle" }
  | { readonly kind: "chosen"; readonly file: File; readonly previewUrl: string }
  | { readonly kind: "sending" }

/**
 * Settings → the avatar: choose a picture, see it, upload it (the server crops it square, 256 px,
 * and strips its metadata), or remove the current one.
 */
export const AvatarSettings = ({ member }: { readonly member: Member }) => {
  const t = useT()
  const client = useQueryClient()
  const toast = useToast()
  const inputId = useId()
  const [step, setStep] = useState<Step>({ kind: "idle" })
  const [problem, setProblem] = useState<string | null>(null)
  const [avatarUrl, setAvatarUrl] = useState(member.avatarUrl)
  useEffect(() => setAvatarUrl(member.avatarUrl), [member.avatarUrl])

  const previewUrl = step.kind === "chosen" ? step.previewUrl : null
  useEffect(() => {
    if (previewUrl === null) return
    return () => URL.revokeObjectURL(previewUrl)
  }, [previewUrl])

  /** The header and every page that shows the member take the server's answer at once. */
  const took = (answer: Member) => {
    setAvatarUrl(answer.avatarUrl)
    client.setQueryData<SignedIn | null>(SESSION_KEY, (current) =>
      current ? { ...current, user: { ...current.user, avatarUrl: answer.avatarUrl } } : current,
    )
    void client.invalidateQueries({ queryKey: ["artist"] })
  }

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ""
    if (!file) return
    const wrong = photoProblem(file)
    setProblem(wrong)
    setStep(
      wrong ? { kind: "idle" } : { kind: "chosen", file, previewUrl: URL.createObjectURL(file) },
    )
  }

  const upload = async (file: File) => {
    setStep({ kind: "sending" })
    setProblem(null)
    try {
      took(await api.uploadAvatar(member.id, file))
      setStep({ kind: "idle" })
      toast({ title: t("web.settings.avatar.updated") })
    } catch (error) {
      setStep({ kind: "idle" })
      setProblem(messageOf(error, t("web.settings.avatar.uploadFailed")))
    }
  }

  const remove = async () => {
    setStep({ kind: "sending" })
    setProblem(null)
    try {
      took(await api.removeAvatar(member.id))
      toast({ title: t("web.settings.avatar.removed") })
    } catch (error) {
      setProblem(messageOf(error, t("web.settings.avatar.removeFailed")))
    } finally {
      setStep({ kind: "idle" })
    }
  }

  const sending = step.kind === "sending"
  return (
    <SettingsCard
      id="avatar-settings"
      title={t("web.settings.avatar.title")}
      description={t("web.settings.avatar.description")}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {step.kind === "chosen" ? (
          <img
            src={step.previewUrl}
            alt={t("web.settings.avatar.preview")}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full bg-slate-100 object-cover"
          />
        ) : (
          <ArtistAvatar
            username={member.username}
            avatarUrl={avatarUrl}
            initials={initialsOf(member)}
          />
        )}
        <div className="flex flex-wrap items-center gap-2">
          {step.kind === "chosen" ? (
            <>
              <Button onClick={() => void upload(step.file)}>
                <ImageUp aria-hidden className="size-4" />
                {t("web.settings.avatar.upload")}
              </Button>
              <Button variant="ghost" onClick={() => setStep({ kind: "idle" })}>
                {t("web.settings.cancel")}
              </Button>
            </>
          ) : (
            <>
              <label
                htmlFor={inputId}
                aria-disabled={sending || undefined}
                className={buttonVariants({
                  variant: "secondary",
                  className: "cursor-pointer focus-within:ring-2",
                })}
              >
                {sending ? t("web.settings.saving") : t("web.settings.avatar.choose")}
                <input
                  id={inputId}
                  type="file"
                  accept={ACCEPT}
                  disabled={sending}
                  onChange={choose}
                  className="sr-only"
                />
              </label>
              {avatarUrl && (
                <Button variant="ghost" disabled={sending} onClick={() => void remove()}>
                  <Trash2 aria-hidden className="size-4" />
                  {t("web.settings.avatar.remove")}
                </Button>
              )}
            </>
          )}
        </div>
      </div>
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {problem}
        </p>
      )}
    </SettingsCard>
  )
}

import "./submit-catalog.ts"
import { Camera, Trash2, Upload } from "lucide-react"
import { useId, useRef } from "react"
import type { Contest, Subscription } from "../../api/types.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { DialogActions, DialogDescription, DialogTitle } from "../../../../ui/src/dialog.tsx"
import type { ChosenPhoto } from "./usePhoto.ts"
import { entriesLeft, PHOTO_TIPS } from "./submission-rules.ts"

/** 'Submit Your Colored Artwork' (§2): photo tips, the picker, the preview, Cancel and Submit. */
export const PhotoStep = ({
  contest,
  subscription,
  photo,
  problem,
  busy,
  onChoose,
  onRemove,
  onPreviewFailed,
  onCancel,
  onSubmit,
}: {
  readonly contest: Pick<Contest, "title">
  readonly subscription: Subscription | null
  readonly photo: ChosenPhoto | null
  readonly problem: string | null
  readonly busy: boolean
  readonly onChoose: (file: File | undefined) => void
  readonly onRemove: () => void
  readonly onPreviewFailed: () => void
  readonly onCancel: () => void
  readonly onSubmit: () => void
}) => {
  const t = useT()
  const inputId = useId()
  const tipsId = useId()
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <DialogTitle>{t("web.submit.photo.title")}</DialogTitle>
      <DialogDescription>
        {t("web.submit.photo.description", { title: contest.title })}
        {subscription && <> {entriesLeft(subscription)}</>}
      </DialogDescription>

      <section aria-labelledby={tipsId} className="mt-4 rounded-md bg-brand-50 p-4">
        <h3 id={tipsId} className="flex items-center gap-2 text-sm font-semibold text-brand-800">
          <Camera aria-hidden className="size-4" />
          {t("web.submit.photo.tips")}
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {PHOTO_TIPS.map((tip) => (
            <li key={tip}>{t(tip)}</li>
          ))}
        </ul>
      </section>

      <div className="mt-4">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          className="peer sr-only"
          disabled={busy}
          onChange={(event) => {
            onChoose(event.target.files?.[0])
            // The same file may be chosen again after a removal.
            event.target.value = ""
          }}
        />
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:bg-slate-50"
        >
          <Upload aria-hidden className="size-4" />
          {t("web.submit.photo.upload")}
        </label>
      </div>

      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      )}

      {photo && (
        <div className="relative mt-4 rounded-md border border-slate-200 bg-slate-50">
          <img
            src={photo.previewUrl}
            alt={t("web.submit.photo.previewAlt")}
            onError={onPreviewFailed}
            className="h-[300px] w-full object-contain"
          />
          <Button
            variant="secondary"
            className="absolute top-2 right-2 px-2 py-1"
            aria-label={t("web.submit.photo.remove")}
            disabled={busy}
            onClick={() => {
              onRemove()
              input.current?.focus()
            }}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      )}

      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          {t("web.submit.out.cancel")}
        </Button>
        <Button onClick={onSubmit} disabled={!photo || busy} aria-busy={busy}>
          {t("web.submit.photo.submit")}
        </Button>
      </DialogActions>
    </>
  )
}

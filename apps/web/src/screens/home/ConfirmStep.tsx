import "./submit-catalog.ts"
import { Progress } from "radix-ui"
import type { Contest, Subscription } from "../../api/types.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { DialogActions, DialogDescription, DialogTitle } from "../../../../ui/src/dialog.tsx"
import type { ChosenPhoto } from "./usePhoto.ts"
import { entriesLeft } from "./submission-rules.ts"

/** 'Confirm Submission' (§2, §4): one last look, then the upload with its real progress. */
export const ConfirmStep = ({
  contest,
  subscription,
  photo,
  progress,
  onBack,
  onConfirm,
}: {
  readonly contest: Pick<Contest, "title">
  readonly subscription: Subscription | null
  readonly photo: ChosenPhoto | null
  /** null before the upload starts; 0–100 while it runs. */
  readonly progress: number | null
  readonly onBack: () => void
  readonly onConfirm: () => void
}) => {
  const t = useT()
  const uploading = progress !== null
  return (
    <>
      <DialogTitle>{t("web.submit.confirm.title")}</DialogTitle>
      <DialogDescription>
        {t("web.submit.confirm.text", {
          title: contest.title,
          left: subscription ? ` ${entriesLeft(subscription)}` : "",
        })}
      </DialogDescription>
      {photo && (
        <img
          src={photo.previewUrl}
          alt={t("web.submit.confirm.alt")}
          className="mt-4 h-40 w-full rounded-md border border-slate-200 bg-slate-50 object-contain"
        />
      )}
      {uploading && (
        <div className="mt-4">
          <Progress.Root
            value={progress}
            max={100}
            aria-label={t("web.submit.confirm.progress")}
            className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <Progress.Indicator
              className="h-full bg-brand-600 transition-transform"
              style={{ transform: `translateX(-${100 - progress}%)` }}
            />
          </Progress.Root>
          <p className="mt-2 text-sm text-slate-600" aria-live="polite">
            {progress < 100
              ? t("web.submit.confirm.uploading", { progress })
              : t("web.submit.confirm.uploaded")}
          </p>
        </div>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onBack} disabled={uploading}>
          {t("web.submit.confirm.back")}
        </Button>
        <Button onClick={onConfirm} disabled={uploading} aria-busy={uploading}>
          {t("web.submit.confirm.confirm")}
        </Button>
      </DialogActions>
    </>
  )
}

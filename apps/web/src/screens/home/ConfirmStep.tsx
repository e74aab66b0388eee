import { Progress } from "radix-ui"
import type { Contest, Subscription } from "../../api/types.ts"
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
  const uploading = progress !== null
  return (
    <>
      <DialogTitle>Confirm Submission</DialogTitle>
      <DialogDescription>
        Enter this photo in “{contest.title}”? Entering uses one credit
        {subscription ? `. ${entriesLeft(subscription)}` : "."} Once entered, your artwork is shown
        in the gallery for everyone to vote on.
      </DialogDescription>
      {photo && (
        <img
          src={photo.previewUrl}
          alt="Your colored artwork"
          className="mt-4 h-40 w-full rounded-md border border-slate-200 bg-slate-50 object-contain"
        />
      )}
      {uploading && (
        <div className="mt-4">
          <Progress.Root
            value={progress}
            max={100}
            aria-label="Upload progress"
            className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <Progress.Indicator
              className="h-full bg-brand-600 transition-transform"
              style={{ transform: `translateX(-${100 - progress}%)` }}
            />
          </Progress.Root>
          <p className="mt-2 text-sm text-slate-600" aria-live="polite">
            {progress < 100 ? `Uploading… ${progress}%` : "Uploaded. Preparing your entry…"}
          </p>
        </div>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onBack} disabled={uploading}>
          Back
        </Button>
        <Button onClick={onConfirm} disabled={uploading} aria-busy={uploading}>
          Confirm
        </Button>
      </DialogActions>
    </>
  )
}

import "./submit-catalog.ts"
import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { api } from "../../api/api.ts"
import type { Contest } from "../../api/types.ts"
import { useSession } from "../../session/session.tsx"
import { DialogShell } from "../../../../ui/src/dialog.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"
import { ConfirmStep } from "./ConfirmStep.tsx"
import { takeKeptPhoto } from "./kept-photo.ts"
import { OutOfSubmissionsStep } from "./OutOfSubmissionsStep.tsx"
import { PhotoStep } from "./PhotoStep.tsx"
import { RECENT_ENTRIES } from "./RecentSubmissions.tsx"
import {
  isOutOfCredits,
  isOutOfSubmissionsError,
  isSubscribersOnlyError,
  SUBMIT_FAILED,
} from "./submission-rules.ts"
import { SubscribersOnlyStep } from "./SubscribersOnlyStep.tsx"
import { usePhoto } from "./usePhoto.ts"

type Step = "photo" | "checking" | "confirm" | "uploading" | "out" | "subscribers-only"

/**
 * A member's entry (§4 Submission flow): choose a photo, Submit Artwork refreshes the quota, then
 * Confirm Submission (or Out of Submissions), the upload with its real progress, a toast, and the
 * form reset and closed with the quota the server returned. A member with no entries left is
 * offered the plans and the extra entry first; a photo kept from before a checkout is restored
 * when the dialog opens and goes straight to the quota check (Confirm Submission once paid).
 */
export const SubmissionFlow = ({
  contest,
  open,
  onOpenChange,
}: {
  readonly contest: Pick<Contest, "id" | "title">
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
}) => {
  const { subscription, setSubscription } = useSession()
  const t = useT()
  const toast = useToast()
  const client = useQueryClient()
  const photo = usePhoto()
  const [step, setStep] = useState<Step>("photo")
  const [progress, setProgress] = useState(0)

  const close = () => {
    onOpenChange(false)
    setStep("photo")
  }

  // On opening: a photo kept across a checkout goes on to the quota check. Otherwise the quota is
  // read from the server (the page's copy may be older than a payment or an entry made elsewhere)
  // and, with no entry left, the ways to get one come first.
  useEffect(() => {
    if (!open) return
    let current = true
    void (async () => {
      const kept = await takeKeptPhoto(contest.id)
      if (!current) return
      if (kept) {
        photo.choose(kept)
        void checkCredits()
        return
      }
      const fresh = await api.subscription().catch(() => null)
      if (!current || !fresh) return
      setSubscription(fresh.subscription)
      if (isOutOfCredits(fresh.subscription)) {
        setStep((step) => (step === "photo" ? "out" : step))
      }
    })()
    return () => {
      current = false
    }
    // Once per opening: what it reads is the state of that moment.
  }, [open, contest.id])

  const failed = (description: string) =>
    toast({ title: t("web.submit.failed"), description, variant: "destructive" })

  const checkCredits = async () => {
    setStep("checking")
    try {
      const { subscription: current } = await api.subscription()
      setSubscription(current)
      setStep(isOutOfCredits(current) ? "out" : "confirm")
    } catch (error) {
      setStep("photo")
      failed(messageOf(error, t(SUBMIT_FAILED)))
    }
  }

  const submit = async () => {
    if (!photo.photo) return
    setProgress(0)
    setStep("uploading")
    try {
      const entered = await api.submitEntry(contest.id, photo.photo.file, setProgress)
      setSubscription(entered.subscription)
      toast({
        title: t("web.submit.received"),
        description: t("web.submit.receivedText", { title: contest.title }),
        variant: "celebrate",
      })
      photo.remove()
      close()
      void client.invalidateQueries({ queryKey: RECENT_ENTRIES })
      void client.invalidateQueries({ queryKey: ["gallery"] })
    } catch (error) {
      if (isOutOfSubmissionsError(error)) setStep("out")
      else if (isSubscribersOnlyError(error)) setStep("subscribers-only")
      else {
        setStep("photo")
        failed(messageOf(error, t(SUBMIT_FAILED)))
      }
    }
  }

  const body = (() => {
    switch (step) {
      case "photo":
      case "checking":
        return (
          <PhotoStep
            contest={contest}
            subscription={subscription}
            photo={photo.photo}
            problem={photo.problem}
            busy={step === "checking"}
            onChoose={photo.choose}
            onRemove={photo.remove}
            onPreviewFailed={photo.previewFailed}
            onCancel={close}
            onSubmit={() => void checkCredits()}
          />
        )
      case "confirm":
      case "uploading":
        return (
          <ConfirmStep
            contest={contest}
            subscription={subscription}
            photo={photo.photo}
            progress={step === "uploading" ? progress : null}
            onBack={() => setStep("photo")}
            onConfirm={() => void submit()}
          />
        )
      case "subscribers-only":
        return <SubscribersOnlyStep onCancel={close} />
      case "out":
        return (
          <OutOfSubmissionsStep
            contestId={contest.id}
            photo={photo.photo?.file ?? null}
            onCancel={close}
          />
        )
    }
  })()

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      closable={step !== "uploading"}
    >
      {body}
    </DialogShell>
  )
}

import "./catalog.ts"
import { useQueryClient } from "@tanstack/react-query"
import { api } from "../../api/api.ts"
import type { Payment } from "../../api/types.ts"
import { useSession } from "../../session/session.tsx"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { dollars } from "../../../../ui/src/format.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"

/**
 * "Refund instead" on an extra entry of a contest that was cancelled (billing history marks it
 * refundable): the money goes back through the payment provider and the credit the cancellation
 * gave back is taken away. The server decides; its refusal is shown in the dialog.
 */
export const RefundExtraEntry = ({ record }: { readonly record: Payment }) => {
  const t = useT()
  const client = useQueryClient()
  const toast = useToast()
  const { setSubscription } = useSession()
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" className="px-3 py-1.5 whitespace-nowrap">
          {t("web.billing.refund.button")}
        </Button>
      }
      title={t("web.billing.refund.title")}
      description={t("web.billing.refund.description", { amount: dollars(record.amount) })}
      confirmLabel={t("web.billing.refund.confirm", { amount: dollars(record.amount) })}
      busyLabel={t("web.billing.refund.busy")}
      variant="primary"
      problemOf={(error) => messageOf(error, t("web.billing.refund.failed"))}
      onConfirm={async () => {
        const refunded = await api.refundExtraEntry(record.id)
        setSubscription(refunded.subscription)
        toast({
          title: t("web.billing.refund.doneTitle"),
          description: t("web.billing.refund.done", { amount: dollars(record.amount) }),
        })
        await client.invalidateQueries({ queryKey: ["billing-history"] })
      }}
    />
  )
}

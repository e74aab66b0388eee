import { useQueryClient } from "@tanstack/react-query"
import { api } from "../../api/api.ts"
import type { Payment } from "../../api/types.ts"
import { useSession } from "../../session/session.tsx"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { dollars } from "../../../../ui/src/format.ts"
import { messageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"

/**
 * "Refund instead" on an extra entry of a contest that was cancelled (billing history marks it
 * refundable): the money goes back through the payment provider and the credit the cancellation
 * gave back is taken away. The server decides; its refusal is shown in the dialog.
 */
export const RefundExtraEntry = ({ record }: { readonly record: Payment }) => {
  const client = useQueryClient()
  const toast = useToast()
  const { setSubscription } = useSession()
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" className="px-3 py-1.5 whitespace-nowrap">
          Refund instead
        </Button>
      }
      title="Refund this extra entry?"
      description={`Its contest was cancelled, so the credit came back to you. Instead, ${dollars(record.amount)} goes back to your payment method and that credit is taken away.`}
      confirmLabel={`Refund ${dollars(record.amount)}`}
      busyLabel="Refunding…"
      variant="primary"
      problemOf={(error) => messageOf(error, "The refund could not be made")}
      onConfirm={async () => {
        const refunded = await api.refundExtraEntry(record.id)
        setSubscription(refunded.subscription)
        toast({
          title: "Extra entry refunded",
          description: `${dollars(record.amount)} is on its way back to your payment method.`,
        })
        await client.invalidateQueries({ queryKey: ["billing-history"] })
      }}
    />
  )
}

import { messageOf } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { ConfirmDelete } from "../../ui/confirm-delete";
import { useDeleteMemory } from "./memory-queries";

/** The confirmation step in place, "Are you sure? Delete / Cancel", once Delete was chosen in the card's menu. */
export function DeleteMemoryConfirm({ id, confirming, onCancel }: { id: string; confirming: boolean; onCancel: () => void }) {
  const remove = useDeleteMemory();
  return (
    <ConfirmDelete
      question="Are you sure? This deletes every version."
      confirming={confirming}
      onCancel={onCancel}
      pending={remove.isPending}
      onConfirm={(cancel) =>
        remove.mutate(id, {
          onSuccess: () => notifySuccess("Memory deleted", "It and all its versions are gone."),
          onError: (error) => {
            notifyError("Deletion Failed", messageOf(error));
            cancel();
          },
        })
      }
    />
  );
}

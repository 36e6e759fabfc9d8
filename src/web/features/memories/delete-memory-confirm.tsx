import { messageOf } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { ConfirmDelete } from "../../ui/confirm-delete";
import { useDeleteMemory } from "./memory-queries";

/** Delete with a confirmation step in place: "Are you sure? Delete / Cancel". */
export function DeleteMemoryButton({ id }: { id: string }) {
  const remove = useDeleteMemory();
  return (
    <ConfirmDelete
      question="Are you sure? This deletes every version."
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

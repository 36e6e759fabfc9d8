import { useState } from "react";
import { ApiError } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { useDeleteMemory } from "./memory-queries";

/** Delete with a confirmation step in place: "Are you sure? Delete / Cancel". */
export function DeleteMemoryButton({ id }: { id: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMemory();

  if (!confirming) {
    return (
      <Button variant="secondary" className="text-red-700" onClick={() => setConfirming(true)}>
        Delete
      </Button>
    );
  }
  const confirm = () =>
    remove.mutate(id, {
      onSuccess: () => notifySuccess("Memory deleted", "It and all its versions are gone."),
      onError: (error) => {
        notifyError("Deletion Failed", error instanceof ApiError ? error.message : "Please try again.");
        setConfirming(false);
      },
    });
  return (
    <div role="group" aria-label="Confirm deletion" className="flex w-full flex-wrap items-center gap-2 rounded-lg bg-red-50 p-2">
      <span className="font-medium text-red-800">Are you sure? This deletes every version.</span>
      <button
        type="button"
        autoFocus
        disabled={remove.isPending}
        onClick={confirm}
        className="inline-flex min-h-11 items-center rounded-lg bg-red-700 px-5 py-2.5 font-medium text-white hover:bg-red-800 disabled:bg-stone-400"
      >
        Delete
      </button>
      <Button variant="secondary" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
    </div>
  );
}

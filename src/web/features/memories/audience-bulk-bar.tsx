import { useState } from "react";
import type { MemoryVisibility } from "../../../contract/memory-options";
import { memoryVisibilityLabels } from "../../../contract/memory-options";
import { messageOf } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { AudienceSelect } from "./memory-fields";
import { useSetMemoriesAudience } from "./memory-queries";

interface Props {
  selected: string[];
  onSelectAll: () => void;
  onClear: () => void;
  allSelected: boolean;
}

/** The vault's selection: how many memories are chosen, and one audience for all of them at once. */
export function AudienceBulkBar({ selected, onSelectAll, onClear, allSelected }: Props) {
  const [visibility, setVisibility] = useState<MemoryVisibility>("family");
  const change = useSetMemoriesAudience();
  const apply = () =>
    change.mutate(
      { ids: selected, visibility },
      {
        onSuccess: ({ updated }) => {
          notifySuccess("Audience changed", `${updated} ${updated === 1 ? "memory is" : "memories are"} now ${memoryVisibilityLabels[visibility].toLowerCase()}.`);
          onClear();
        },
        onError: (error) => notifyError("Could not change the audience", messageOf(error)),
      },
    );
  return (
    <div role="region" aria-label="Selected memories" className="flex flex-wrap items-end gap-3 rounded-2xl border border-stone-200 bg-white p-4">
      <p aria-live="polite" className="min-h-11 content-center font-medium">
        {selected.length === 0 ? "Select memories to change who may reach them." : `${selected.length} selected`}
      </p>
      <Button variant="secondary" onClick={allSelected ? onClear : onSelectAll}>
        {allSelected ? "Clear selection" : "Select all shown"}
      </Button>
      {selected.length > 0 && (
        <>
          <AudienceSelect id="bulk-audience" label="New audience" value={visibility} onChange={(value) => value && setVisibility(value)} />
          <Button onClick={apply} disabled={change.isPending}>
            {change.isPending ? "Saving…" : "Set audience"}
          </Button>
        </>
      )}
    </div>
  );
}

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TwinMessage } from "../../../contract/twin";
import type { TwinFeedback } from "../../../contract/twin-options";
import { callApi } from "../../lib/api-client";
import { overviewKey } from "../../lib/queries";

export const twinKey = ["twin"] as const;
const messagesKey = [...twinKey, "messages"] as const;

export const twinStatusQuery = queryOptions({ queryKey: [...twinKey, "status"], queryFn: () => callApi("getTwinStatus") });

/** The conversation, oldest first. Read once to seed the chat; kept in step afterwards so a return visit starts from it. */
export const twinMessagesQuery = queryOptions({ queryKey: messagesKey, queryFn: () => callApi("listTwinMessages"), refetchOnWindowFocus: false });

/** After an answer was saved: the history, the status card and the overview's figures change. */
export function useInvalidateTwin() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: twinKey }), queryClient.invalidateQueries({ queryKey: overviewKey })]);
}

/** Thumbs up/down on a twin answer; null clears it. The cached history follows, so a return visit shows it. */
export function useSetTwinFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, feedback }: { id: string; feedback: TwinFeedback | null }) => callApi("setTwinFeedback", { feedback }, { params: { id } }),
    onSuccess: ({ message }) =>
      queryClient.setQueryData(messagesKey, (old: { messages: TwinMessage[] } | undefined) =>
        old ? { messages: old.messages.map((m) => (m.id === message.id ? message : m)) } : old,
      ),
  });
}

export function useDecideScenario() {
  return useMutation({ mutationFn: (scenario: string) => callApi("decideTwinScenario", { scenario }) });
}

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PersonalityState } from "../../../contract/personality";
import type { BodyOf } from "../../../contract/routes";
import { ApiError, callApi } from "../../lib/api-client";
import { overviewQuery } from "../../lib/queries";

const stateKey = ["personality"] as const;

/** The questionnaire in progress, the latest profile and every completed attempt. */
export const personalityQuery = queryOptions({ queryKey: stateKey, queryFn: () => callApi("getPersonality") });

/** The 120 statements; the same for everyone, so kept for the session. */
export const personalityItemsQuery = queryOptions({ queryKey: ["personality", "items"], queryFn: () => callApi("listPersonalityItems"), staleTime: Infinity });

export function useStartAttempt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi("startPersonalityAttempt"),
    onSuccess: ({ attempt }) => client.setQueryData<PersonalityState>(stateKey, (old) => (old ? { ...old, inProgress: attempt } : old)),
  });
}

/**
 * Saves one answer as it is given; the page keeps its own copy, so nothing waits for the server. Each saved answer is
 * also written into the cached state, so leaving the page and coming back shows it at once.
 */
export function useSaveAnswer(attemptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: { item: number; value: number }) => callApi("savePersonalityAnswers", { answers: [answer] }, { params: { id: attemptId } }),
    onSuccess: ({ answered }, { item, value }) =>
      client.setQueryData<PersonalityState>(stateKey, (old) =>
        old?.inProgress?.id === attemptId ? { ...old, inProgress: { ...old.inProgress, answered, answers: old.inProgress.answers.map((a, i) => (i === item - 1 ? value : a)) } } : old,
      ),
  });
}

export function useCompleteAttempt(attemptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<"completePersonalityAttempt">) => callApi("completePersonalityAttempt", body, { params: { id: attemptId } }),
    onSuccess: (state) => {
      client.setQueryData(stateKey, state);
      // The overview's completeness and mapping now count the questionnaire.
      void client.invalidateQueries({ queryKey: overviewQuery.queryKey });
    },
  });
}

const scenariosKey = ["personality", "scenarios"] as const;

/** Decision Scenario Testing: the next scenario, the figures and the latest answers. */
export const scenariosQuery = queryOptions({ queryKey: scenariosKey, queryFn: () => callApi("getDecisionScenarios") });

/** Answers a scenario; the answer comes back with the twin's prediction and the new figures. */
export function useAnswerScenario() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ scenarioId, ...body }: BodyOf<"answerDecisionScenario"> & { scenarioId: string }) => callApi("answerDecisionScenario", body, { params: { scenarioId } }),
    onSuccess: ({ state }) => client.setQueryData(scenariosKey, state),
    // Answered meanwhile (another tab) or no longer due: the page fetches where things stand now.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: scenariosKey });
    },
  });
}

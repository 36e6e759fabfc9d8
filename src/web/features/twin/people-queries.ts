import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PersonRequest } from "../../../contract/people";
import { callApi } from "../../lib/api-client";
import { twinKey } from "./twin-queries";

const peopleKey = [...twinKey, "people"] as const;

/** The People list and its suggestions. */
export const peopleQuery = queryOptions({ queryKey: peopleKey, queryFn: () => callApi("listPeople") });

function usePeopleMutation<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKey }) });
}

export const useAddPerson = () => usePeopleMutation((person: PersonRequest) => callApi("addPerson", person));
export const useUpdatePerson = () => usePeopleMutation(({ id, ...person }: PersonRequest & { id: string }) => callApi("updatePerson", person, { params: { id } }));
export const useRemovePerson = () => usePeopleMutation((id: string) => callApi("removePerson", undefined, { params: { id } }));

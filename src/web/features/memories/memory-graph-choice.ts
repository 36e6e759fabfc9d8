import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { Memory } from "../../../contract/memories";
import type { MemoryCategory } from "../../../contract/memory-options";
import { graphDecadeQuery, graphDecadesQuery, graphThemeQuery } from "./memory-graph-queries";
import { describeShown, memoriesMentioning, mentionedPeople, mostConnected, MOST_CONNECTED, type GraphChoice, type MentionedPerson } from "./memory-graph-selection";
import { memoryStatsQuery } from "./memory-queries";

/** The chooser offers the people (and places) mentioned most, at most this many, each in at least two memories (one connects nothing). */
const PEOPLE_OFFERED = 12;
const PERSON_MIN_MEMORIES = 2;

export interface GraphOptions {
  themes: { category: MemoryCategory; count: number }[];
  people: MentionedPerson[];
  places: MentionedPerson[];
  decades: { decade: number; count: number }[];
}

/**
 * Which memories the network shows, and what the chooser offers. "Most connected" and a person choose among the
 * memories the page lists (`listed`: the newest 50, or a search's matches), as the network always has; a theme or a
 * decade asks the server for that theme's or decade's memories across the whole vault, so the oldest can appear.
 * Whatever the set, the network shows its most connected 8. A choice that is no longer offered (its last memory
 * deleted or edited away) falls back to "Most connected".
 */
export function useGraphChoice(listed: readonly Memory[]) {
  const [chosen, setChoice] = useState<GraphChoice>(MOST_CONNECTED);
  const stats = useQuery(memoryStatsQuery);
  const decadeList = useQuery(graphDecadesQuery);
  const options: GraphOptions = useMemo(
    () => ({
      themes: (stats.data?.byCategory ?? []).filter((c) => c.count > 0),
      people: mentionedPeople(listed)
        .filter((person) => person.count >= PERSON_MIN_MEMORIES)
        .slice(0, PEOPLE_OFFERED),
      places: mentionedPeople(listed, "place")
        .filter((place) => place.count >= PERSON_MIN_MEMORIES)
        .slice(0, PEOPLE_OFFERED),
      decades: decadeList.data ?? [],
    }),
    [stats.data, listed, decadeList.data],
  );

  const offered =
    chosen.kind === "connected" ||
    (chosen.kind === "person" && options.people.some((p) => p.key === chosen.key)) ||
    (chosen.kind === "place" && options.places.some((p) => p.key === chosen.key)) ||
    (chosen.kind === "theme" && (!stats.data || options.themes.some((t) => t.category === chosen.category))) ||
    (chosen.kind === "decade" && (!decadeList.data || options.decades.some((d) => d.decade === chosen.decade)));
  const choice = offered ? chosen : MOST_CONNECTED;

  const theme = useQuery({ ...graphThemeQuery(choice.kind === "theme" ? choice.category : "personal"), enabled: choice.kind === "theme" });
  const decade = useQuery({ ...graphDecadeQuery(choice.kind === "decade" ? choice.decade : 0), enabled: choice.kind === "decade" });
  const set = useMemo(() => {
    if (choice.kind === "theme") return theme.data && { memories: theme.data.memories, total: theme.data.total };
    if (choice.kind === "decade") return decade.data && { memories: decade.data.memories, total: decade.data.total };
    const memories = choice.kind === "person" || choice.kind === "place" ? memoriesMentioning(listed, choice.key, choice.kind) : listed;
    return { memories, total: memories.length };
  }, [choice, theme.data, decade.data, listed]);
  const shown = useMemo(() => (set ? mostConnected(set.memories) : []), [set]);
  // While another theme or decade loads, the drawing keeps the last set (no flash) and the line says it is loading.
  const fetched = choice.kind === "theme" ? theme : choice.kind === "decade" ? decade : null;
  // A theme or decade that could not be read says so, with Try again, rather than "Finding those memories…" for ever.
  // Only a first read that failed: a failed refresh keeps the set already drawn (TanStack keeps its data).
  const failed = fetched !== null && fetched.isLoadingError && !fetched.isFetching;
  const isLoading = !failed && (set === undefined || (fetched !== null && fetched.isPlaceholderData));
  const retry = () => void fetched?.refetch();

  return { choice, setChoice, options, shown: failed ? [] : shown, isLoading, failed, retry, description: set && !failed ? describeShown(choice, shown.length, set.total, [...options.people, ...options.places]) : "" };
}

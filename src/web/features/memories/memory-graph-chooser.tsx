import { useId } from "react";
import { categoryLabel } from "./memory-fields";
import type { GraphOptions } from "./memory-graph-choice";
import { choiceValue, parseChoice, type GraphChoice } from "./memory-graph-selection";

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Which memories the network shows: one native select (Tab to it, then the arrow keys or the first letters of an
 * option), "Most connected" first, then the themes, people, places and decades the memories have, each with its count.
 */
export function GraphChooser({ choice, options, onChoose }: { choice: GraphChoice; options: GraphOptions; onChoose: (choice: GraphChoice) => void }) {
  const id = useId();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Show
      </label>
      <select
        id={id}
        value={choiceValue(choice)}
        onChange={(event) => onChoose(parseChoice(event.target.value))}
        className="min-h-11 max-w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm"
        data-testid="memory-graph-chooser"
      >
        <option value="connected">Most connected</option>
        {options.themes.length > 0 && (
          <optgroup label="By theme">
            {options.themes.map(({ category, count }) => (
              <option key={category} value={choiceValue({ kind: "theme", category })}>{`${categoryLabel(category)} (${count})`}</option>
            ))}
          </optgroup>
        )}
        {options.people.length > 0 && (
          <optgroup label="By person">
            {options.people.map(({ key, label, count }) => (
              <option key={key} value={choiceValue({ kind: "person", key })}>{`${capitalised(label)} (${count})`}</option>
            ))}
          </optgroup>
        )}
        {options.places.length > 0 && (
          <optgroup label="By place">
            {options.places.map(({ key, label, count }) => (
              <option key={key} value={choiceValue({ kind: "place", key })}>{`${label} (${count})`}</option>
            ))}
          </optgroup>
        )}
        {options.decades.length > 0 && (
          <optgroup label="By decade">
            {options.decades.map(({ decade, count }) => (
              <option key={decade} value={choiceValue({ kind: "decade", decade })}>{`${decade}s (${count})`}</option>
            ))}
          </optgroup>
        )}
      </select>
    </div>
  );
}

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { MoreHorizontal } from "lucide-react";
import { forwardRef, useRef } from "react";

export interface MenuAction {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  destructive?: boolean;
  /** The action shows something in place that takes the focus (a confirmation): the menu does not hand it back to its button. */
  takesFocus?: boolean;
}

/**
 * A "More actions" button and its menu (Radix: arrow keys, Home/End, type-ahead, Escape, focus back to the button),
 * for the secondary actions of a card so the card itself keeps one or two buttons.
 */
export const ActionMenu = forwardRef<HTMLButtonElement, { actions: MenuAction[]; label?: string }>(function ActionMenu({ actions, label = "More actions" }, ref) {
  const keepFocusAway = useRef(false);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={ref}
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-medium text-ink hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand data-[state=open]:bg-stone-100"
      >
        <MoreHorizontal aria-hidden="true" className="h-5 w-5" />
        {label}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            if (keepFocusAway.current) event.preventDefault();
            keepFocusAway.current = false;
          }}
          className="z-50 min-w-48 rounded-xl border border-stone-200 bg-white p-1 shadow-lg"
        >
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              disabled={action.disabled}
              onSelect={() => {
                keepFocusAway.current = action.takesFocus === true;
                action.onSelect();
              }}
              className={`flex min-h-11 cursor-pointer items-center rounded-lg px-3 py-2 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:text-stone-500 data-[highlighted]:bg-stone-100 ${action.destructive ? "text-red-700" : "text-ink"}`}
            >
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
});

import { useEffect } from "react";

export const EDGE_ZONE_PX = 20;
export const CLOSE_SWIPE_PX = 50;

/**
 * Touch gestures for the mobile drawer: a swipe that starts within 20 px of the left edge and moves right opens it;
 * while it is open, a swipe left of more than 50 px closes it.
 */
export function useEdgeSwipe(open: boolean, setOpen: (open: boolean) => void): void {
  useEffect(() => {
    let startX: number | null = null;
    const onStart = (event: TouchEvent) => {
      const x = event.touches[0]?.clientX ?? null;
      startX = open || (x !== null && x <= EDGE_ZONE_PX) ? x : null;
    };
    const onEnd = (event: TouchEvent) => {
      const x = event.changedTouches[0]?.clientX;
      if (startX === null || x === undefined) return;
      const dx = x - startX;
      if (!open && dx > CLOSE_SWIPE_PX / 2) setOpen(true);
      if (open && dx < -CLOSE_SWIPE_PX) setOpen(false);
      startX = null;
    };
    document.addEventListener("touchstart", onStart, { passive: true });
    document.addEventListener("touchend", onEnd, { passive: true });
    return () => {
      document.removeEventListener("touchstart", onStart);
      document.removeEventListener("touchend", onEnd);
    };
  }, [open, setOpen]);
}

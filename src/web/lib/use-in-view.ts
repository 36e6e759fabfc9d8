import { useCallback, useEffect, useState } from "react";

/**
 * Whether an element is wholly on screen, watched with an IntersectionObserver once `watching` is true; `coveredTop`
 * pixels at the top count as off screen (a sticky header hides what scrolls under it). Until then, and where there is
 * no observer, it counts as on screen, so nothing that stands in for it appears.
 */
export function useInView<T extends Element>(watching: boolean, coveredTop = 0): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [inView, setInView] = useState(true);
  useEffect(() => {
    if (!watching || !node || typeof IntersectionObserver === "undefined") {
      setInView(true);
      return;
    }
    // The last entry is the newest: a fast scroll may deliver several at once.
    const observer = new IntersectionObserver((entries) => setInView((entries.at(-1)?.intersectionRatio ?? 1) >= 0.99), {
      rootMargin: `-${coveredTop}px 0px 0px 0px`,
      threshold: [0, 0.99, 1],
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [watching, node, coveredTop]);
  return [useCallback((next: T | null) => setNode(next), []), inView];
}

import { useCallback, useEffect, useState } from "react";

/**
 * Whether an element is on screen (any part of it), watched with an IntersectionObserver once `watching` is true.
 * Until then, and where there is no observer, it counts as on screen, so nothing that stands in for it appears.
 */
export function useInView<T extends Element>(watching: boolean): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [inView, setInView] = useState(true);
  useEffect(() => {
    if (!watching || !node || typeof IntersectionObserver === "undefined") {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true));
    observer.observe(node);
    return () => observer.disconnect();
  }, [watching, node]);
  return [useCallback((next: T | null) => setNode(next), []), inView];
}

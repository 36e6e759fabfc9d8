import { SCREEN_HEIGHT, SCREEN_WIDTH, type LandingScreen } from "../../../contract/landing";

/** A real screenshot of the product (scripts/make-demo-media.ts): sized up front so nothing shifts, loaded only when near. */
export function ProductScreenshot({ screen, alt, className = "" }: { screen: LandingScreen; alt: string; className?: string }) {
  return (
    <img
      src={`/media/screens/${screen}.webp`}
      alt={alt}
      width={SCREEN_WIDTH}
      height={SCREEN_HEIGHT}
      loading="lazy"
      decoding="async"
      className={`h-auto w-full rounded-xl border border-stone-200 ${className}`}
    />
  );
}

/** The eight module cards on the landing page (plain data: the landing page imports it without zod). */
export const landingModules = [
  "Consciousness Home",
  "Voice Training Hub",
  "Memory Vault",
  "Digital Twin Lab",
  "Personality Mapping",
  "Consciousness Capture",
  "Data Export",
  "Biometric Intelligence",
] as const;

/** The five how-it-works steps of the landing carousel. */
export const howItWorksSteps = ["Capture Personality", "Clone Your Voice", "Preserve Memories", "Build Your Twin", "Own Your Data"] as const;

/** The product screenshots the landing page shows (public/media/screens/<name>.webp, made by scripts/make-demo-media.ts). */
export const landingScreens = ["home", "voice", "memories", "twin", "personality", "capture", "export", "biometrics"] as const;
export type LandingScreen = (typeof landingScreens)[number];
export const SCREEN_WIDTH = 960;
export const SCREEN_HEIGHT = 540;
/** Each module card's screenshot, in the order of landingModules. */
export const moduleScreens: readonly LandingScreen[] = ["home", "voice", "memories", "twin", "personality", "capture", "export", "biometrics"];
/** Each how-it-works step's screenshot, in the order of howItWorksSteps. */
export const stepScreens: readonly LandingScreen[] = ["personality", "voice", "memories", "twin", "export"];

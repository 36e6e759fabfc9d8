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

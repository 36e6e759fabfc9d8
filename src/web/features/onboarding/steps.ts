/** The six onboarding steps in order, with the label shown under each dot and the progress value of the spec. */
export const onboardingSteps = [
  { path: "/onboarding", label: "Intentions", progress: 16.67 },
  { path: "/onboarding/identity", label: "Identity", progress: 33.33 },
  { path: "/onboarding/trait-calibration", label: "Calibration", progress: 50 },
  { path: "/onboarding/summary", label: "Reflection", progress: 66.67 },
  { path: "/onboarding/contribute", label: "Go deeper", progress: 83.33 },
  { path: "/onboarding/complete", label: "Complete", progress: 100 },
] as const;

export type StepNumber = 1 | 2 | 3 | 4 | 5 | 6;

export * from "./auth";
export * from "./profiles";
export * from "./platform";
export * from "./onboarding";
export * from "./waitlist";
export * from "./analytics";
export * from "./memories";

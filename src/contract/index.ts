export * from "./errors";
export * from "./messages";
export * from "./session";
export * from "./profile";
export * from "./onboarding";
export * from "./health";
export * from "./routes";

import { calibrationResponseSchema, reflectionResponseSchema, saveIdentitySchema, saveIntentsSchema, submitCalibrationSchema } from "../onboarding";
import { profileResponseSchema } from "../profile";
import { endpoints, type EndpointName } from "../endpoints";
import type { Endpoint } from "./shared";

/** The profile and the onboarding steps that fill it: intents, identity, calibration and the reflection on it. */
export const onboardingRoutes = {
  getProfile: { ...endpoints.getProfile, summary: "The signed-in person's profile and onboarding state.", response: profileResponseSchema },
  saveIntents: { ...endpoints.saveIntents, summary: "Saves what the person wants Mindprint for (onboarding).", body: saveIntentsSchema, response: profileResponseSchema },
  saveIdentity: { ...endpoints.saveIdentity, summary: "Saves the person's name and details (onboarding).", body: saveIdentitySchema, response: profileResponseSchema },
  submitCalibration: { ...endpoints.submitCalibration, summary: "Stores the answers to the calibration scenarios.", body: submitCalibrationSchema, response: calibrationResponseSchema },
  generateReflection: { ...endpoints.generateReflection, summary: "Generates the reflection on the calibration answers with the configured model.", response: reflectionResponseSchema },
  completeOnboarding: { ...endpoints.completeOnboarding, summary: "Marks onboarding complete.", response: profileResponseSchema },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;

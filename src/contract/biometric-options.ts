/**
 * Biometric Intelligence's plain constants and messages, free of the validation library so the web client can import
 * them at runtime. `biometrics.ts` builds its schemas from these and re-exports them.
 */

/** The measurements kept. HRV is two metrics: SDNN (Apple) and RMSSD (Oura, Fitbit, WHOOP) never share an axis. */
export const biometricMetricValues = ["heart_rate", "resting_heart_rate", "hrv_sdnn", "hrv_rmssd", "sleep_minutes", "steps", "respiratory_rate", "spo2"] as const;
export type BiometricMetricName = (typeof biometricMetricValues)[number];

export const biometricFormatValues = ["apple-health", "fitbit", "oura"] as const;
export const biometricDeviceValues = ["watch", "ring", "tracker", "phone", "other"] as const;

/** How each metric is named, its unit, and how a day of it is made (docs/formulas.md, "Biometrics"). */
export const biometricMetricInfo: Record<BiometricMetricName, { label: string; unit: string; daily: string }> = {
  heart_rate: { label: "Heart rate", unit: "bpm", daily: "mean of the day's readings" },
  resting_heart_rate: { label: "Resting heart rate", unit: "bpm", daily: "the day's value" },
  hrv_sdnn: { label: "HRV (SDNN)", unit: "ms", daily: "mean of the day's readings" },
  hrv_rmssd: { label: "HRV (RMSSD)", unit: "ms", daily: "mean of the day's readings" },
  sleep_minutes: { label: "Sleep", unit: "min", daily: "minutes asleep in the night ending that day" },
  steps: { label: "Steps", unit: "steps", daily: "total for the day" },
  respiratory_rate: { label: "Respiratory rate", unit: "breaths/min", daily: "mean of the day's readings" },
  spo2: { label: "Blood oxygen (SpO2)", unit: "%", daily: "mean of the day's readings" },
};

export const biometricFormatLabels: Record<(typeof biometricFormatValues)[number], string> = {
  "apple-health": "Apple Health export",
  fitbit: "Fitbit / Google Takeout export",
  oura: "Oura export",
};

/** The largest device export accepted by default, in megabytes (BIOMETRIC_MAX_UPLOAD_MB). */
export const BIOMETRIC_DEFAULT_MAX_UPLOAD_MB = 4096;

export const biometricMessages = {
  fileRequired: "Choose an export file to upload: Apple Health's export.zip, a Fitbit or Google Takeout .zip, or Oura's .csv.",
  oneFileOnly: "Upload one export file at a time.",
  notAnExport: "This file is not a health export Mindprint can read. Upload Apple Health's export.zip, a Fitbit or Google Takeout .zip, or an Oura .csv.",
  tooLarge: (mb: number) => `This file is larger than the ${mb >= 1024 ? `${Math.round((mb / 1024) * 10) / 10} GB` : `${mb} MB`} a health export may be.`,
  uploadIncomplete: "The upload broke off before the whole file arrived. Try again.",
  importRunning: "An export is already being read. Wait until it has finished, then upload the next one.",
  importNotFound: "That import does not exist.",
  sourceNotFound: "That device is not connected.",
  damaged: (detail: string) => `The export could not be read: ${detail}. Nothing was imported. Export the data again from the app and upload the new file.`,
  nothingFound: "The export holds no heart rate, HRV, sleep, step, respiratory rate or blood oxygen readings. Nothing was imported.",
  unpacksTooLarge: (gb: number, files: number) =>
    `This export unpacks to more than ${gb} GB or holds more than ${files.toLocaleString("en")} files and folders, more than one import reads. Export a shorter period and upload that. Nothing was imported.`,
  uploadsLimited: "You have uploaded many exports in the last hour. Wait a while, then try again.",
  uploadsBusy: "Many exports are being uploaded right now. Try again in a few minutes.",
  gaveUp: "The export could not be read because of a problem on our side. Nothing was imported; try again in a few minutes.",
  stoppedReading: "Reading this export stopped the importer each time it was tried (it needed more memory than an import may use), so it was not tried again. Nothing was imported. Try a fresh export from the device, or export a shorter period.",
  metricInvalid: "That is not one of the measurements Mindprint keeps.",
  mustBeLoggedIn: "You must be logged in to import health data.",
} as const;

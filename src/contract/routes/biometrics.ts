import { z } from "zod";
import {
  biometricImportResponseSchema,
  biometricMessages,
  biometricSeriesParamsSchema,
  biometricSeriesQuerySchema,
  biometricSeriesResponseSchema,
  biometricsResponseSchema,
} from "../biometrics";
import { endpoints, type EndpointName } from "../endpoints";
import { ok, id, type Endpoint } from "./shared";

/** Biometric Intelligence: device exports, their imports, and the readings drawn from them. */
export const biometricRoutes = {
  getBiometrics: {
    ...endpoints.getBiometrics,
    summary: "Biometric Intelligence: the devices imported, the imports, the newest readings, the consciousness state and the three trend cards.",
    response: biometricsResponseSchema,
  },
  getBiometricSeries: {
    ...endpoints.getBiometricSeries,
    params: biometricSeriesParamsSchema,
    missing: { code: "not_found", message: biometricMessages.metricInvalid },
    query: biometricSeriesQuerySchema,
    summary: "One metric's values per day over a range (weekly means past 400 days), one device per day.",
    response: biometricSeriesResponseSchema,
  },
  uploadBiometricExport: {
    ...endpoints.uploadBiometricExport,
    summary:
      "Uploads a device export (multipart field `file`: Apple Health export.zip, Fitbit / Google Takeout .zip, Oura .csv), streamed to disk and read by a background job (202); the same file again answers its earlier import (200).",
    multipart: true,
    body: z.object({ file: z.string().describe("binary") }),
    response: biometricImportResponseSchema,
  },
  getBiometricImport: {
    ...endpoints.getBiometricImport,
    ...id({ code: "biometric_import_not_found", message: biometricMessages.importNotFound }),
    summary: "One import and its progress.",
    response: biometricImportResponseSchema.pick({ import: true }),
  },
  deleteBiometricSource: {
    ...endpoints.deleteBiometricSource,
    ...id({ code: "biometric_source_not_found", message: biometricMessages.sourceNotFound }),
    summary: "Removes a connected device and every reading from it.",
    response: ok,
  },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;

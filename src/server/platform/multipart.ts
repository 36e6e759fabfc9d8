import type { Multipart, MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors";

/** The words one upload route uses, under the name of its file field. */
export interface UploadWords {
  /** The form field that carries the file (`audio`, `file`, `document`). */
  field: string;
  fileRequired: string;
  oneFileOnly: string;
  /** The body broke off or did not parse while the file was being read. */
  incomplete: string;
}

export interface OpenedUpload {
  /** The text fields sent before the file, by name. */
  fields: Map<string, string>;
  /** The file part under `words.field`, or null when the body has none there (the caller says what was missing). */
  file: MultipartFile | null;
  /** Reads the parts after the file to the end; a second file refuses the whole upload. */
  refuseMoreFiles(): Promise<void>;
}

const refuse = (words: UploadWords, message: string) => new AppError("validation_failed", message, { fields: { [words.field]: message } });

/**
 * The one way an upload route reads multipart (SECURITY.md 36): the fields before the file, then the file as a stream.
 * A body that is not multipart, does not parse, breaks off or carries a second file is the sender's to fix: a 400 in
 * the route's own words, the same on every route, never a 500.
 */
export async function openUpload(request: FastifyRequest, maxFileBytes: number, words: UploadWords): Promise<OpenedUpload> {
  if (!request.isMultipart()) throw refuse(words, words.fileRequired);
  const parts = request.parts({ limits: { fileSize: Math.floor(maxFileBytes), files: 1 } })[Symbol.asyncIterator]();
  let pastFile = false;
  const next = async (): Promise<Multipart | null> => {
    try {
      const step = await parts.next();
      return step.done ? null : step.value;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === "FST_FILES_LIMIT") throw refuse(words, words.oneFileOnly);
      // Before the file the body was not an upload; after it, the upload broke off.
      throw refuse(words, pastFile ? words.incomplete : words.fileRequired);
    }
  };
  const fields = new Map<string, string>();
  let part = await next();
  for (; part?.type === "field"; part = await next()) fields.set(part.fieldname, String(part.value));
  const file = part && part.type === "file" && part.fieldname === words.field ? part : null;
  pastFile = file !== null;
  return {
    fields,
    file,
    async refuseMoreFiles() {
      for (let more = await next(); more; more = await next()) if (more.type === "file") throw refuse(words, words.oneFileOnly);
    },
  };
}

/**
 * What a failure while an upload's file was being read means: the sender's body broke off or did not parse (400 in the
 * route's words), unless it is ours already or the storage's (an error with the system call that failed stays a 5xx).
 */
export function uploadReadError(error: unknown, words: UploadWords): unknown {
  if (error instanceof AppError || (typeof error === "object" && error !== null && "syscall" in error)) return error;
  return refuse(words, words.incomplete);
}

import { toast } from "sonner";

/** The two kinds of toast the spec uses: a title and a description, the error one styled destructive. */
export const notifyError = (title: string, description: string) => toast.error(title, { description });
export const notifySuccess = (title: string, description: string) => toast.success(title, { description });

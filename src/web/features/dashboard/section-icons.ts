import { Activity, Brain, Download, Fingerprint, HeartHandshake, Home, MessagesSquare, Mic, NotebookPen, type LucideIcon } from "lucide-react";

/**
 * Each section's icon, on its own so the landing page's module cards can show the same icons without loading the
 * dashboard's section list.
 */
export const sectionIcons = {
  home: Home,
  voice: Mic,
  memories: NotebookPen,
  twin: MessagesSquare,
  personality: Brain,
  capture: Activity,
  export: Download,
  legacy: HeartHandshake,
  biometrics: Fingerprint,
} satisfies Record<string, LucideIcon>;

import { Wrench, type LucideIcon } from "lucide-react";
import { sectionIcons } from "./section-icons";

export interface DashboardSection {
  slug: string;
  label: string;
  path: string;
  icon: LucideIcon;
  /** What a built section holds, for the home page's list. */
  summary?: string;
}

/** The side menu in the spec's order; each section has its own URL. */
export const dashboardSections: DashboardSection[] = [
  { slug: "home", label: "Consciousness Home", path: "/dashboard", icon: sectionIcons.home },
  { slug: "voice", label: "Voice Training Hub", path: "/dashboard/voice", icon: sectionIcons.voice, summary: "Record voice sessions in your browser; the server checks each one for speech and rates its quality. A minute of speech trains a voice your twin can answer in." },
  { slug: "memories", label: "Memory Vault", path: "/dashboard/memories", icon: sectionIcons.memories, summary: "Write memories tagged with an emotion, edit them with every version kept, hide them from your twin or delete them." },
  { slug: "twin", label: "Digital Twin Lab", path: "/dashboard/twin", icon: sectionIcons.twin, summary: "Talk with your twin: it answers only from what you recorded, shows which memories it used, and takes your feedback." },
  { slug: "personality", label: "Personality Mapping", path: "/dashboard/personality", icon: sectionIcons.personality, summary: "Answer the IPIP-NEO-120, a public-domain Big Five questionnaire, and see your five domains and thirty facets as percentiles against published norms." },
  { slug: "capture", label: "Consciousness Capture", path: "/dashboard/capture", icon: sectionIcons.capture, summary: "Answer one question at a time, aloud or in writing, while your voice signals are measured in your browser; each answer is saved to your Memory Vault with its question and recording." },
  { slug: "export", label: "Data Export", path: "/dashboard/export", icon: sectionIcons.export, summary: "Download everything you have recorded, as plain JSON or as a passphrase-encrypted file, restore an export, or delete your account." },
  { slug: "legacy", label: "Legacy", path: "/dashboard/legacy", icon: sectionIcons.legacy, summary: "Name the people who may reach your twin and memories later, as contacts or executors, and invite them by e-mail." },
  { slug: "biometrics", label: "Biometric Intelligence", path: "/dashboard/biometrics", icon: sectionIcons.biometrics, summary: "Import your watch's or ring's export (Apple Health, Fitbit, Oura) and see heart rate, HRV and sleep against your own 28-day baseline." },
];

export const devToolsEntry = { label: "Dev Tools", path: "/dev-test", icon: Wrench };

export const findSection = (slug: string | undefined) => dashboardSections.find((s) => s.slug === slug);

import type { VisitorTwin } from "../../../contract/legacy";
import { TwinChat } from "../twin";
import { useVisitorListen } from "./visitor-listen";

/** Where a conversation with a released twin happens: a contact's own (stored, voice allowed) or a public memorial's. */
export interface ChatPlace {
  /** The conversation's id in the chat state. */
  id: string;
  /** The streaming endpoint questions go to. */
  api: string;
  /** Where a cited memory is read. */
  sourceHref: (memoryId: string) => string;
  /** Where the owner's own recording of a cited memory is heard (offered only where the answer says this reader may). */
  recordingHref: (memoryId: string) => string;
  /** Under the box: how to send, and who sees the conversation. */
  hint: string;
  /** The contact row, for hearing answers in the owner's voice; none on a memorial. */
  contactId?: string;
  /** Whether answers are kept (a contact's conversation) or not (a memorial), for what a failure or a stop says. */
  keeps: boolean;
}

type VisitorTwinPart = Omit<VisitorTwin, "messages" | "voice"> & Partial<Pick<VisitorTwin, "messages" | "voice">>;

/**
 * A conversation with the released twin of someone, as a contact or a memorial's visitor meets it: the twin's honest
 * introduction first, the visitor's own stored conversation (a memorial keeps none), sources linked to what the
 * visitor may read, Listen in the owner's voice where their consent reaches the contact; paused or retired, the page
 * says why and asks nothing.
 */
export function VisitorChat({ place, twin }: { place: ChatPlace; twin: VisitorTwinPart }) {
  const speaker = useVisitorListen(place.contactId ?? "");
  const name = twin.ownerName;
  const voice = twin.voice ?? { available: false, reason: null };
  return (
    <TwinChat
      id={place.id}
      api={place.api}
      twinName={`${name}'s twin`}
      ownerName={name}
      testIds="visitor"
      history={twin.messages}
      keeps={place.keeps}
      sourceHref={place.sourceHref}
      ownVoice={{ ownerName: name, recordingHref: place.recordingHref }}
      hint={place.hint}
      intro={twin.intro}
      listen={place.contactId && voice.available ? { speaker, inWhoseVoice: `${name}'s`, audioLabel: `${name}'s voice` } : undefined}
      voiceNote={voice.available ? null : voice.reason}
      unavailable={twin.unavailable ? { reason: twin.unavailable, executorMessage: twin.executorMessage } : null}
    />
  );
}

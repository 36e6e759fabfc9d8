import { useQuery } from "@tanstack/react-query";
import { MessagesSquare } from "lucide-react";
import type { MetaFunction } from "react-router";
import { twinMessages } from "../../../contract/twin-options";
import { groundingExplanation } from "../../features/twin/source-list";
import { OwnerChat } from "../../features/twin/owner-chat";
import { PeopleCard } from "../../features/twin/people-card";
import { TwinLaboratory } from "../../features/twin/twin-laboratory";
import { twinMessagesQuery } from "../../features/twin/twin-queries";
import { TwinStatusCard } from "../../features/twin/twin-status-card";
import { Button } from "../../ui/button";
import { FormulaLink } from "../../ui/formula-link";
import { Spinner } from "../../ui/spinner";

export const meta: MetaFunction = () => [{ title: "Digital Twin Lab · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** Digital Twin Lab: the twin's status, the Consciousness Validation Chat, and the Advanced Digital Twin Laboratory. */
export default function TwinSection() {
  const history = useQuery(twinMessagesQuery);
  return (
    <div className="grid min-w-0 gap-6">
      <header>
        <h1 className="text-3xl font-semibold">Digital Twin Lab</h1>
        <p className="mt-2 text-muted">Talk with your twin. It answers only from what you recorded, and shows which memories and answers it used.</p>
      </header>
      {/* Accounts from before the age check are asked once, here, before they talk with their twin (issue 33). */}
      <TwinStatusCard />
      <PeopleCard />
      <section aria-labelledby="twin-chat-heading" className="grid min-w-0 gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
        <div>
          <h2 id="twin-chat-heading" className="flex items-center gap-2 text-xl font-semibold">
            <MessagesSquare aria-hidden="true" className="h-5 w-5 text-brand" />
            Consciousness Validation Chat
          </h2>
          <p className="mt-1 text-sm text-muted">
            Does it sound like you? Rate each answer with a thumb up or down. {groundingExplanation} <FormulaLink topic="groundingScore" />
          </p>
        </div>
        {/* Mounted once the history is here: the chat starts from it (a later refetch does not restart the chat). */}
        {history.data ? (
          <OwnerChat history={history.data.messages} />
        ) : history.isError ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4">
            <p className="text-red-800">{twinMessages.historyFailed}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void history.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <Spinner label="Loading conversation history…" />
        )}
      </section>
      <TwinLaboratory />
    </div>
  );
}

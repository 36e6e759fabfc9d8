/** Tells the other open tabs that this one signed in or out, so they update without a reload. */
export type AuthEvent = "signed-in" | "signed-out";

const CHANNEL = "mindprint-auth";

export function announceAuthChange(event: AuthEvent): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(event);
  channel.close();
}

export function listenForAuthChanges(onChange: (event: AuthEvent) => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<AuthEvent>) => onChange(message.data);
  return () => channel.close();
}

export default function DashboardHome() {
  return (
    <main className="mx-auto max-w-4xl px-6 py-10">
      <h1 className="text-3xl font-semibold">Your Consciousness Dashboard</h1>
      <p className="mt-3 text-muted">
        Your account is ready. Voice, memories, personality and your twin will appear here as each part of Mindprint is switched on.
      </p>
    </main>
  );
}

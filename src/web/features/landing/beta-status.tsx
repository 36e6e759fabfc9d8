/** The beta status card. These are declared project milestones from the spec, not measured figures. */
export function BetaStatus() {
  const progress = 85;
  return (
    <section aria-labelledby="beta-heading" className="mx-auto mt-10 max-w-md rounded-2xl border border-stone-200 bg-white p-6 text-left shadow-sm">
      <h2 id="beta-heading" className="text-lg font-semibold">
        Beta status
      </h2>
      <div className="mt-3 flex items-center justify-between text-sm">
        <span>Development progress</span>
        <span className="font-semibold">{progress}%</span>
      </div>
      <div role="progressbar" aria-label="Development progress" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} className="mt-2 h-2 rounded-full bg-stone-200">
        <div className="h-full rounded-full bg-brand" style={{ width: `${progress}%` }} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
        <dt className="text-muted">Market status</dt>
        <dd className="text-right font-medium">Early Access</dd>
        <dt className="text-muted">Platform status</dt>
        <dd className="text-right font-medium">Private Beta</dd>
      </dl>
    </section>
  );
}

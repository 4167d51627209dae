/** Two hall cards' worth of grey while the halls (or their code) load: nothing moves when they come. */
export function VenueListPlaceholder({ label }: { label: string }) {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-label={label}>
      {[0, 1].map((i) => (
        <div key={i} className="animate-pulse overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200/70">
          <div className="aspect-[16/9] bg-sand-100" />
          <div className="space-y-3 p-5">
            <div className="h-6 w-1/2 rounded bg-sand-100" />
            <div className="h-4 w-1/3 rounded bg-sand-100" />
            <div className="h-16 rounded bg-sand-100" />
          </div>
        </div>
      ))}
    </div>
  );
}

import { Bone } from './bone';

/** The shape of the screen while the catalogue loads: the tabs, the cards and the panel. */
export function ReportsSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4">
      <span role="status" className="sr-only">
        Loading reports...
      </span>
      <Bone className="h-10 w-full max-w-md" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="space-y-3">
          {[0, 1, 2, 3].map((n) => (
            <Bone key={n} className="h-24" />
          ))}
        </div>
        <Bone className="h-80" />
      </div>
    </div>
  );
}

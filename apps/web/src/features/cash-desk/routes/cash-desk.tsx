import ComingLater from '@/app/routes/coming-later';

export default function Page() {
  return <ComingLater title="Coming soon" />;
}

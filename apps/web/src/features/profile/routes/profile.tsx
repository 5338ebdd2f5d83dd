import { displayName, MSG } from '@schoolledger/domain';
import { KeyRound } from 'lucide-react';
import { ErrorBanner, LoadingState, PageHeader } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useProfile } from '../api/get-profile';
import { ChangePasswordCard } from '../components/change-password-card';
import { PersonalInfoCard } from '../components/personal-info-card';
import { PictureCard } from '../components/picture-card';

export default function ProfilePage() {
  const user = useAuthStore((state) => state.user);
  const profile = useProfile();
  if (!user) return <LoadingState />;

  return (
    <div className="space-y-6">
      <PageHeader title="Your Profile" description="Manage your picture, personal details and password." />
      {user.mustChangePassword && (
        <div
          role="alert"
          className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <KeyRound className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">Set a new password to continue</p>
            <p>
              Your account was given a temporary password. Choose your own below before using the rest of SchoolLedger.
            </p>
          </div>
        </div>
      )}
      {profile.isError && <ErrorBanner>{MSG.profileLoadFailed}</ErrorBanner>}
      <PictureCard user={user} name={displayName(user)} />
      <div className="grid gap-6 xl:grid-cols-2">
        <PersonalInfoCard user={user} />
        <ChangePasswordCard />
      </div>
    </div>
  );
}

import { displayName, MSG } from '@schoolledger/domain';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { QueryState } from '@/components/query-state';
import { LoadingState, PageHeader } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useProfile } from '../api/get-profile';
import { ChangePasswordCard } from '../components/change-password-card';
import { PersonalInfoCard } from '../components/personal-info-card';
import { PhoneMessagesCard } from '../components/phone-messages-card';
import { PictureCard } from '../components/picture-card';
import { YourDataCard } from '../components/your-data-card';

const DASHBOARD_PATH = '/dashboard';

/** Once a required password change is done, the rest of the app opens: take the user there. */
function useLeaveWhenPasswordChanged(mustChangePassword: boolean) {
  const navigate = useNavigate();
  const wasRequired = useRef(mustChangePassword);
  useEffect(() => {
    if (mustChangePassword) wasRequired.current = true;
    else if (wasRequired.current) navigate(DASHBOARD_PATH, { replace: true });
  }, [mustChangePassword, navigate]);
}

export default function ProfilePage() {
  const user = useAuthStore((state) => state.user);
  const profile = useProfile();
  useLeaveWhenPasswordChanged(user?.mustChangePassword ?? false);
  if (!user) return <LoadingState />;

  // The server refuses every other call until the password is replaced (403), so the page offers
  // nothing else meanwhile.
  if (user.mustChangePassword) {
    return (
      <div className="space-y-6">
        <PageHeader title="Set a new password" description="Choose your own password to start using SchoolLedger." />
        <div
          role="alert"
          className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <KeyRound className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{MSG.passwordChangeRequired}</p>
            <p>
              Your account was given a temporary password. Choose your own below; the current one is the password you
              just signed in with.
            </p>
          </div>
        </div>
        <ChangePasswordCard />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Your Profile"
        description="Manage your picture, personal details and password, and take a copy of your data."
      />
      {/* The cards show the session's copy of the user at once; only a failed refresh of it is said, with Retry. */}
      <QueryState query={profile} loading={null} errorTitle={MSG.profileLoadFailed}>
        {() => null}
      </QueryState>
      <PictureCard user={user} name={displayName(user)} />
      <div className="grid gap-6 xl:grid-cols-2">
        <PersonalInfoCard user={user} />
        <ChangePasswordCard />
      </div>
      <PhoneMessagesCard />
      <YourDataCard />
    </div>
  );
}

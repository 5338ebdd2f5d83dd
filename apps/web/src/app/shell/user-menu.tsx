import { displayName, initials } from '@schoolledger/domain';
import { LogOut, Settings, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { useAuthStore } from '@/lib/auth';
import { Avatar } from './avatar';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 dark:text-slate-300 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

export function UserMenu() {
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();
  if (!user) return null;

  async function signOut() {
    await logout();
    navigate('/login', { replace: true });
  }

  // The name starts with what the button shows (the initials, unless a photo), so a person
  // using speech input can say what they see; the menu takes the same name.
  const label = `${user.profile.profilePicture ? '' : `${initials(user)}: `}Account menu of ${displayName(user)}`;

  return (
    // Not modal: a modal menu hides the page with aria-hidden while its buttons stay focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
      >
        <Avatar user={user} className="size-9 text-sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{displayName(user)}</p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => navigate('/profile')}>
            <User className="size-4" aria-hidden="true" />
            Your Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={() => navigate('/settings')}>
            <Settings className="size-4" aria-hidden="true" />
            Settings
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item className={itemClasses} onSelect={signOut}>
            <LogOut className="size-4" aria-hidden="true" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
